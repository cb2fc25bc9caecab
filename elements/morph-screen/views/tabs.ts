import { css, html, type TemplateResult } from 'lit';
import { fill } from '../../../strings/en.js';
import { tabsTemplate } from '../../shared/screen/tabs.js';
import { domId, type MorphContext, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr } from './parts.js';

/**
 * Tabs: a tab list made from its children's `label` (or `title`), with roving tabindex and the arrow, Home and
 * End keys: the shared tab list (`elements/shared/screen/tabs.ts`). Which tab is open is the reader's choice,
 * kept on the node's element so it survives the stream growing. Switching sends nothing.
 */
export const tabs: NodeView = {
  render: (node, screen, host) =>
    tabsTemplate({ host, ids: node.children, domId, label: (id, i) => label(screen, id, i), panel: (id) => html`<morph-node .nodeId=${id} .screen=${screen}></morph-node>` }),
};

/** A tab's label: its child's `label`, `title` or `name`, or "Tab n". */
function label(screen: MorphContext, id: string, i: number): TemplateResult {
  const tab = screen.doc.node(id);
  return html`<bdi>${(tab && firstAttr(tab.attrs, ['label', 'title', 'name'])) || fill(screen.words.tabNumber, { n: i + 1 })}</bdi>`;
}

/** Tab: its content (the label is the Tabs' business). */
export const tab: NodeView = {
  render(node, screen, host) {
    return html`<div class="tab-body">${body(node, screen, host)}</div>`;
  },
};

export const tabsStyles = css`
  /* The tab list, its tabs and panels: the shared tabs (elements/shared/screen/viewStyles.ts). */
  .tab-body { display: flex; flex-direction: column; gap: var(--_space-3); }
`;
