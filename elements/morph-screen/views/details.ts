import { css, html } from 'lit';
import type { RevealEvent } from '../../shared/controllers/focus.js';
import { attrFlag } from '../../../src/ops/index.js';
import type { NodeHost, NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr } from './parts.js';

const OPEN = 'details:open';

/**
 * Details: a native disclosure (`summary`, else `title`, names it; `open` starts it open). Whether it is open
 * is the reader's, kept on the node's element so it survives redraws; opening sends nothing.
 */
export const details: NodeView = {
  render(node, screen, host) {
    const summary = firstAttr(node.attrs, ['summary', 'title', 'label']) || screen.words.detailsSummary;
    const open = (host.local.get(OPEN) as boolean | undefined) ?? attrFlag(node.attrs, 'open');
    const toggled = (e: Event) => host.local.set(OPEN, (e.currentTarget as HTMLDetailsElement).open);
    return html`<details class="details" part="details" ?open=${open} @toggle=${toggled} @ae-reveal=${(e: RevealEvent) => reveal(e, host)}>
      <summary dir="auto">${summary}</summary>
      <div class="details-body">${body(node, screen, host)}</div>
    </details>`;
  },
};

/** Something inside must be shown (a field a send needs): open, and say when drawn. */
function reveal(e: RevealEvent, host: NodeHost): void {
  if (host.local.get(OPEN) === true) return;
  host.local.set(OPEN, true);
  host.requestUpdate();
  e.waits.push(host.updateComplete);
}

export const detailsStyles = css`
  .details { border: 1px solid var(--_border); border-radius: var(--_radius); padding: var(--_space-2) var(--_space-3); }
  .details summary { cursor: pointer; font-weight: 600; }
  .details-body { display: flex; flex-direction: column; gap: var(--_space-3); padding-block: var(--_space-2); }
  /* Paper can't be opened: a closed Details prints its content too. */
  @media print {
    .details::details-content { content-visibility: visible; display: block; }
  }
`;
