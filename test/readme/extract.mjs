// The README's fenced code blocks, as CommonMark reads them: a line of three or more backticks or tildes opens a
// block (indented at most three spaces), the first word after it is the language and the rest of that line its
// info (```js browser), and the block ends at a fence of the same character at least as long. Each block keeps the
// line its opening fence is on, the section (the heading above it) and its place in the file, so a failure names
// the line to look at.
const OPEN = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;

/**
 * @typedef {{ index: number, line: number, endLine: number, lang: string, info: string[], code: string,
 *   section: string, where: string }} Block
 * `line`: the opening fence's line (from 1); the code starts on the next line. `info`: the words after the
 * language. `where`: "README.md:LINE", for messages.
 */

/** @returns {Block[]} */
export function extractBlocks(text, file = 'README.md') {
  const lines = text.split(/\r?\n/);
  const blocks = [];
  let section = '(top)';
  for (let i = 0; i < lines.length; i++) {
    const heading = HEADING.exec(lines[i]);
    if (heading) {
      section = heading[2];
      continue;
    }
    const open = OPEN.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, rest] = open;
    // A backtick fence's info string can't hold a backtick (that line is inline code, not a fence).
    if (fence[0] === '`' && rest.includes('`')) continue;
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !closing.test(lines[j]); j++) {
      // Content indented like the fence loses that indentation, as CommonMark says.
      body.push(lines[j].replace(new RegExp(`^ {0,${indent.length}}`), ''));
    }
    blocks.push({
      index: blocks.length,
      line: i + 1,
      endLine: Math.min(j + 1, lines.length),
      lang: lang.toLowerCase(),
      info: rest.split(/\s+/).filter(Boolean),
      code: body.length ? `${body.join('\n')}\n` : '',
      section,
      where: `${file}:${i + 1}`,
    });
    i = j;
  }
  return blocks;
}
