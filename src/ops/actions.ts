/**
 * The actions a reader's taps send, built by pure functions in exactly the shapes of the format's table, so the
 * element only wires taps to them and every platform sends the same thing. Components never run code: an
 * action is data, turned into the model's next turn by the app.
 */
import { attrText } from './attrs.js';
import type { FieldValue } from './form.js';
import type { QuizAnswer, QuizScore } from './quiz.js';
import { plainText } from './spans.js';
import type { Attrs, Inline, Span } from './types.js';
import { httpUrl } from './url.js';

/** A Button (with `ask`, or without `href` outside a Form) or a FollowUps item was tapped: a user message. */
export interface AskAction {
  readonly type: 'ask';
  readonly text: string;
  readonly node: string;
}
/** A Form was submitted through one of its Buttons. */
export interface SubmitAction {
  readonly type: 'submit';
  /** The Form's id. */
  readonly node: string;
  /** The Form's name, or null when it has none. */
  readonly form: string | null;
  /** The label of the Button pressed. */
  readonly button: string;
  readonly fields: Readonly<Record<string, FieldValue>>;
}
/** The last question of a Quiz was answered. */
export interface QuizAction {
  readonly type: 'quiz';
  readonly node: string;
  readonly score: number;
  readonly total: number;
  readonly answers: readonly QuizAnswer[];
}
/** A Poll got a vote. */
export interface VoteAction {
  readonly type: 'vote';
  readonly node: string;
  /** The Poll's name, or null when it has none. */
  readonly name: string | null;
  readonly choice: string;
}
/** A Checklist item was ticked or a Flashcard marked known: component state, with no model turn. */
export interface StateAction {
  readonly type: 'state';
  readonly node: string;
  /** The Checklist's name (`"done"` when it has none), or `"known"` for Flashcards. */
  readonly name: string;
  /** The indexes ticked or known, ascending. */
  readonly value: readonly number[];
}
/** Every action a reader's tap can send. */
export type MorphAction = AskAction | SubmitAction | QuizAction | VoteAction | StateAction;

/** A Button as a renderer needs it: enough of a node. */
export interface ButtonLike {
  readonly id: string;
  readonly attrs: Attrs;
  readonly spans: readonly Span[];
}

/** A Button's words: its `label`, else its inline content. */
export function buttonLabel(button: Pick<ButtonLike, 'attrs' | 'spans'>): string {
  return attrText(button.attrs, 'label') ?? plainText(button.spans);
}

/**
 * What tapping a Button does. Inside a Form it submits the Form (whatever else it has). Outside, a Button with
 * `ask` asks that; one with `href` opens the link and sends nothing (`href` null when the link isn't http(s):
 * it opens nothing); any other asks its label.
 */
export type ButtonIntent =
  | { readonly kind: 'submit' }
  | { readonly kind: 'ask'; readonly action: AskAction }
  | { readonly kind: 'link'; readonly href: string | null };

/** What tapping this Button does, inside a Form or not. */
export function buttonIntent(button: ButtonLike, insideForm: boolean): ButtonIntent {
  if (insideForm) return { kind: 'submit' };
  const ask = attrText(button.attrs, 'ask');
  if (ask !== undefined && ask !== '') return { kind: 'ask', action: askAction(button.id, ask) };
  const href = button.attrs['href'];
  if (href !== undefined) return { kind: 'link', href: httpUrl(href) };
  return { kind: 'ask', action: askAction(button.id, buttonLabel(button)) };
}

/** A user message asking `text`, from node `node`. */
export function askAction(node: string, text: string): AskAction {
  return { type: 'ask', text, node };
}

/** A FollowUps item tapped: asks the item's words. */
export function followUpAction(node: string, item: Inline): AskAction {
  return askAction(node, plainText(item));
}

/** A Form submitted through the Button labelled `button`, with `fields` from `submitFields()`. */
export function submitAction(form: { readonly id: string; readonly attrs: Attrs }, button: string, fields: Readonly<Record<string, FieldValue>>): SubmitAction {
  return { type: 'submit', node: form.id, form: attrText(form.attrs, 'name') ?? null, button, fields };
}

/** A Quiz finished: its score and each answer, from `scoreQuiz()`. */
export function quizAction(node: string, scored: QuizScore): QuizAction {
  return { type: 'quiz', node, score: scored.score, total: scored.total, answers: scored.answers };
}

/** A vote in a Poll for the option `choice`. */
export function voteAction(poll: { readonly id: string; readonly attrs: Attrs }, choice: string): VoteAction {
  return { type: 'vote', node: poll.id, name: attrText(poll.attrs, 'name') ?? null, choice };
}

/** A Checklist's ticked items changed. */
export function checklistAction(checklist: { readonly id: string; readonly attrs: Attrs }, done: readonly number[]): StateAction {
  return { type: 'state', node: checklist.id, name: attrText(checklist.attrs, 'name') || 'done', value: ascending(done) };
}

/** The Flashcards marked known changed. */
export function flashcardsAction(node: string, known: readonly number[]): StateAction {
  return { type: 'state', node, name: 'known', value: ascending(known) };
}

const ascending = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);
