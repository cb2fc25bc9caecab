/**
 * `fill()` for a sentence drawn in a template, with each value in its own `<bdi>`: a value that came from a stream
 * (a picture's alt text, a chart's title) is its own bidirectional run, so right-to-left text in it can't reorder
 * the renderer's words around it (in any language the app's words are in). Values are text, as with `fill()`.
 */
import { html, type TemplateResult } from 'lit';
import { fillPieces } from '../../../src/actions/index.js';

export function fillRuns(template: string, values: Readonly<Record<string, string | number>>): TemplateResult[] {
  return fillPieces(template, values).map((p) => (typeof p === 'string' ? html`${p}` : html`<bdi>${p.value}</bdi>`));
}
