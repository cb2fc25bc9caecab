import { css, html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { NodeView, NodeHost } from './view.js';
import { child, streamText } from './parts.js';
import { domId } from '../screenContext.js';
import type { RevealEvent } from '../../shared/controllers/focus.js';
import { rovingIndex } from '../../shared/base/rovingKeys.js';

const OPEN = 'openTab';

/**
 * Tabs(children): a tab list drawn from its Tabs' labels, with roving tabindex and arrow, Home and End keys.
 * Which tab is open is the viewer's choice, kept on this node's element by tab id, so it survives the stream
 * growing and updates ([8] Tables and tabs, [8.8]); until the viewer picks, the first tab is open. Every panel
 * stays in the DOM (closed ones hidden), so nothing inside a tab restarts when it is switched.
 */
export const tabs: NodeView = {
  render(node, screen, host) {
    const ids = node.children;
    const picked = host.local.get(OPEN);
    const open = typeof picked === 'string' && ids.includes(picked) ? picked : ids[0];
    const open$ = (id: string, focus: boolean) => {
      host.local.set(OPEN, id);
      host.requestUpdate();
      if (focus) void host.updateComplete.then(() => host.querySelector<HTMLElement>(`#${domId.tab(id)}`)?.focus());
    };
    const onKey = (e: KeyboardEvent) => {
      const next = rovingIndex(e, open === undefined ? -1 : ids.indexOf(open), ids.length);
      if (next !== null) open$(ids[next]!, true);
    };
    return html`<div class="tabs" part="tabs">
      <div class="tab-list" role="tablist" @keydown=${onKey}>
        ${repeat(
          ids,
          (id) => id,
          (id) => {
            const t = child(screen, id, 'Tab');
            const label =
              t === 'pending' ? screen.words.loading : t === 'missing' ? screen.words.missing : streamText(String(t.props['label'] ?? ''));
            const selected = id === open;
            return html`<button
              type="button"
              role="tab"
              class="tab"
              part="tab"
              id=${domId.tab(id)}
              aria-selected=${selected ? 'true' : 'false'}
              aria-controls=${domId.panel(id)}
              tabindex=${selected ? '0' : '-1'}
              @click=${() => open$(id, false)}
            >
              ${label}
            </button>`;
          },
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
        >
          <omni-node .nodeId=${id} .screen=${screen}></omni-node>
        </div>`,
      )}
    </div>`;
  },
};

/** A field inside a closed tab must be shown (a press failed on it, [8.6]): open the tab, and say when drawn. */
function reveal(e: RevealEvent, host: NodeHost, id: string): void {
  if (host.local.get(OPEN) === id) return;
  host.local.set(OPEN, id);
  host.requestUpdate();
  e.waits.push(host.updateComplete);
}

export const tabsStyles = css`
  .tabs { display: flex; flex-direction: column; gap: var(--_space-3); min-width: 0; }
  .tab-list {
    display: flex;
    gap: var(--_space-1);
    border-block-end: 1px solid var(--_border);
    flex-wrap: wrap;
  }
  .tab {
    font: inherit;
    background: none;
    color: var(--_muted-text);
    border: 0;
    border-block-end: 2px solid transparent;
    padding: var(--_space-2) var(--_space-3);
    cursor: pointer;
    white-space: nowrap;
  }
  .tab[aria-selected='true'] {
    color: var(--_text);
    border-block-end-color: var(--_accent);
    font-weight: 600;
  }
  .tab-panel[hidden] { display: none; }
`;
