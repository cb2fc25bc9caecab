/**
 * Questions and quizzes without a page: a given answer matched to a choice by its letter, its number or its
 * words, and a quiz scored from the chosen indexes, in the shape the quiz action carries.
 */
import { attrText } from './attrs.js';
import type { OpDocument } from './document.js';
import { plainText } from './spans.js';
import type { QuestionData } from './types.js';

/** A Question as plain values: its words, its choices' words, and the index of the right choice (or null). */
export interface QuizQuestion {
  readonly id: string;
  readonly question: string;
  readonly choices: readonly string[];
  readonly answer: number | null;
}

/** One answered question in a quiz action: `right` is null when the question has no right answer. */
export interface QuizAnswer {
  readonly question: string;
  /** The chosen choice's words, or null when it wasn't answered. */
  readonly choice: string | null;
  readonly right: boolean | null;
}

/** A scored quiz, as the quiz action carries it. */
export interface QuizScore {
  /** Questions answered right. */
  readonly score: number;
  /** Questions that have a right answer (a question with none can't be scored). */
  readonly total: number;
  readonly answers: readonly QuizAnswer[];
}

/** Lower case, letters and digits only, single spaces: how answers and choices are compared. */
function words(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const LETTER = /^\(?([a-z])[).:]?$/i;
const NUMBER = /^\(?(\d{1,4})[).:]?$/;

/**
 * The index of the choice an answer names, or null: a letter (`"B"`, `"b)"`, `"(b)"` is the second), a number
 * counted from 1 (`"2"`, `2`, `"2."`), or the choice's words (case, spacing and punctuation aside; an answer that
 * contains the words of exactly one choice also names it).
 */
export function matchChoice(given: unknown, choices: readonly string[]): number | null {
  const n = choices.length;
  if (typeof given === 'number') return Number.isInteger(given) && given >= 1 && given <= n ? given - 1 : null;
  if (typeof given !== 'string') return null;
  const text = given.trim();
  const letter = LETTER.exec(text);
  if (letter) {
    const i = letter[1]!.toLowerCase().charCodeAt(0) - 0x61;
    return i < n ? i : null;
  }
  const number = NUMBER.exec(text);
  if (number) {
    const i = Number(number[1]) - 1;
    return i >= 0 && i < n ? i : null;
  }
  const said = words(text);
  if (said === '') return null;
  const normal = choices.map(words);
  const exact = normal.indexOf(said);
  if (exact >= 0) return normal.indexOf(said, exact + 1) < 0 ? exact : null;
  const padded = ` ${said} `;
  let found: number | null = null;
  for (let i = 0; i < n; i++) {
    if (normal[i] === '' || !padded.includes(` ${normal[i]} `)) continue;
    if (found !== null) return null;
    found = i;
  }
  return found;
}

/**
 * The Questions of a Quiz (its Question children), or a lone Question as a quiz of one. Questions still open
 * (their data not yet arrived) have no choices. Reads the document's signals, so a renderer tracks them.
 */
export function quizQuestions(doc: OpDocument, id: string): QuizQuestion[] {
  const node = doc.node(id);
  if (!node) return [];
  const ids = node.type === 'Question' ? [id] : node.children.filter((c) => doc.node(c)?.type === 'Question');
  return ids.map((qid) => {
    const q = doc.node(qid)!;
    const data = q.dataKind === 'question' ? (q.data as QuestionData) : null;
    return {
      id: qid,
      question: attrText(q.attrs, 'q') ?? attrText(q.attrs, 'question') ?? plainText(q.spans),
      choices: data ? data.items.map((item) => plainText(item)) : [],
      answer: data ? data.answer : null,
    };
  });
}

/** Scores a quiz from the chosen index of each question (null: not answered). */
export function scoreQuiz(questions: readonly QuizQuestion[], chosen: readonly (number | null | undefined)[]): QuizScore {
  let score = 0;
  let total = 0;
  const answers = questions.map((q, i): QuizAnswer => {
    const c = chosen[i];
    const choice = typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < q.choices.length ? c : null;
    if (q.answer === null) return { question: q.question, choice: choice === null ? null : q.choices[choice]!, right: null };
    total++;
    const right = choice === q.answer;
    if (right) score++;
    return { question: q.question, choice: choice === null ? null : q.choices[choice]!, right };
  });
  return { score, total, answers };
}

/**
 * True when every question that can be answered has a chosen index: the quiz action is sent then, once. A
 * question without choices (its data refused, or never arrived) can't be answered, so it holds nothing back;
 * a quiz without one question that can be answered is never complete.
 */
export function quizComplete(questions: readonly QuizQuestion[], chosen: readonly (number | null | undefined)[]): boolean {
  let answerable = 0;
  for (let i = 0; i < questions.length; i++) {
    if (questions[i]!.choices.length === 0) continue;
    answerable++;
    if (typeof chosen[i] !== 'number') return false;
  }
  return answerable > 0;
}
