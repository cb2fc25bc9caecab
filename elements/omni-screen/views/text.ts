import { css, html } from 'lit';
import type { NodeView } from './view.js';
import { display, oneOf, streamText } from './parts.js';
import { formatCurrency, formatDate } from '../format.js';

/** Text(text, format, currency, tone): a paragraph; money and dates formatted in the element's locale. */
export const textView: NodeView = {
  render(node, screen) {
    const value = screen.value(node.props['text']);
    const format = oneOf(node.props['format'], ['plain', 'currency', 'date'], 'plain');
    const tone = oneOf(node.props['tone'], ['default', 'muted', 'strong'], 'default');
    let shown = display(screen, value);
    if (format === 'currency' && (typeof value === 'number' || typeof value === 'string')) {
      const currency = typeof node.props['currency'] === 'string' ? node.props['currency'] : 'USD';
      shown = formatCurrency(value, currency, screen.locale);
    } else if (format === 'date' && typeof value === 'string') {
      shown = formatDate(value, screen.locale);
    }
    // Formatting may give back the stream's own text (a date that isn't one): shown without direction controls.
    return html`<p class="text tone-${tone}">${streamText(shown)}</p>`;
  },
};

export const textStyles = css`
  .text {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  .text.tone-muted { color: var(--_muted-text); }
  .text.tone-strong { font-weight: 650; }
`;
