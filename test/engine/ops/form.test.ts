// Form fields: kinds and value types, keys, required, and what is kept as state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIELD_KINDS, fieldKey, fieldValueProblem, formFields, hasValue, keepsAsState, missingRequired, submitFields, type Attrs } from '../../../src/ops/index.ts';
import { lines, read } from './helpers.ts';

const attrs = (o: Record<string, string | true>): Attrs => Object.freeze(Object.assign(Object.create(null), o));

test('every field kind of the format, with its value type', () => {
  assert.deepEqual(Object.fromEntries(FIELD_KINDS), {
    Input: 'text',
    TextArea: 'text',
    Select: 'text',
    Radio: 'text',
    Date: 'text',
    Scan: 'text',
    Slider: 'number',
    Switch: 'boolean',
    Checkboxes: 'options',
    Camera: 'files',
    File: 'files',
    Location: 'location',
  });
});

test('values are checked by kind', () => {
  assert.equal(fieldValueProblem('text', 'x'), null);
  assert.notEqual(fieldValueProblem('text', 3), null);
  assert.equal(fieldValueProblem('number', 3), null);
  assert.notEqual(fieldValueProblem('number', NaN), null);
  assert.equal(fieldValueProblem('boolean', false), null);
  assert.notEqual(fieldValueProblem('boolean', 'true'), null);
  assert.equal(fieldValueProblem('options', ['a']), null);
  assert.notEqual(fieldValueProblem('options', ['a', 1]), null);
  assert.equal(fieldValueProblem('files', [new Blob(['x'])]), null);
  assert.notEqual(fieldValueProblem('files', ['name.png']), null);
  assert.equal(fieldValueProblem('location', { lat: 48.8, lng: 2.3, accuracy: 12 }), null);
  assert.notEqual(fieldValueProblem('location', { lat: 91, lng: 0, accuracy: 1 }), null);
  assert.notEqual(fieldValueProblem('location', { lat: 0, lng: 0 }), null);
});

test('a field is keyed by its name, or its label as one word; keys that reach a prototype are refused', () => {
  assert.equal(fieldKey(attrs({ name: 'email', label: 'Email address' })), 'email');
  assert.equal(fieldKey(attrs({ label: 'Email address' })), 'email_address');
  assert.equal(fieldKey(attrs({ name: '__proto__' })), null);
  assert.equal(fieldKey(attrs({ label: 'Constructor' })), null);
  assert.equal(fieldKey(attrs({})), null);
});

const form = lines(
  { op: 'open', id: '0', type: 'Form', attrs: { name: 'signup' } },
  { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Email address', required: true } },
  { op: 'open', id: '0.1', type: 'Card' },
  { op: 'node', id: '0.1.0', type: 'Switch', attrs: { name: 'terms', label: 'I agree', required: 'true' } },
  { op: 'node', id: '0.1.1', type: 'Camera', spans: 'Photo' },
  { op: 'close', id: '0.1' },
  { op: 'node', id: '0.2', type: 'Checkboxes', attrs: { label: 'Topics' } },
  { op: 'node', id: '0.3', type: 'Button', attrs: { label: 'Send' } },
  { op: 'close', id: '0' },
);

test('formFields finds the fields inside a Form, in order, with key, label and required', () => {
  const fields = formFields(read(form), '0');
  assert.deepEqual(
    fields.map((f) => [f.id, f.type, f.kind, f.key, f.label, f.required]),
    [
      ['0.0', 'Input', 'text', 'email_address', 'Email address', true],
      ['0.1.0', 'Switch', 'boolean', 'terms', 'I agree', true],
      ['0.1.1', 'Camera', 'files', 'photo', 'Photo', false],
      ['0.2', 'Checkboxes', 'options', 'topics', 'Topics', false],
    ],
  );
});

test('required: blank text, a Switch left off, no options or files count as missing', () => {
  const fields = formFields(read(form), '0');
  const missing = (values: Record<string, unknown>) => missingRequired(fields, new Map(Object.entries(values))).map((f) => f.key);
  assert.deepEqual(missing({}), ['email_address', 'terms']);
  assert.deepEqual(missing({ email_address: '  ', terms: false }), ['email_address', 'terms']);
  assert.deepEqual(missing({ email_address: 'a@b.example', terms: true }), []);
  assert.equal(hasValue('options', []), false);
  assert.equal(hasValue('files', [{}]), true);
  assert.equal(hasValue('number', 0), true);
});

test('submitFields: each valid value by key, files included; wrong types left out', () => {
  const fields = formFields(read(form), '0');
  const file = new Blob(['x']);
  const got = submitFields(fields, new Map<string, unknown>([['email_address', 'a@b.example'], ['terms', 'yes'], ['photo', [file]], ['topics', ['a']]]));
  assert.deepEqual(Object.keys(got), ['email_address', 'photo', 'topics']);
  assert.equal((got['photo'] as Blob[])[0], file);
});

test('files and locations stay on the device', () => {
  assert.equal(keepsAsState('files'), false);
  assert.equal(keepsAsState('location'), false);
  assert.equal(keepsAsState('options'), true);
});
