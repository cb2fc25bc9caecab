import { css, html } from 'lit';
import { fill } from '../../../strings/en.js';
import type { NodeView } from './view.js';
import { numberProp } from './parts.js';
import { formatNumber } from '../format.js';

/** Rating(value, max): stars for the eye, "Rated 4 out of 5" as text for assistive technology. */
export const rating: NodeView = {
  render(node, screen) {
    const max = typeof node.props['max'] === 'number' ? Math.min(10, Math.max(1, Math.trunc(node.props['max']))) : 5;
    const raw = numberProp(screen, node.props['value']) ?? 0;
    const value = Math.min(max, Math.max(0, raw));
    const full = Math.round(value);
    const label = fill(screen.words.rating, { value: formatNumber(raw, screen.locale), max: formatNumber(max, screen.locale) });
    const stars = Array.from({ length: max }, (_, i) => i < full);
    return html`<span class="rating" part="rating">
      <span class="rating-stars" aria-hidden="true">${stars.map((on) => html`<span class=${on ? 'star on' : 'star'}>${on ? '★' : '☆'}</span>`)}</span>
      <span class="visually-hidden">${label}</span>
    </span>`;
  },
};

export const ratingStyles = css`
  .rating { display: inline-flex; align-items: center; }
  .rating-stars { letter-spacing: 0.1em; color: var(--_muted-text); }
  .rating-stars .star.on { color: var(--_warning); }
`;
