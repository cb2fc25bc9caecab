/**
 * Quizzes: answers go into the Quiz's state, and the quiz action goes out once, when the person answers the
 * last open question of a Quiz that has ended (a Quiz answered in full while its questions were still
 * arriving sends it when it closes). A Question on its own is a quiz of one: its answer is kept here (it has
 * no state of its own in the format) and it sends its quiz action at once.
 */
import { Signal } from '../../shared/base/signals.js';
import { quizAction, quizComplete, quizQuestions, scoreQuiz, type ComponentStates, type MorphAction, type OpDocument, type QuizState } from '../../../src/ops/index.js';

const untracked = <T>(fn: () => T): T => Signal.subtle.untrack(fn);

export class QuizTracker {
  readonly #sent = new Set<string>();
  readonly #waiting = new Set<string>();
  readonly #lone = new Map<string, Signal.State<number | null>>();

  constructor(
    private readonly doc: OpDocument,
    private readonly states: ComponentStates,
    private readonly act: (action: MorphAction) => void,
    private readonly changed: (id: string) => void,
  ) {}

  /** The person chose `choice` for the question at `index` of a Quiz. False when the state was refused. */
  answer(quizId: string, index: number, choice: number): boolean {
    const ok = untracked(() => {
      const now = (this.states.get(quizId) as QuizState | null)?.answers ?? [];
      if (typeof now[index] === 'number') return false; // answered already: answers stay
      const answers = [...now];
      while (answers.length <= index) answers.push(null);
      answers[index] = choice;
      return this.states.set(quizId, { answers }).ok;
    });
    if (!ok) return false;
    this.changed(quizId);
    // Final once it closed, or once the input is over (a stream that stopped without its end op).
    if (untracked(() => this.doc.node(quizId)?.closed || this.doc.finished)) this.#finish(quizId);
    else this.#waiting.add(quizId);
    return true;
  }

  /** A Quiz was drawn closed: one answered in full before then sends its action now (never during a render). */
  closed(quizId: string): void {
    if (!this.#waiting.delete(quizId)) return;
    queueMicrotask(() => this.#finish(quizId));
  }

  #finish(quizId: string): void {
    if (this.#sent.has(quizId)) return;
    untracked(() => {
      const questions = quizQuestions(this.doc, quizId);
      const answers = (this.states.get(quizId) as QuizState | null)?.answers ?? [];
      if (!quizComplete(questions, answers)) return;
      this.#sent.add(quizId);
      this.act(quizAction(quizId, scoreQuiz(questions, answers)));
    });
  }

  #loneOf(id: string): Signal.State<number | null> {
    let s = this.#lone.get(id);
    if (!s) this.#lone.set(id, (s = new Signal.State<number | null>(null)));
    return s;
  }

  /** The choice made on a Question outside any Quiz (tracked). */
  lone(id: string): number | null {
    return this.#loneOf(id).get();
  }

  /** The person answered a Question outside any Quiz: kept, and its quiz action of one sent. */
  answerLone(id: string, choice: number): boolean {
    const s = this.#loneOf(id);
    if (untracked(() => s.get()) !== null) return false;
    s.set(choice);
    untracked(() => this.act(quizAction(id, scoreQuiz(quizQuestions(this.doc, id), [choice]))));
    return true;
  }
}
