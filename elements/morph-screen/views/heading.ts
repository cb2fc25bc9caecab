import { css, html, type TemplateResult } from 'lit';
import { headingLevel } from '../../../src/ops/index.js';
import type { NodeView } from '../screenContext.js';
import { scope, spans } from './spans.js';

/**
 * h: a heading at the level the stream gave (1–6); another level is drawn at the format's default
 * (`headingLevel`: the nearest of 1–6, else 2), as the document's warning said.
 */
export const heading: NodeView = {
  render(node, screen, host) {
    const content = spans(node.spans, scope(screen, node.id, host));
    return level(headingLevel(node.attrs), content);
  },
};

function level(n: number, c: unknown): TemplateResult {
  switch (n) {
    case 1:
      return html`<h1 class="prose h1" dir="auto">${c}</h1>`;
    case 2:
      return html`<h2 class="prose h2" dir="auto">${c}</h2>`;
    case 3:
      return html`<h3 class="prose h3" dir="auto">${c}</h3>`;
    case 4:
      return html`<h4 class="prose h4" dir="auto">${c}</h4>`;
    case 5:
      return html`<h5 class="prose h5" dir="auto">${c}</h5>`;
    default:
      return html`<h6 class="prose h6" dir="auto">${c}</h6>`;
  }
}

export const headingStyles = css`
  .h1, .h2, .h3, .h4, .h5, .h6 { margin: var(--_space-2) 0 0; line-height: 1.25; font-weight: 650; }
  .h1 { font-size: calc(var(--_font-size-xl) * 1.2); }
  .h2 { font-size: var(--_font-size-xl); }
  .h3 { font-size: var(--_font-size-lg); }
  .h4, .h5, .h6 { font-size: var(--_font-size); }
`;
