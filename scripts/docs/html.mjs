// Writing HTML from text: every value goes through esc(), so nothing from a manifest, a guide or a file name can
// become markup. Pages are built as strings here (at build time, in Node), never in the browser.

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content or a quoted attribute value. */
export const esc = (text) => String(text ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/**
 * A tagged template that escapes every interpolated value, except an `html` result (already safe) and arrays of
 * them (a list of rows). `raw` marks HTML this build made itself.
 */
export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

export class SafeHtml {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

function render(value) {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return esc(value);
}

/** HTML this build made itself (the Markdown renderer's checked output). */
export const raw = (text) => new SafeHtml(text);
