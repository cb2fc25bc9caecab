// Models asked for bare lines still like to wrap them in a Markdown fence. A line that is only a fence (``` or
// ```omni-ir) can never be Omni-IR, so it is dropped instead of reaching the parser as a syntax error. Everything
// else passes through unchanged, as soon as it can't be the start of a fence, so the screen still streams.

const FENCE = /^[ \t]*```[A-Za-z0-9_+.-]*[ \t]*\r?$/;
/** The start of a line that could still turn out to be a fence. */
const MAYBE = /^[ \t]*(`{1,3}[A-Za-z0-9_+.-]*[ \t]*\r?)?$/;

/** Yields the text of `chunks` (an async iterable of strings) without its fence lines. */
export async function* stripFences(chunks) {
  let held = '';
  let lineStart = true;
  for await (const chunk of chunks) {
    let out = '';
    let i = 0;
    while (i < chunk.length) {
      const nl = chunk.indexOf('\n', i);
      const end = nl < 0 ? chunk.length : nl + 1;
      if (!lineStart) {
        out += chunk.slice(i, end);
      } else {
        held += chunk.slice(i, nl < 0 ? end : nl);
        if (nl >= 0) {
          if (!FENCE.test(held)) out += `${held}\n`;
          held = '';
        } else if (!MAYBE.test(held)) {
          out += held;
          held = '';
          lineStart = false;
        }
      }
      if (nl >= 0) lineStart = true;
      i = end;
    }
    if (out) yield out;
  }
  if (held && !FENCE.test(held)) yield held;
}
