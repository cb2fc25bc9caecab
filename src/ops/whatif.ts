/**
 * What-if logic without a page: the postfix formulas of Results, run on a stack with the tokens the format
 * lists and nothing else, and the names Sliders are known by. No token is ever looked up on an object's
 * prototype or turned into code: a name is read from the Sliders' values only when it is a plain name that no
 * object inherits, and anything unknown makes the value null.
 */
import { attrText } from './attrs.js';
import type { Attrs } from './types.js';

/** The most tokens a formula may have; longer ones evaluate to null. */
export const MAX_FORMULA_TOKENS = 256;

const BINARY = new Set(['+', '-', '*', '/', '^', '%', 'min', 'max']);
const UNARY = new Set(['neg', 'round', 'floor', 'ceil', 'abs', 'sqrt']);

/** The operators and functions a formula may use. */
export const FORMULA_OPERATORS: readonly string[] = Object.freeze([...BINARY, ...UNARY]);

/** A decimal number written as a string token: `2`, `-0.5`, `1e3`. */
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A Slider name: letters (any script), digits and `_`, not starting with a digit. */
const NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const MAX_NAME = 64;

/**
 * Names no Slider may have: everything an object inherits (`constructor`, `toString`, `__proto__` …) and the
 * function names. Fixed when the module loads, so checking a token reads nothing but the token.
 */
const RESERVED: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
  '__proto__',
  'prototype',
  ...FORMULA_OPERATORS,
]);

/** True for a string that may name a Slider in a formula. */
export function isSliderName(name: unknown): boolean {
  return typeof name === 'string' && name.length <= MAX_NAME && NAME.test(name) && !RESERVED.has(name);
}

/** The Sliders' current values by name: a Map, or a plain object (only its own properties are read). */
export type SliderValues = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

/**
 * Runs a postfix formula. Numbers (JSON numbers or decimal strings) push themselves; a Slider's name pushes its
 * value; `+ - * / ^ %`, `min`, `max` take two; `neg`, `round`, `floor`, `ceil`, `abs`, `sqrt` take one. The value
 * is the one number left on the stack, or null: for a token it doesn't know, a name without a finite value, a
 * missing operand, a leftover, a division by zero or any result that isn't a finite number. Never throws.
 */
export function evaluateFormula(tokens: readonly unknown[] | unknown, values: SliderValues): number | null {
  if (!Array.isArray(tokens) || tokens.length === 0 || tokens.length > MAX_FORMULA_TOKENS) return null;
  const isMap = values instanceof Map;
  const stack: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok: unknown = tokens[i];
    let pushed: number;
    if (typeof tok === 'number') pushed = tok;
    else if (typeof tok !== 'string') return null;
    else if (NUMBER.test(tok)) pushed = Number(tok);
    else if (BINARY.has(tok)) {
      if (stack.length < 2) return null;
      const b = stack.pop()!;
      const a = stack.pop()!;
      const r = binary(tok, a, b);
      if (r === null) return null;
      pushed = r;
    } else if (UNARY.has(tok)) {
      if (stack.length < 1) return null;
      pushed = unary(tok, stack.pop()!);
    } else if (isSliderName(tok)) {
      let v: unknown;
      if (isMap) v = (values as ReadonlyMap<string, number>).get(tok);
      else if (Object.prototype.hasOwnProperty.call(values, tok)) v = (values as Readonly<Record<string, number>>)[tok];
      if (typeof v !== 'number') return null;
      pushed = v;
    } else return null;
    if (!Number.isFinite(pushed)) return null;
    stack.push(pushed);
  }
  return stack.length === 1 ? stack[0]! : null;
}

function binary(op: string, a: number, b: number): number | null {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? null : a / b;
    case '%':
      return b === 0 ? null : a % b;
    case '^':
      return Math.pow(a, b);
    case 'min':
      return Math.min(a, b);
    default:
      return Math.max(a, b);
  }
}

