// Direction controls in stream text: removed before anything is shown, so text can't show other than it says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutDirectionControls } from '../../../src/stream/directionControls.js';
import { paramWords, plainValue } from '../../../src/actions/govern.js';

test('removes embeddings, overrides and isolates, paired or not', () => {
  assert.equal(withoutDirectionControls('\u202Eevil'), 'evil');
  assert.equal(withoutDirectionControls('\u202Eevil\u202C'), 'evil');
  assert.equal(withoutDirectionControls('a\u202Ab\u202Bc\u202Cd\u202De\u202Ef'), 'abcdef');
  assert.equal(withoutDirectionControls('1\u20662\u20673\u20684\u20695'), '12345');
});

test('keeps everything else: marks, right-to-left letters, other invisible characters', () => {
  const text = 'שלום \u200Fעולם\u200E 12 \u061C ok \u200B';
  assert.equal(withoutDirectionControls(text), text);
  const plain = 'nothing to remove';
  assert.equal(withoutDirectionControls(plain), plain);
});

test('a confirmation sentence shows param values without them', () => {
  assert.equal(plainValue('\u202Eevil'), 'evil');
  assert.deepEqual(paramWords({ to: 'acct \u20671234 5678\u2069', n: 5 }), { to: 'acct 1234 5678', n: '5' });
});
