/**
 * Fills `{name}` placeholders in one pass. Values are inserted as plain text: a value that itself contains
 * `{other}` is not filled again, and nothing else in the template is read as formatting. Every sentence the
 * elements build from replaceable words (strings/) and every confirmation sentence goes through here.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) break;
    const close = template.indexOf('}', open + 1);
    if (close === -1) break;
    const name = template.slice(open + 1, close);
    if (Object.prototype.hasOwnProperty.call(values, name)) {
      out += template.slice(i, open) + String(values[name]);
    } else {
      out += template.slice(i, close + 1);
    }
    i = close + 1;
  }
  return out + template.slice(i);
}
