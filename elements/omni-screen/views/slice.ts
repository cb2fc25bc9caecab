import { html } from 'lit';
import type { NodeView } from './view.js';
import { streamText } from './parts.js';

/**
 * Slice(name, value). A PieChart gathers its Slices itself; this view only runs for a Slice outside a chart (a
 * stream error) and shows its data as text.
 */
export const slice: NodeView = {
  render(node) {
    // The name is its own run (<bdi>), so right-to-left text in it can't reorder the value after it.
    return html`<p class="text"><bdi>${streamText(String(node.props['name'] ?? ''))}</bdi>: ${String(node.props['value'] ?? '')}</p>`;
  },
};
