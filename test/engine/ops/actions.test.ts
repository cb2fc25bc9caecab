// The action objects, exactly as the format's table gives them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  askAction,
  buttonIntent,
  buttonLabel,
  checklistAction,
  flashcardsAction,
  followUpAction,
  submitAction,
  voteAction,
  type Attrs,
} from '../../../src/ops/index.ts';

const attrs = (o: Record<string, string | true>): Attrs => Object.freeze(Object.assign(Object.create(null), o));
const button = (a: Record<string, string | true>, spans = [{ t: 'text' as const, v: 'Go' }]) => ({ id: '3', attrs: attrs(a), spans });

test('a Button with ask asks it', () => {
  assert.deepEqual(buttonIntent(button({ ask: 'Show me more' }), false), { kind: 'ask', action: { type: 'ask', text: 'Show me more', node: '3' } });
});

test('a Button without href outside a Form asks its label', () => {
  assert.deepEqual(buttonIntent(button({ label: 'Compare' }), false), { kind: 'ask', action: { type: 'ask', text: 'Compare', node: '3' } });
  assert.deepEqual(buttonIntent(button({}), false), { kind: 'ask', action: { type: 'ask', text: 'Go', node: '3' } });
});

test('a Button with href opens the link and sends nothing; a link that is not http(s) opens nothing', () => {
  assert.deepEqual(buttonIntent(button({ href: 'https://example.com' }), false), { kind: 'link', href: 'https://example.com' });
  assert.deepEqual(buttonIntent(button({ href: 'javascript:alert(1)' }), false), { kind: 'link', href: null });
  assert.deepEqual(buttonIntent(button({ href: true }), false), { kind: 'link', href: null });
});

test('any Button inside a Form submits it', () => {
  assert.deepEqual(buttonIntent(button({ ask: 'x', href: 'https://e.example' }), true), { kind: 'submit' });
});

test('buttonLabel: label, else the content\'s words', () => {
  assert.equal(buttonLabel(button({ label: 'L' })), 'L');
  assert.equal(buttonLabel(button({}, [{ t: 'text', v: 'Words' }])), 'Words');
});

test('ask, from a FollowUps item', () => {
  assert.deepEqual(followUpAction('5', [{ t: 'text', v: 'Show ' }, { t: 'em', c: [{ t: 'text', v: 'last year' }] }]), { type: 'ask', text: 'Show last year', node: '5' });
  assert.deepEqual(followUpAction('5', 'Export'), { type: 'ask', text: 'Export', node: '5' });
  assert.deepEqual(askAction('1', 't'), { type: 'ask', text: 't', node: '1' });
});

test('submit: form id, its name, the button label and the fields', () => {
  assert.deepEqual(submitAction({ id: '2', attrs: attrs({ name: 'signup' }) }, 'Send', { email: 'a@b.example', age: 30 }), {
    type: 'submit',
    node: '2',
    form: 'signup',
    button: 'Send',
    fields: { email: 'a@b.example', age: 30 },
  });
  assert.equal(submitAction({ id: '2', attrs: attrs({}) }, 'Send', {}).form, null);
});

test('vote: poll id, its name and the option', () => {
  assert.deepEqual(voteAction({ id: '4', attrs: attrs({ name: 'lunch' }) }, 'Pizza'), { type: 'vote', node: '4', name: 'lunch', choice: 'Pizza' });
  assert.equal(voteAction({ id: '4', attrs: attrs({}) }, 'Pizza').name, null);
});

test('state: a Checklist\'s name (or "done") and a Flashcards\' "known", with indexes ascending', () => {
  assert.deepEqual(checklistAction({ id: '6', attrs: attrs({ name: 'packing' }) }, [2, 0, 2]), { type: 'state', node: '6', name: 'packing', value: [0, 2] });
  assert.equal(checklistAction({ id: '6', attrs: attrs({}) }, []).name, 'done');
  assert.deepEqual(flashcardsAction('7', [3, 1]), { type: 'state', node: '7', name: 'known', value: [1, 3] });
});
