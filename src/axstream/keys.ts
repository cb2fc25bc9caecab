/**
 * Key names, read loosely and written one way. Models write `return` or `Enter`, `esc`, `cmd`, `⌘`, `arrowup`,
 * `page down`, `cmd+s`; a backend wants one name per key. The canonical names are the UI Events `key` values
 * (`Enter`, `ArrowUp`, `PageDown`, `F5`…), except two that need a decision the parser can't make or a name a
 * person can read: `Mod` (the platform's command key: Meta on macOS, Control elsewhere, which the backend
 * decides with `platformKey`) and `Space`.
 */
import type { KeyName } from './types.js';
import { AX_LIMITS } from './vocabulary.js';

/** The modifiers, in the order a chord lists them. */
export const MODIFIERS: readonly KeyName[] = ['Mod', 'Control', 'Alt', 'Shift'];

const NAMED: ReadonlyArray<readonly [KeyName, readonly string[]]> = [
  ['Enter', ['enter', 'return', '⏎', '↩', '↵']],
  ['Escape', ['escape', 'esc']],
  ['Tab', ['tab']],
  ['Space', ['space', 'spacebar']],
  ['Backspace', ['backspace']],
  ['Delete', ['delete', 'del', 'forwarddelete']],
  ['Insert', ['insert', 'ins']],
  ['Home', ['home']],
  ['End', ['end']],
  ['PageUp', ['pageup', 'pgup']],
  ['PageDown', ['pagedown', 'pgdown', 'pgdn']],
  ['ArrowUp', ['arrowup', 'up', 'uparrow', '↑']],
  ['ArrowDown', ['arrowdown', 'down', 'downarrow', '↓']],
  ['ArrowLeft', ['arrowleft', 'left', 'leftarrow', '←']],
  ['ArrowRight', ['arrowright', 'right', 'rightarrow', '→']],
  ['Mod', ['cmd', 'command', 'meta', 'mod', 'cmdorctrl', '⌘']],
  ['Control', ['ctrl', 'control', 'ctl', '⌃']],
  ['Alt', ['alt', 'option', 'opt', '⌥']],
  ['Shift', ['shift', '⇧']],
];

const ALIASES: ReadonlyMap<string, KeyName> = new Map(NAMED.flatMap(([key, names]) => names.map((n) => [n, key] as const)));

/** Every alias and the key it reads as, for the docs and the prompt. */
export const KEY_ALIASES: ReadonlyArray<readonly [KeyName, readonly string[]]> = NAMED;

const SPACE = 0x20;
const UNDERSCORE = 0x5f;
const MINUS = 0x2d;
const PLUS = 0x2b;
const UPPER_A = 0x41;
const UPPER_Z = 0x5a;
const LOWER_A = 0x61;
const LOWER_Z = 0x7a;
const MAX_NAME = 32;

/** `Page_Down`, `page down` and `PAGE-DOWN` all look up as `pagedown`. */
function lookupForm(name: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === SPACE || c === UNDERSCORE || c === MINUS) {
      out += name.slice(start, i);
      start = i + 1;
    }
  }
  return (start === 0 ? name : out + name.slice(start)).toLowerCase();
}

/** One code point (a surrogate pair counts as one). */
function isSingleCharacter(s: string): boolean {
  if (s.length === 1) return true;
  if (s.length !== 2) return false;
  const hi = s.charCodeAt(0);
  return hi >= 0xd800 && hi <= 0xdbff;
}

/**
 * The canonical name of one key, or null when the name is not a key: a named key or alias (any case; spaces,
 * `_` and `-` ignored), F1–F12, or a single character (a space is `Space`).
 */
export function normalizeKey(name: string): KeyName | null {
  if (name === ' ') return 'Space';
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_NAME) return null;
  const form = lookupForm(trimmed);
  const named = ALIASES.get(form);
  if (named !== undefined) return named;
  if (isSingleCharacter(trimmed)) return trimmed.charCodeAt(0) < SPACE ? null : trimmed;
  if (form.length >= 2 && form.length <= 3 && form.charCodeAt(0) === 0x66 /* f */) {
    const n = Number(form.slice(1));
    if (Number.isInteger(n) && n >= 1 && n <= 12 && String(n) === form.slice(1)) return `F${n}`;
  }
  return null;
}

/**
 * `cmd+s` written as one entry is the chord `cmd`, `s`; a lone `+` is the plus key, and `ctrl++` ends in it.
 * Returns null when a piece is empty.
 */
function splitPlus(entry: string): string[] | null {
  if (entry.length < 2 || entry.indexOf('+') === -1) return [entry];
  let body = entry;
  let tail: string[] = [];
  if (entry.charCodeAt(entry.length - 1) === PLUS && entry.charCodeAt(entry.length - 2) === PLUS) {
    body = entry.slice(0, -2);
    tail = ['+'];
  }
  const pieces = body.split('+');
  for (const p of pieces) if (p.trim() === '') return null;
  return [...pieces, ...tail];
}

/** A chord in canonical form, or why the names are not one. */
export type ChordResult = { readonly ok: true; readonly chord: readonly KeyName[] } | { readonly ok: false; readonly message: string };

/**
 * Reads a list of key names as a chord: modifiers first, in the order of MODIFIERS and each once, then at most
 * one other key. With a modifier held, a letter's case follows Shift, as a physical keyboard reports it
 * (`["cmd","S"]` is `Mod`+`s`); on its own a character is left as written.
 */
export function normalizeChord(names: readonly string[]): ChordResult {
  const mods = new Set<KeyName>();
  let key: KeyName | null = null;
  let count = 0;
  for (const entry of names) {
    const pieces = splitPlus(entry);
    if (pieces === null) return { ok: false, message: `"${clip(entry)}" is not a key or a chord of keys` };
    for (const piece of pieces) {
      const k = normalizeKey(piece);
      if (k === null) return { ok: false, message: `"${clip(piece)}" is not a key name this runtime knows` };
      if (++count > AX_LIMITS.maxChordKeys) return { ok: false, message: `a chord has at most ${AX_LIMITS.maxChordKeys} keys` };
      if (MODIFIERS.includes(k)) mods.add(k);
      else if (key !== null) {
        return { ok: false, message: `a chord is modifiers plus one key; "${key}" and "${k}" are two keys (send two key actions)` };
      } else key = k;
    }
  }
  const chord = MODIFIERS.filter((m) => mods.has(m));
  if (key !== null) {
    if (chord.length > 0) key = letterCase(key, mods.has('Shift'));
    chord.push(key);
  }
  if (chord.length === 0) return { ok: false, message: 'no key to press' };
  return { ok: true, chord };
}

function letterCase(key: string, upper: boolean): string {
  if (key.length !== 1) return key;
  const c = key.charCodeAt(0);
  const isLetter = (c >= UPPER_A && c <= UPPER_Z) || (c >= LOWER_A && c <= LOWER_Z);
  if (!isLetter) return key;
  return upper ? key.toUpperCase() : key.toLowerCase();
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * A canonical key as the platform's keyboard names it (the UI Events `key` value): `Mod` is `Meta` on macOS and
 * `Control` elsewhere, `Space` is `" "`; every other name is already one.
 */
export function platformKey(key: KeyName, platform: 'mac' | 'other'): string {
  if (key === 'Mod') return platform === 'mac' ? 'Meta' : 'Control';
  if (key === 'Space') return ' ';
  return key;
}
