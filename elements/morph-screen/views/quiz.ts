import { css, html, nothing } from 'lit';
import { quizComplete, quizQuestions, scoreQuiz, type QuizState } from '../../../src/ops/index.js';
import { fill } from '../../../strings/en.js';
import { domId, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr } from './parts.js';

/** Quiz: its Questions (and anything else it holds) under its `title`, and the score once every question is answered. */
export const quiz: NodeView = {
  render(node, screen, host) {
    const title = firstAttr(node.attrs, ['title', 'label']);
    const id = domId.title(node.id);
    const questions = quizQuestions(screen.doc, node.id);
    const answers = (screen.states.get(node.id) as QuizState | null)?.answers ?? [];
    const done = node.closed && quizComplete(questions, answers);
    if (node.closed) screen.quizzes.closed(node.id);
    const scored = done ? scoreQuiz(questions, answers) : null;
    const said = scored ? (scored.total > 0 ? fill(screen.words.quizScore, { score: scored.score, total: scored.total }) : screen.words.quizDone) : '';
    return html`<section class="quiz" part="quiz" aria-labelledby=${title ? id : nothing}>
      ${title ? html`<div class="card-title" id=${id} dir="auto">${title}</div>` : nothing}
      ${body(node, screen, host)}
      <p class="quiz-score" part="quiz-score" role="status">${said}</p>
    </section>`;
  },
};

export const quizStyles = css`
  .quiz {
    display: flex;
    flex-direction: column;
    gap: var(--_space-4);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space-4);
  }
  .quiz-score { margin: 0; font-weight: 600; }
  .quiz-score:empty { display: none; }
`;
