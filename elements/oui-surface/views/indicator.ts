/**
 * The indicator's default look: one line per request an agent has in flight, in words, with a progress bar
 * for an async action that said how far it is, and a Stop button; the requests waiting to be asked behind the
 * open question are one line that counts them. Hidden (taking no room) while idle. It sits in the `indicator`
 * slot, so an app that puts its own element there replaces it. It is the package's own UI (ownUi.ts): what an
 * agent is doing is said to the person, never shown to an agent observing the page.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { fill } from '../../../src/actions/index.js';
import type { Strings } from '../../../strings/en.js';
import type { Activity } from '../controllers/activity.js';
import { ownUi } from '../../shared/base/ownUi.js';
import { activityRuns, shownDescription } from './activityWords.js';

export function indicatorView(list: readonly Activity[], w: Strings, stop: (requestId: string, button: HTMLButtonElement) => void): TemplateResult {
  const shown = list.filter((a) => a.phase !== 'queued');
  const waiting = list.length - shown.length;
  return html`<div class="indicator" part="indicator" role="group" aria-label=${w.ouiIndicatorLabel} ?hidden=${list.length === 0} ${ownUi()}>
    <ul class="activities">
      ${repeat(
        shown,
        (a) => a.request.requestId,
        (a) => {
          const description = shownDescription(a.action);
          return html`<li class="activity" part="activity" data-phase=${a.phase}>
            <span class="pulse" aria-hidden="true"></span>
            <span class="activity-text" part="activity-text">${activityRuns(a, w)}</span>
            ${a.phase === 'progress' && a.progress !== undefined
              ? html`<progress part="progress" max="100" .value=${a.progress} aria-label=${fill(w.ouiProgressLabel, { description })}></progress>`
              : nothing}
            ${a.phase === 'confirm'
              ? nothing
              : html`<button
                  type="button"
                  class="stop"
                  part="stop"
                  data-request=${a.request.requestId}
                  aria-label=${fill(w.ouiStopLabel, { description })}
                  @click=${(e: Event) => stop(a.request.requestId, e.currentTarget as HTMLButtonElement)}
                >
                  ${w.ouiStop}
                </button>`}
          </li>`;
        },
      )}
      ${waiting > 0
        ? html`<li class="activity" part="activity waiting" data-phase="queued">
            <span class="pulse" aria-hidden="true"></span>
            <span class="activity-text">${waiting === 1 ? w.ouiWaitingOne : fill(w.ouiWaitingMany, { count: waiting })}</span>
          </li>`
        : nothing}
    </ul>
  </div>`;
}
