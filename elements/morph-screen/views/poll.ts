import { css, html, nothing } from 'lit';
import { Signal } from '../../shared/base/signals.js';
import { attrText, choiceOptions, voteAction, type PollState } from '../../../src/ops/index.js';
import { fill } from '../../../strings/en.js';
import { fillRuns } from '../../shared/base/fillRuns.js';
import type { NodeView } from '../screenContext.js';
import { standIn, streamText } from './parts.js';
import { scope, spans } from './spans.js';

/**
 * Poll: its question (`q`, `question` or `title`, else its spans) and its options (list data `items`, else the
 * `options` attribute split at `|`; an option written twice is one) as buttons, in a card frame. A person votes
 * once: the vote is the Poll's state and goes out as the vote action; state set by the app shows as the vote
 * and sends nothing. An option is shown without direction controls; the vote carries it as written.
 */
export const poll: NodeView = {
  render(node, screen, host) {
    const options = choiceOptions(node);
    if (options.length === 0) return standIn(node, screen, 'control');
    const vote = (screen.states.get(node.id) as PollState | null)?.vote ?? null;
    const asked = attrText(node.attrs, 'q') ?? attrText(node.attrs, 'question') ?? attrText(node.attrs, 'title');
    const choose = (option: string) => {
      // Read now, not when drawn: two taps may come before the next draw.
      if (Signal.subtle.untrack(() => (screen.states.get(node.id) as PollState | null)?.vote ?? null) !== null) return;
      const r = screen.states.set(node.id, { vote: option });
      if (!r.ok) return;
      screen.stateChanged(node.id);
      screen.act(voteAction(node, option));
      screen.announce(fill(screen.words.pollVoted, { choice: streamText(option) }));
    };
    return html`<div class="poll framed" part="poll">
      <fieldset class="poll-set">
        <legend class="question-text" dir="auto">${asked !== undefined ? streamText(asked) : spans(node.spans, scope(screen, node.id, host))}</legend>
        <ul class="choices">
          ${options.map(
            (o) => html`<li>
              <button
                type="button"
                class="choice${o === vote ? ' chosen' : ''}"
                part="choice"
                aria-pressed=${o === vote ? 'true' : 'false'}
                aria-disabled=${vote !== null ? 'true' : nothing}
                @click=${() => choose(o)}
              ><bdi class="choice-text">${streamText(o)}</bdi>${o === vote ? html`<span class="visually-hidden">(${screen.words.pollChosen})</span>` : nothing}</button>
            </li>`,
          )}
        </ul>
        <p class="feedback">${vote !== null ? fillRuns(screen.words.pollVoted, { choice: streamText(vote) }) : ''}</p>
      </fieldset>
    </div>`;
  },
};

export const pollStyles = css`
  .poll-set { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--_space-2); min-width: 0; }
`;
