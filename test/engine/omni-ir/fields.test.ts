// Field checks ([8.1]–[8.4]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkField } from '../../../src/entries/omni-ir.ts';

const msg = (c: string, props: Record<string, unknown>, v: unknown) => checkField(c, props, v)?.message ?? null;

test('[8.1] a field that declares no constraint always passes', () => {
  for (const [c, v] of [['Input', ''], ['Input', null], ['DateInput', ''], ['Select', 'XL'], ['Switch', false], ['Input', 'x'.repeat(5000)]] as const) {
    assert.equal(checkField(c, {}, v), null, c);
  }
});

test('[8.2] required: empty or non-text Input and DateInput, a Select off its options, a Switch not true', () => {
  assert.equal(msg('Input', { required: true }, ''), 'required');
  assert.equal(msg('Input', { required: true }, '  \t'), 'required');
  assert.equal(msg('Input', { required: true }, null), 'required');
  assert.equal(msg('Input', { required: true }, 3), 'required');
  assert.equal(msg('Input', { required: true }, 'x'), null);
  assert.equal(msg('DateInput', { required: true }, ''), 'required');
  assert.equal(msg('DateInput', { required: true }, '2026-01-01'), null);
  assert.equal(msg('Select', { required: true, options: ['S', 'M'] }, 'XL'), 'chooseOption');
  assert.equal(msg('Select', { required: true, options: ['S', 'M'] }, ''), 'chooseOption');
  assert.equal(msg('Select', { required: true, options: ['S', 'M'] }, null), 'chooseOption');
  assert.equal(msg('Select', { required: true, options: ['S', 'M'] }, 'M'), null);
  assert.equal(msg('Select', { options: ['S'] }, 'XL'), null);
  assert.equal(msg('Switch', { required: true }, false), 'turnOn');
  assert.equal(msg('Switch', { required: true }, 'true'), 'turnOn');
  assert.equal(msg('Switch', { required: true }, true), null);
  assert.equal(msg('Input', { required: false }, ''), null);
});

test('[8.3] an empty optional Input passes every other check', () => {
  assert.equal(checkField('Input', { format: 'email', minLength: 5 }, '  '), null);
  assert.equal(checkField('Input', { format: 'url', minLength: 5 }, null), null);
});

test('[8.3] email: text, one @, a host with a dot, no white space', () => {
  for (const ok of ['ada@example.com', '  ada@example.co.uk ', 'a.b+c@x.io']) assert.equal(msg('Input', { format: 'email' }, ok), null, ok);
  for (const bad of ['ada.example.com', 'ada lovelace@example.com', 'ada@@example.com', 'ada@example', '@example.com', 'a@b@c.com']) assert.equal(msg('Input', { format: 'email' }, bad), 'invalidEmail', bad);
});

test('[8.3] number: optional sign, digits, optional decimal part after . or ,', () => {
  for (const ok of ['-12.50', '3,5', '+7', '0', '007']) assert.equal(msg('Input', { format: 'number' }, ok), null, ok);
  for (const bad of ['1,234.5', '1.', '.5', '1e3', '12a', '--1', '1 000']) assert.equal(msg('Input', { format: 'number' }, bad), 'invalidNumber', bad);
});

test('[8.3] phone: digits, spaces, ( ) - . with an optional + first, 7 to 15 digits', () => {
  for (const ok of ['+1 (415) 555-0123', '5550123', '555.012.3456', '123456789012345']) assert.equal(msg('Input', { format: 'phone' }, ok), null, ok);
  for (const bad of ['555-012', '+1234567890123456', '415+5550123', '555-0123 ext 4', '++15550123']) assert.equal(msg('Input', { format: 'phone' }, bad), 'invalidPhone', bad);
});

test('[8.3] url: http:// or https:// in any case, a host of two or more parts, then /, ? or #', () => {
  for (const ok of ['https://example.com/path?q=1', 'http://shop.example.org', 'HTTPS://EXAMPLE.COM', 'https://a.b#top', 'https://a.b?x']) assert.equal(msg('Input', { format: 'url' }, ok), null, ok);
  for (const bad of ['example.com', 'javascript:alert(1)', 'https://exa mple.com', 'https://localhost', 'ftp://a.b', 'https://', 'https://a.b c']) assert.equal(msg('Input', { format: 'url' }, bad), 'invalidUrl', bad);
});

test('[8.3] lengths count code points of the trimmed value; format first, then minLength, then maxLength', () => {
  assert.deepEqual(checkField('Input', { minLength: 3 }, 'ab'), { message: 'tooShort', values: { min: 3 } });
  assert.deepEqual(checkField('Input', { maxLength: 5 }, 'abcdef'), { message: 'tooLong', values: { max: 5 } });
  assert.equal(checkField('Input', { minLength: 3, maxLength: 3 }, 'abc'), null);
  assert.equal(checkField('Input', { maxLength: 3 }, 'a😀b'), null);
  assert.deepEqual(checkField('Input', { maxLength: 2 }, 'a😀b'), { message: 'tooLong', values: { max: 2 } });
  assert.equal(checkField('Input', { maxLength: 3 }, '  abc  '), null);
  assert.equal(msg('Input', { format: 'email', minLength: 50 }, 'ada'), 'invalidEmail');
  assert.deepEqual(checkField('Input', { minLength: 4, maxLength: 10 }, 'ab'), { message: 'tooShort', values: { min: 4 } });
  assert.equal(msg('Input', { required: true, format: 'email' }, ''), 'required');
});

test('[8.4] DateInput min and max compare the YYYY-MM-DD text; empty passes when not required', () => {
  assert.deepEqual(checkField('DateInput', { min: '2026-10-14' }, '2026-10-13'), { message: 'dateTooEarly', values: { min: '2026-10-14' } });
  assert.deepEqual(checkField('DateInput', { max: '2026-10-14' }, '2026-10-15'), { message: 'dateTooLate', values: { max: '2026-10-14' } });
  assert.equal(checkField('DateInput', { min: '2026-10-14', max: '2026-10-14' }, '2026-10-14'), null);
  assert.equal(checkField('DateInput', { min: '2026-10-14' }, ''), null);
});

test('[8.7] an app component declared as a field: required fails on null, undefined or empty text', () => {
  assert.equal(msg('Stepper', { required: true }, null), 'required');
  assert.equal(msg('Stepper', { required: true }, undefined), 'required');
  assert.equal(msg('Stepper', { required: true }, ' '), 'required');
  assert.equal(msg('Stepper', { required: true }, 0), null);
  assert.equal(msg('Stepper', { required: true }, false), null);
  assert.equal(msg('Stepper', {}, null), null);
});
