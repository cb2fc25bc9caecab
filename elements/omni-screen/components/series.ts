import { html } from 'lit';
import type { NodeView } from './view.js';
import { listProp } from './parts.js';

/**
 * Series(name, values). A chart gathers its Series' data itself; this view only runs for a Series outside a
 * chart (a stream error) and shows its data as text.
 */
export const series: NodeView = {
  render(node) {
    const values = listProp(node.props['values']).map((v) => String(v));
    return html`<p class="text">${String(node.props['name'] ?? '')}: ${values.join(', ')}</p>`;
  },
};
