import { css, html, nothing } from 'lit';
import { Signal } from '../../shared/base/signals.js';
import {
  attrText,
  matchChoice,
  plainText,
  type OpNode,
  type QuestionData,
  type QuizState,
} from '../../../src/ops/index.js';
import { fillRuns } from '../../shared/base/fillRuns.js';
import type { MorphContext, NodeHost, NodeView } from '../screenContext.js';
import { standIn, streamText } from './parts.js';
import { inline, scope, spans } from './spans.js';

const INDEX = 'question:index';

const letter = (i: number) => String.fromCharCode(0x41 + (i % 26));

/** This Question's place among its Quiz's Questions: fixed once it opened (ids only ever grow). */
function placeIn(quiz: OpNode, node: OpNode, screen: MorphContext, host: NodeHost): number {
  const known = host.local.get(INDEX);
  if (typeof known === 'number') return known;
  const index = Signal.subtle.untrack(() => {
    let n = 0;
    for (const id of quiz.children) {
      if (id === node.id) return n;
      if (screen.doc.node(id)?.type === 'Question') n++;
    }
    return n;
  });
  host.local.set(INDEX, index);
  return index;
}

/**
 * Question: its question (`q`, else `question`, else its spans) and its choices as buttons lettered A, B, C…
 * A choice is answered by pressing it, or by typing its letter or number while the question has focus (the
 * engine's matching, which also takes the choice's words through `answer()`). Once answered it says whether
 * that was right (when the question has a right answer) and stays answered. Inside a Quiz the answer is the
 * Quiz's state, and answering its last question sends the quiz action; a Question on its own sends a quiz
 * action of one.
 */
export const question: NodeView = {
  render(node, screen, host) {
    const parent = node.parent === null ? undefined : screen.doc.node(node.parent);
    const quiz = parent?.type === 'Quiz' ? parent : undefined;
    const words = attrText(node.attrs, 'q') ?? attrText(node.attrs, 'question');
    const at = scope(screen, node.id, host);
    const asked = words !== undefined ? streamText(words) : spans(node.spans, at);
    if (node.dataKind !== 'question') return standIn(node, screen);
    const data = node.data as QuestionData;
    const index = quiz ? placeIn(quiz, node, screen, host) : 0;
    const chosenNow = quiz ? ((screen.states.get(quiz.id) as QuizState | null)?.answers[index] ?? null) : screen.quizzes.lone(node.id);
    const chosen = typeof chosenNow === 'number' && chosenNow < data.items.length ? chosenNow : null;
    const answered = chosen !== null;
    const w = screen.words;

    // The trackers refuse a second answer, so two taps before the next draw can't both count.
    const choose = (i: number) => {
      if (answered || i < 0 || i >= data.items.length) return;
      if (quiz) screen.quizzes.answer(quiz.id, index, i);
      else screen.quizzes.answerLone(node.id, i);
    };
    const onKey = (e: KeyboardEvent) => {
      if (answered || e.altKey || e.ctrlKey || e.metaKey || e.key.length !== 1) return;
      const i = matchChoice(e.key, data.items.map((c) => plainText(c)));
      if (i === null) return;
      e.preventDefault();
      choose(i);
    };
    const feedback = !answered
      ? ''
      : data.answer === null
        ? w.quizRecorded
        : chosen === data.answer
          ? w.quizRight
          : fillRuns(w.quizWrong, { answer: `${letter(data.answer)}. ${streamText(plainText(data.items[data.answer]))}` });
    return html`<fieldset class="question" part="question" @keydown=${onKey}>
      <legend class="question-text" dir="auto">${asked}</legend>
      <ul class="choices">
        ${data.items.map((item, i) => {
          const mine = chosen === i;
          const right = answered && data.answer === i;
          return html`<li>
            <button
              type="button"
              class="choice${mine ? ' chosen' : ''}${right ? ' right' : ''}${mine && data.answer !== null && !right ? ' wrong' : ''}"
              part="choice"
              aria-pressed=${mine ? 'true' : 'false'}
              aria-disabled=${answered ? 'true' : nothing}
              @click=${() => choose(i)}
            >
              <span class="choice-letter" aria-hidden="true">${letter(i)}</span>
              <bdi class="choice-text">${inline(item, at)}</bdi>
              ${mine ? html`<span class="visually-hidden">(${w.quizYourAnswer})</span>` : nothing}
            </button>
          </li>`;
        })}
      </ul>
      <p class="feedback" role="status">${feedback}</p>
    </fieldset>`;
  },
};

export const questionStyles = css`
  .question { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--_space-2); min-width: 0; }
  .question-text { font-weight: 600; padding: 0; margin-block-end: var(--_space-2); }
  .choices { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--_space-2); }
  .choice {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_input-border);
    border-radius: var(--_radius);
    padding: var(--_space-2) var(--_space-3);
    inline-size: 100%;
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    text-align: start;
    cursor: pointer;
  }
  .choice[aria-disabled='true'] { cursor: default; }
  .choice-letter {
    flex: none;
    inline-size: 1.6em;
    block-size: 1.6em;
    display: inline-grid;
    place-items: center;
    border-radius: 50%;
    background: var(--_subtle);
    font-weight: 600;
    font-size: var(--_font-size-sm);
  }
  .choice.chosen { border-color: var(--_accent); box-shadow: inset 0 0 0 1px var(--_accent); }
  .choice.right { border-color: var(--_success); box-shadow: inset 0 0 0 1px var(--_success); }
  .choice.right .choice-letter { background: var(--_success); color: var(--_on-success); }
  .choice.wrong .choice-letter { background: var(--_danger); color: var(--_on-danger); }
  .feedback { margin: 0; font-size: var(--_font-size-sm); color: var(--_muted-text); }
  .feedback:empty { display: none; }
`;
