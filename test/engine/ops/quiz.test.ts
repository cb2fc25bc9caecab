// Answers matched by letter, number or words; quizzes scored in the shape the quiz action carries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchChoice, quizAction, quizComplete, quizQuestions, scoreQuiz } from '../../../src/ops/index.ts';
import { lines, read } from './helpers.ts';

const choices = ['Mars', 'Jupiter', 'Venus'];

test('by letter', () => {
  for (const [given, want] of [['A', 0], ['b', 1], ['C)', 2], ['(b)', 1], ['c.', 2], ['D', null]] as const) assert.equal(matchChoice(given, choices), want, given);
});

test('by number, counted from 1', () => {
  for (const [given, want] of [['1', 0], ['3', 2], ['2)', 1], [2, 1], [0, null], [4, null], ['0', null], [1.5, null]] as const) {
    assert.equal(matchChoice(given, choices), want, String(given));
  }
});

test('by words: case, spacing and punctuation aside; a sentence naming exactly one choice', () => {
  assert.equal(matchChoice('jupiter', choices), 1);
  assert.equal(matchChoice('  JUPITER! ', choices), 1);
  assert.equal(matchChoice('It is Venus.', choices), 2);
  assert.equal(matchChoice('Mars or Venus', choices), null);
  assert.equal(matchChoice('Saturn', choices), null);
  assert.equal(matchChoice('', choices), null);
  assert.equal(matchChoice('New York', ['New York', 'York']), 0);
  assert.equal(matchChoice('same', ['same', 'Same']), null, 'two choices with the same words are ambiguous');
  assert.equal(matchChoice(null, choices), null);
});

const quiz = lines(
  { op: 'open', id: '0', type: 'Quiz', attrs: { title: 'Check' } },
  { op: 'open', id: '0.0', type: 'Question', attrs: { q: 'Largest?' } },
  { op: 'close', id: '0.0', data: { items: [[{ t: 'text', v: 'Mars' }], 'Jupiter'], answer: 1 } },
  { op: 'open', id: '0.1', type: 'Question', attrs: { q: 'Favourite?' } },
  { op: 'close', id: '0.1', data: { items: ['Tea', 'Coffee'], answer: null } },
  { op: 'open', id: '0.2', type: 'Question', attrs: { q: 'Smallest?' } },
  { op: 'close', id: '0.2', data: { items: ['Mercury', 'Earth'], answer: 0 } },
  { op: 'close', id: '0' },
);

test('quizQuestions reads a Quiz\'s Questions as plain values', () => {
  const qs = quizQuestions(read(quiz), '0');
  assert.deepEqual(qs, [
    { id: '0.0', question: 'Largest?', choices: ['Mars', 'Jupiter'], answer: 1 },
    { id: '0.1', question: 'Favourite?', choices: ['Tea', 'Coffee'], answer: null },
    { id: '0.2', question: 'Smallest?', choices: ['Mercury', 'Earth'], answer: 0 },
  ]);
  assert.equal(quizQuestions(read(quiz), '0.1').length, 1, 'a lone Question is a quiz of one');
  assert.deepEqual(quizQuestions(read(quiz), '9'), []);
});

test('scoreQuiz: right, wrong, and null for a question without a right answer', () => {
  const qs = quizQuestions(read(quiz), '0');
  const scored = scoreQuiz(qs, [1, 0, 1]);
  assert.deepEqual(scored, {
    score: 1,
    total: 2,
    answers: [
      { question: 'Largest?', choice: 'Jupiter', right: true },
      { question: 'Favourite?', choice: 'Tea', right: null },
      { question: 'Smallest?', choice: 'Earth', right: false },
    ],
  });
  assert.deepEqual(quizAction('0', scored), { type: 'quiz', node: '0', ...scored });
  assert.deepEqual(scoreQuiz(qs, [null, 7]).answers[0], { question: 'Largest?', choice: null, right: false });
});

test('quizComplete when every question has a choice', () => {
  const qs = quizQuestions(read(quiz), '0');
  assert.equal(quizComplete(qs, [1, 0]), false);
  assert.equal(quizComplete(qs, [1, 0, 1]), true);
  assert.equal(quizComplete([], []), false);
});
