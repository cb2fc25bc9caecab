import { html } from 'lit';
import type { NodeView } from './view.js';
import { listProp, streamText } from './parts.js';

/**
 * Series(name, values). A chart gathers its Series' data itself; this view only runs for a Series outside a
 * chart (a stream error) and shows its data as text.
 */
export const series: NodeView = {
  render(node) {
    const values = listProp(node.props['values']).map((v) => String(v));
    // The name is its own run (<bdi>), so right-to-left text in it can't reorder the values after it.
    return html`<p class="text"><bdi>${streamText(String(node.props['name'] ?? ''))}</bdi>: ${values.join(', ')}</p>`;
  },
};
