import { css, html, nothing } from 'lit';
import { Signal } from '../../shared/base/signals.js';
import { checklistAction, type ChecklistData, type ChecklistState } from '../../../src/ops/index.js';
import { fill } from '../../../strings/en.js';
import { domId, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr, settled, standIn } from './parts.js';
import { inline, scope } from './spans.js';

/**
 * Checklist: its items as checkboxes, ticked as the stream marked them until the person (or the app, through
 * state) changes them. Each tick changes its state and sends the state action (no model turn).
 */
export const checklist: NodeView = {
  render(node, screen, host) {
    if (node.dataKind !== 'checklist') {
      if (settled(node, screen) && !node.refused && node.children.length > 0) return body(node, screen, host);
      return standIn(node, screen);
    }
    const checks = (node.data as ChecklistData).checks;
    const done = new Set((screen.states.get(node.id) as ChecklistState | null)?.done ?? []);
    const title = firstAttr(node.attrs, ['title', 'label']);
    const at = scope(screen, node.id, host);
    const titleId = domId.title(node.id);
    const toggle = (i: number, on: boolean) => {
      // Read now, not when drawn: two ticks may come before the next draw.
      const next = new Set(Signal.subtle.untrack(() => (screen.states.get(node.id) as ChecklistState | null)?.done ?? []));
      if (on) next.add(i);
      else next.delete(i);
      const list = [...next];
      const r = screen.states.set(node.id, { done: list });
      if (!r.ok) return;
      screen.stateChanged(node.id);
      screen.act(checklistAction(node, list));
    };
    return html`<section class="checklist framed" part="checklist" aria-labelledby=${title ? titleId : nothing}>
      ${title ? html`<div class="card-title" id=${titleId} dir="auto">${title}</div>` : nothing}
      <ul class="checks">
        ${checks.map(
          (c, i) => html`<li>
            <label class="choice-row">
              <input type="checkbox" .checked=${done.has(i)} @change=${(e: Event) => toggle(i, (e.currentTarget as HTMLInputElement).checked)} />
              <bdi class=${done.has(i) ? 'check-done' : ''}>${inline(c.c, at)}</bdi>
            </label>
          </li>`,
        )}
      </ul>
      <p class="field-note">${fill(screen.words.checklistProgress, { done: done.size, total: checks.length })}</p>
    </section>`;
  },
};

export const checklistStyles = css`
  .checklist { gap: var(--_space-2); }
  .checks { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--_space-2); }
  .check-done { color: var(--_muted-text); text-decoration: line-through; }
`;