function unary(op: string, a: number): number {
  switch (op) {
    case 'neg':
      return -a;
    case 'round':
      return Math.round(a);
    case 'floor':
      return Math.floor(a);
    case 'ceil':
      return Math.ceil(a);
    case 'abs':
      return Math.abs(a);
    default:
      return Math.sqrt(a);
  }
}

/**
 * Why a formula is not well formed, or null when it is: every token known (a number, an operator, a function or
 * a Slider name), no operator short of operands, exactly one value at the end. The names aren't checked against
 * the Sliders: they may arrive later, and a missing one only makes the value null.
 */
export function formulaProblem(tokens: unknown): string | null {
  if (!Array.isArray(tokens)) return 'formula must be a list of tokens';
  if (tokens.length === 0) return 'formula is empty';
  if (tokens.length > MAX_FORMULA_TOKENS) return `formula has more than ${MAX_FORMULA_TOKENS} tokens`;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tok: unknown = tokens[i];
    if (typeof tok === 'number') {
      if (!Number.isFinite(tok)) return `formula token ${i + 1} is not a finite number`;
      depth++;
    } else if (typeof tok !== 'string') return `formula token ${i + 1} is neither a number nor a name`;
    else if (NUMBER.test(tok) || isSliderName(tok)) depth++;
    else if (BINARY.has(tok)) {
      if (depth < 2) return `"${tok}" (token ${i + 1}) needs two values before it`;
      depth--;
    } else if (UNARY.has(tok)) {
      if (depth < 1) return `"${tok}" (token ${i + 1}) needs a value before it`;
    } else return `formula token ${i + 1} (${JSON.stringify(tok.slice(0, 40))}) is not a number, an operator, a function or a Slider name`;
  }
  return depth === 1 ? null : `formula leaves ${depth} values instead of one`;
}

/**
 * A label as one word: lower case, every run of other characters than letters and digits made one `_`, none at
 * either end. `"Unit price ($)"` is `unit_price`.
 */
export function labelWord(label: string): string {
  return label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * The name a Slider is known by in formulas: its `name`, else its label as one word. Null when it has neither,
 * or when the name couldn't be used in a formula (`constructor`, `min`, `2x` …).
 */
export function sliderName(attrs: Attrs): string | null {
  const name = attrText(attrs, 'name');
  const word = name !== undefined && name !== '' ? name : labelWord(attrText(attrs, 'label') ?? '');
  return isSliderName(word) ? word : null;
}

/** A Slider as numbers: its bounds, step and starting value. */
export interface SliderSpec {
  readonly name: string | null;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** The starting value, kept within min and max. */
  readonly value: number;
}

/**
 * Reads a Slider's attributes: `min` (default 0), `max` (default 100, never below min), `step` (default 1,
 * positive), `value` (default min), each a decimal string; anything unreadable takes the default.
 */
export function sliderSpec(attrs: Attrs): SliderSpec {
  const min = num(attrs['min'], 0);
  const max = Math.max(min, num(attrs['max'], 100));
  const rawStep = num(attrs['step'], 1);
  const step = rawStep > 0 ? rawStep : 1;
  const value = clamp(num(attrs['value'], min), min, max);
  return { name: sliderName(attrs), label: attrText(attrs, 'label') ?? attrText(attrs, 'name') ?? '', min, max, step, value };
}

/** Keeps a value a person or agent gives a Slider within its bounds; null when it isn't a finite number. */
export function sliderValue(spec: SliderSpec, value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? clamp(value, spec.min, spec.max) : null;
}

function num(v: unknown, fallback: number): number {
  if (typeof v !== 'string' || !NUMBER.test(v.trim())) return fallback;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : fallback;
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** The values the Sliders start at, by name (unnamed Sliders left out; the first of two with one name wins). */
export function startingValues(sliders: readonly Attrs[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const attrs of sliders) {
    const spec = sliderSpec(attrs);
    if (spec.name !== null && !out.has(spec.name)) out.set(spec.name, spec.value);
  }
  return out;
}

