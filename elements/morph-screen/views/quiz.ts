import { css, html, nothing } from 'lit';
import { quizComplete, quizQuestions, scoreQuiz, type QuizState } from '../../../src/ops/index.js';
import { fill } from '../../../strings/en.js';
import { domId, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr, settled } from './parts.js';

/** Quiz: its Questions (and anything else it holds) under its `title`, and the score once every question is answered. */
export const quiz: NodeView = {
  render(node, screen, host) {
    const title = firstAttr(node.attrs, ['title', 'label']);
    const id = domId.title(node.id);
    const questions = quizQuestions(screen.doc, node.id);
    const answers = (screen.states.get(node.id) as QuizState | null)?.answers ?? [];
    const final = settled(node, screen);
    const done = final && quizComplete(questions, answers);
    if (final) screen.quizzes.closed(node.id);
    const scored = done ? scoreQuiz(questions, answers) : null;
    const said = scored ? (scored.total > 0 ? fill(screen.words.quizScore, { score: scored.score, total: scored.total }) : screen.words.quizDone) : '';
    return html`<section class="quiz framed" part="quiz" aria-labelledby=${title ? id : nothing}>
      ${title ? html`<div class="card-title" id=${id} dir="auto">${title}</div>` : nothing}
      ${body(node, screen, host)}
      <p class="quiz-score" part="quiz-score" role="status">${said}</p>
    </section>`;
  },
};

export const quizStyles = css`
  .quiz { gap: var(--_space-4); }
  .quiz-score { margin: 0; font-weight: 600; }
  .quiz-score:empty { display: none; }
`;
