// Key names read loosely and written one way; chords in a fixed order; the platform's command key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeChord, normalizeKey, platformKey } from '../../../src/axstream/index.ts';

test('each alias reads as its canonical key', () => {
  const cases: Record<string, string[]> = {
    Enter: ['enter', 'Enter', 'RETURN', 'return', '⏎'],
    Escape: ['esc', 'Escape', 'ESC'],
    Mod: ['cmd', 'command', 'Meta', 'CMD', '⌘'],
    Control: ['ctrl', 'control', 'Ctrl'],
    Alt: ['alt', 'option', 'Option', 'opt', '⌥'],
    Shift: ['shift', 'Shift'],
    ArrowUp: ['up', 'arrowup', 'ArrowUp', 'arrow_up', 'Arrow Up', 'UpArrow'],
    ArrowDown: ['down', 'ArrowDown'],
    ArrowLeft: ['left', 'arrow-left'],
    ArrowRight: ['right', 'ArrowRight'],
    PageUp: ['pageup', 'page up', 'Page_Up', 'PgUp'],
    PageDown: ['pagedown', 'Page Down', 'pgdn'],
    Tab: ['tab', 'TAB'],
    Space: ['space', 'Spacebar', ' '],
    Backspace: ['backspace'],
    Delete: ['delete', 'del'],
    Home: ['home'],
    End: ['end'],
    F1: ['f1', 'F1'],
    F12: ['F12', 'f12'],
  };
  for (const [key, names] of Object.entries(cases)) {
    for (const name of names) assert.equal(normalizeKey(name), key, name);
  }
});

test('single characters stand for themselves, case kept', () => {
  for (const c of ['a', 'A', '1', '/', '+', 'é', '😀']) assert.equal(normalizeKey(c), c);
});

test('names that are not keys are rejected', () => {
  for (const name of ['', '   ', 'f13', 'f0', 'f01', 'hyperdrive', 'ab', '\u0007', 'x'.repeat(40)]) assert.equal(normalizeKey(name), null, name);
});

test('a chord puts modifiers first in a fixed order, once each', () => {
  assert.deepEqual(normalizeChord(['s', 'shift', 'cmd', 'command']), { ok: true, chord: ['Mod', 'Shift', 'S'] });
  assert.deepEqual(normalizeChord(['alt', 'ctrl', 'Delete']), { ok: true, chord: ['Control', 'Alt', 'Delete'] });
  assert.deepEqual(normalizeChord(['shift']), { ok: true, chord: ['Shift'] });
});

test('with a modifier held, a letter takes the case Shift gives it; alone it is left as written', () => {
  assert.deepEqual(normalizeChord(['cmd', 'S']), { ok: true, chord: ['Mod', 's'] });
  assert.deepEqual(normalizeChord(['ctrl', 'shift', 't']), { ok: true, chord: ['Control', 'Shift', 'T'] });
  assert.deepEqual(normalizeChord(['A']), { ok: true, chord: ['A'] });
});

test('"cmd+s" in one entry is the chord; a lone "+" is the plus key and "ctrl++" ends in it', () => {
  assert.deepEqual(normalizeChord(['cmd+s']), { ok: true, chord: ['Mod', 's'] });
  assert.deepEqual(normalizeChord(['+']), { ok: true, chord: ['+'] });
  assert.deepEqual(normalizeChord(['ctrl++']), { ok: true, chord: ['Control', '+'] });
  assert.equal(normalizeChord(['cmd+']).ok, false);
});

test('two keys that are not modifiers are not a chord', () => {
  const r = normalizeChord(['a', 'b']);
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.message : '', /two key actions/);
});

test('the command key is Meta on macOS and Control elsewhere, decided by the backend', () => {
  assert.equal(platformKey('Mod', 'mac'), 'Meta');
  assert.equal(platformKey('Mod', 'other'), 'Control');
  assert.equal(platformKey('Space', 'other'), ' ');
  assert.equal(platformKey('Enter', 'mac'), 'Enter');
});
