// Every shipped language says every word, with the same placeholders as English, and the registry picks
// words by tag the way the elements ask for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { en } from '../../../strings/en.ts';
import { de } from '../../../strings/de.ts';
import { fr } from '../../../strings/fr.ts';
import { es } from '../../../strings/es.ts';
import { ar } from '../../../strings/ar.ts';
import { registerLocale, registeredLocales, wordsFor } from '../../../strings/locales.ts';

// Words a language writes exactly as English does ("Question", "option", "image" in French): checked by hand.
const SAME_WORD: Partial<Record<string, string[]>> = { fr: ['flashcardFront', 'axRoleOption', 'axRoleImage'] };

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

for (const [name, words] of [['de', de], ['fr', fr], ['es', es], ['ar', ar]] as const) {
  test(`${name} has every key of en and no other`, () => {
    assert.deepEqual(Object.keys(words).sort(), Object.keys(en).sort());
  });
  test(`${name} keeps each word's placeholders`, () => {
    for (const [key, english] of Object.entries(en)) {
      assert.deepEqual(placeholders(words[key as keyof typeof en]), placeholders(english), key);
    }
  });
  test(`${name} words are not left in English`, () => {
    const same = Object.keys(en).filter((k) => words[k as keyof typeof en] === en[k as keyof typeof en] && /[a-z]{4}/.test(en[k as keyof typeof en].replace(/\{\w+\}/g, '')));
    assert.deepEqual(same, SAME_WORD[name] ?? []);
  });
}

test('unregistered languages speak English', () => {
  assert.equal(wordsFor('nl'), en);
  assert.equal(wordsFor('not a tag'), en);
});

test('an exact tag wins, then its language; keys left out stay English; the same words object is returned', () => {
  registerLocale('xx', { cancel: 'X-cancel' });
  registerLocale('xx-YY', { cancel: 'XY-cancel', retry: 'XY-retry' });
  assert.equal(wordsFor('xx-yy').cancel, 'XY-cancel');
  assert.equal(wordsFor('xx_YY').retry, 'XY-retry');
  assert.equal(wordsFor('xx-ZZ').cancel, 'X-cancel');
  assert.equal(wordsFor('xx').retry, en.retry);
  assert.equal(wordsFor('xx'), wordsFor('xx'));
  assert.ok(registeredLocales().includes('xx-yy'));
});

test('only known keys with string values are taken', () => {
  registerLocale('zz', { cancel: 42, nope: 'x' } as never);
  assert.equal(wordsFor('zz').cancel, en.cancel);
  assert.equal('nope' in wordsFor('zz'), false);
});

test('a bad registration is a TypeError', () => {
  assert.throws(() => registerLocale('', {}), TypeError);
  assert.throws(() => registerLocale('de', null as never), TypeError);
});
