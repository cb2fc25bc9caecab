/**
 * The tab list both screens draw (an Omni-IR Tabs, an answer's Tabs): one tab per child, roving tabindex with the
 * arrow, Home and End keys, and every panel kept in the DOM (closed ones hidden), so nothing inside a tab starts
 * over when it is switched. Which tab is open is the person's choice, kept on the node's element so it survives
 * the stream growing and updates; until they pick, the first is open. Something inside a closed tab that must be
 * shown (a field a press or a send needs) opens its tab first. Printed, every panel shows, under its tab's name.
 */
import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { NodeHost } from '../base/nodeHost.js';
import { rovingIndex } from '../base/rovingKeys.js';
import type { RevealEvent } from '../controllers/focus.js';

const OPEN = 'tabs:open';

/** What a screen's Tabs view gives the shared tab list. */
export interface TabsDrawing {
  /** The Tabs node's element: where the open tab is kept. */
  readonly host: NodeHost;
  /** The tabs' node ids, in order. */
  readonly ids: readonly string[];
  /** The DOM ids of a tab's button and panel (unique in the screen's shadow root). */
  readonly domId: { tab(id: string): string; panel(id: string): string };
  /** What a tab's button says. */
  label(id: string, index: number): unknown;
  /** What a tab's panel holds: its node element. */
  panel(id: string): unknown;
}

export function tabsTemplate(d: TabsDrawing): TemplateResult {
  const { host, ids } = d;
  const picked = host.local.get(OPEN);
  const open = typeof picked === 'string' && ids.includes(picked) ? picked : ids[0];
  const choose = (id: string, focus: boolean) => {
    host.local.set(OPEN, id);
    host.requestUpdate();
    if (focus) void host.updateComplete.then(() => host.querySelector<HTMLElement>(`[id="${d.domId.tab(id)}"]`)?.focus());
  };
  const onKey = (e: KeyboardEvent) => {
    const next = rovingIndex(e, open === undefined ? -1 : ids.indexOf(open), ids.length);
    if (next !== null) choose(ids[next]!, true);
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
          id=${d.domId.tab(id)}
          aria-selected=${id === open ? 'true' : 'false'}
          aria-controls=${d.domId.panel(id)}
          tabindex=${id === open ? '0' : '-1'}
          @click=${() => choose(id, false)}
        >${d.label(id, i)}</button>`,
      )}
    </div>
    ${repeat(
      ids,
      (id) => id,
      // The name before each panel shows only on paper (where there is no tab list), outside the panel's own text.
      (id, i) => html`<div class="tab-print-name" aria-hidden="true">${d.label(id, i)}</div><div
        class="tab-panel"
        role="tabpanel"
        id=${d.domId.panel(id)}
        aria-labelledby=${d.domId.tab(id)}
        tabindex="0"
        ?hidden=${id !== open}
        @ae-reveal=${(e: RevealEvent) => reveal(e, host, id)}
      >${d.panel(id)}</div>`,
    )}
  </div>`;
}

/** Something in a closed tab must be shown: open that tab, and say when it is drawn. */
function reveal(e: RevealEvent, host: NodeHost, id: string): void {
  if (host.local.get(OPEN) === id) return;
  host.local.set(OPEN, id);
  host.requestUpdate();
  e.waits.push(host.updateComplete);
}
