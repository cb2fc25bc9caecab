/**
 * Fills `{name}` placeholders in one pass. Values are inserted as plain text: a value that itself contains
 * `{other}` is not filled again, and nothing else in the template is read as formatting. Every sentence the
 * elements build from replaceable words (strings/) and every confirmation sentence goes through here.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return fillPieces(template, values)
    .map((p) => (typeof p === 'string' ? p : p.value))
    .join('');
}

/** A filled value, kept apart from the template's own words (so a renderer can isolate it). */
export interface FilledValue {
  readonly name: string;
  readonly value: string;
}

/**
 * The template cut into its own words (strings) and the values filled in (objects), in order: what `fill()`
 * joins, and what a renderer draws when each value must be its own run of text.
 */
export function fillPieces(template: string, values: Readonly<Record<string, string | number>> = {}): (string | FilledValue)[] {
  const out: (string | FilledValue)[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) break;
    const close = template.indexOf('}', open + 1);
    if (close === -1) break;
    const name = template.slice(open + 1, close);
    if (Object.prototype.hasOwnProperty.call(values, name)) {
      if (open > i) out.push(template.slice(i, open));
      out.push({ name, value: String(values[name]) });
    } else {
      out.push(template.slice(i, close + 1));
    }
    i = close + 1;
  }
  if (i < template.length) out.push(template.slice(i));
  return out;
}
