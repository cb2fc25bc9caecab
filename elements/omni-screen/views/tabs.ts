import { css, html } from 'lit';
import type { NodeView } from './view.js';
import { child, streamText } from './parts.js';
import { domId, type ScreenContext } from '../screenContext.js';
import { tabsTemplate } from '../../shared/screen/tabs.js';

/**
 * Tabs(children): a tab list drawn from its Tabs' labels, with roving tabindex and arrow, Home and End keys: the
 * shared tab list (`elements/shared/screen/tabs.ts`). The open tab survives the stream growing and updates
 * ([8] Tables and tabs, [8.8]); a field inside a closed tab that a press failed on opens it ([8.6]).
 */
export const tabs: NodeView = {
  render: (node, screen, host) =>
    tabsTemplate({ host, ids: node.children, domId, label: (id) => label(screen, id), panel: (id) => html`<omni-node .nodeId=${id} .screen=${screen}></omni-node>` }),
};

/** A tab's label: its Tab's `label` prop, or what stands in while the Tab is pending or missing. */
function label(screen: ScreenContext, id: string): string {
  const t = child(screen, id, 'Tab');
  return t === 'pending' ? screen.words.loading : t === 'missing' ? screen.words.missing : streamText(String(t.props['label'] ?? ''));
}

export const tabsStyles = css`
  /* The tab list, its tabs and panels: the shared tabs (elements/shared/screen/viewStyles.ts). */
  .tab { white-space: nowrap; }
`;
