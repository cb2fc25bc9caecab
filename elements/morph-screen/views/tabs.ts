import { css, html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { RevealEvent } from '../../shared/controllers/focus.js';
import { rovingIndex } from '../../shared/base/rovingKeys.js';
import { fill } from '../../../strings/en.js';
import { domId, type NodeHost, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr } from './parts.js';

const OPEN = 'tabs:open';

/**
 * Tabs: a tab list made from its children's `label` (or `title`), with roving tabindex and the arrow, Home and
 * End keys. Which tab is open is the reader's choice, kept on the node's element so it survives the stream
 * growing; until the reader picks, the first is open. Every panel stays in the DOM (closed ones hidden), so
 * nothing in a tab starts over when it is switched. Switching sends nothing.
 */
export const tabs: NodeView = {
  render(node, screen, host) {
    const ids = node.children;
    const picked = host.local.get(OPEN);
    const open = typeof picked === 'string' && ids.includes(picked) ? picked : ids[0];
    const choose = (id: string, focus: boolean) => {
      host.local.set(OPEN, id);
      host.requestUpdate();
      if (focus) void host.updateComplete.then(() => host.querySelector<HTMLElement>(`[id="${domId.tab(id)}"]`)?.focus());
    };
    const onKey = (e: KeyboardEvent) => {
      const next = rovingIndex(e, open === undefined ? -1 : ids.indexOf(open), ids.length);
      if (next !== null) choose(ids[next]!, true);
    };
    const label = (id: string, i: number) => {
      const tab = screen.doc.node(id);
      return (tab && firstAttr(tab.attrs, ['label', 'title', 'name'])) || fill(screen.words.tabNumber, { n: i + 1 });
    };
    return html`<div class="tabs" part="tabs">
      <div class="tab-list" role="tablist" @keydown=${onKey}>
        ${repeat(
          ids,
          (id) => id,
          (id, i) => html`<button
            type="button"
            role="tab"
            class="tab"
            part="tab"
            id=${domId.tab(id)}
            aria-selected=${id === open ? 'true' : 'false'}
            aria-controls=${domId.panel(id)}
            tabindex=${id === open ? '0' : '-1'}
            @click=${() => choose(id, false)}
          ><bdi>${label(id, i)}</bdi></button>`,
        )}
      </div>
      ${repeat(
        ids,
        (id) => id,
        (id) => html`<div
          class="tab-panel"
          role="tabpanel"
          id=${domId.panel(id)}
          aria-labelledby=${domId.tab(id)}
          tabindex="0"
          ?hidden=${id !== open}
          @ae-reveal=${(e: RevealEvent) => reveal(e, host, id)}
        ><morph-node .nodeId=${id} .screen=${screen}></morph-node></div>`,
      )}
    </div>`;
  },
};

/** Tab: its content (the label is the Tabs' business). */
export const tab: NodeView = {
  render(node, screen, host) {
    return html`<div class="tab-body">${body(node, screen, host)}</div>`;
  },
};

/** Something in a closed tab must be shown (a field a send needs): open that tab, and say when drawn. */
function reveal(e: RevealEvent, host: NodeHost, id: string): void {
  if (host.local.get(OPEN) === id) return;
  host.local.set(OPEN, id);
  host.requestUpdate();
  e.waits.push(host.updateComplete);
}

export const tabsStyles = css`
  .tabs { display: flex; flex-direction: column; gap: var(--_space-3); min-width: 0; }
  .tab-list { display: flex; gap: var(--_space-1); border-block-end: 1px solid var(--_border); flex-wrap: wrap; }
  .tab {
    font: inherit;
    background: none;
    color: var(--_muted-text);
    border: 0;
    border-block-end: 2px solid transparent;
    padding: var(--_space-2) var(--_space-3);
    cursor: pointer;
  }
  .tab[aria-selected='true'] { color: var(--_text); border-block-end-color: var(--_accent); font-weight: 600; }
  .tab-panel[hidden] { display: none; }
  .tab-body { display: flex; flex-direction: column; gap: var(--_space-3); }
`;
