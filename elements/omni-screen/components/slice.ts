import { html } from 'lit';
import type { NodeView } from './view.js';

/**
 * Slice(name, value). A PieChart gathers its Slices itself; this view only runs for a Slice outside a chart (a
 * stream error) and shows its data as text.
 */
export const slice: NodeView = {
  render(node) {
    return html`<p class="text">${String(node.props['name'] ?? '')}: ${String(node.props['value'] ?? '')}</p>`;
  },
};
