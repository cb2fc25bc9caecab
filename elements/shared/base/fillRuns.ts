/**
 * `fill()` for a sentence drawn in a template, with each value in its own `<bdi>`: a value that came from a stream
 * (a picture's alt text, a chart's title) is its own bidirectional run, so right-to-left text in it can't reorder
 * the renderer's words around it (in any language the app's words are in). Values are text, as with `fill()`.
 */
import { html, type TemplateResult } from 'lit';

export function fillRuns(template: string, values: Readonly<Record<string, string | number>>): TemplateResult[] {
  const out: TemplateResult[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) break;
    const close = template.indexOf('}', open + 1);
    if (close === -1) break;
    const name = template.slice(open + 1, close);
    if (Object.prototype.hasOwnProperty.call(values, name)) {
      out.push(html`${template.slice(i, open)}<bdi>${String(values[name])}</bdi>`);
    } else {
      out.push(html`${template.slice(i, close + 1)}`);
    }
    i = close + 1;
  }
  out.push(html`${template.slice(i)}`);
  return out;
}
