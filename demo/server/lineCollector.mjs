// Collects pieces of text into complete lines for transports that carry a screen line by line (AG-UI, [10.18]).
// A line ends at LF; a CR right before it is part of the ending ([3.2]). Memory is bounded: past `maxLength`
// code units the rest of a line is not kept, so the client still receives a line too long to accept and reports
// it, without the server holding whatever a model writes on one line.

export function createLineCollector(onLine, { maxLength = 16_384 } = {}) {
  let pieces = [];
  let held = 0;
  const keep = (text) => {
    if (held > maxLength || text.length === 0) return;
    const room = maxLength + 1 - held;
    const kept = text.length > room ? text.slice(0, room) : text;
    pieces.push(kept);
    held += kept.length;
  };
  const emit = () => {
    let line = pieces.join('');
    pieces = [];
    held = 0;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    onLine(line);
  };
  return {
    push(text) {
      let start = 0;
      for (let lf = text.indexOf('\n'); lf !== -1; lf = text.indexOf('\n', start)) {
        keep(text.slice(start, lf));
        emit();
        start = lf + 1;
      }
      keep(text.slice(start));
    },
    /** The stream ended: a last line without a line ending is still a line ([3.4]). */
    end() {
      if (pieces.length > 0) emit();
    },
  };
}
