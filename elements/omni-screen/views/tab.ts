import { html } from 'lit';
import type { NodeView } from './view.js';
import { nodes } from './parts.js';

/** Tab(label, children): the content of one tab. Its label is drawn by its Tabs, in the tab list. */
export const tab: NodeView = {
  render(node, screen) {
    return html`<div class="tab-content">${nodes(screen, node)}</div>`;
  },
};
