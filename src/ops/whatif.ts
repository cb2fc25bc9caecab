/**
 * What-if logic without a page: the postfix formulas of Results, run on a stack with the tokens the format
 * lists and nothing else, and the names Sliders are known by. No token is ever turned into code, and a name is
 * read from the Sliders' values only as an own property (or a Map key), so no name reaches an object's
 * prototype; anything unknown makes the value null.
 *
 * A Slider may have any name the core can make from a label, including one that is also a function's (`max`,
 * `round`): where a formula reads well only with such a token as a value, it is the Slider; where it reads well
 * with it as the function, the function wins. One rule, checked over the whole formula, so a formula never
 * means something its tokens can't.
 */
import { attrText } from './attrs.js';
import type { Attrs } from './types.js';

/** The most tokens a formula may have; longer ones evaluate to null. */
export const MAX_FORMULA_TOKENS = 256;

const OPERATORS = new Set(['+', '-', '*', '/', '^', '%']);
const BINARY = new Set(['+', '-', '*', '/', '^', '%', 'min', 'max']);
const UNARY = new Set(['neg', 'round', 'floor', 'ceil', 'abs', 'sqrt']);

/** The operators and functions a formula may use. */
export const FORMULA_OPERATORS: readonly string[] = Object.freeze([...BINARY, ...UNARY]);

/** A decimal number written as a string token: `2`, `-0.5`, `1e3`. */
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A Slider name: letters (any script), digits and `_` (`2nd_price` is one), and not a number. */
const NAME = /^[\p{L}\p{N}_]+$/u;
const MAX_NAME = 64;

/** The one name no Slider may have: writing it as an object's key would set the object's prototype. */
const RESERVED = '__proto__';

/** True for a string that may name a Slider in a formula: any word the core makes from a label, but a number. */
export function isSliderName(name: unknown): boolean {
  return typeof name === 'string' && name.length <= MAX_NAME && NAME.test(name) && !NUMBER.test(name) && name !== RESERVED;
}

/** The Sliders' current values by name: a Map, or a plain object (only its own properties are read). */
export type SliderValues = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

/** What a token does on the stack: pushes a value, or takes one or two. */
type Reading = 'value' | 'unary' | 'binary';

/** The ways a token can be read, the function first; empty for a token that is none. */
function readings(tok: unknown, isName: (name: string) => boolean): readonly Reading[] {
  if (typeof tok === 'number') return Number.isFinite(tok) ? VALUE : NONE;
  if (typeof tok !== 'string') return NONE;
  if (NUMBER.test(tok)) return VALUE;
  if (OPERATORS.has(tok)) return BINARY_ONLY;
  const fn = BINARY.has(tok) ? 'binary' : UNARY.has(tok) ? 'unary' : null;
  const name = isSliderName(tok) && isName(tok);
  if (fn === null) return name ? VALUE : NONE;
  return name ? (fn === 'binary' ? BINARY_OR_VALUE : UNARY_OR_VALUE) : fn === 'binary' ? BINARY_ONLY : UNARY_ONLY;
}
const NONE: readonly Reading[] = [];
const VALUE: readonly Reading[] = ['value'];
const BINARY_ONLY: readonly Reading[] = ['binary'];
const UNARY_ONLY: readonly Reading[] = ['unary'];
const BINARY_OR_VALUE: readonly Reading[] = ['binary', 'value'];
const UNARY_OR_VALUE: readonly Reading[] = ['unary', 'value'];

const NEEDS: Readonly<Record<Reading, number>> = { value: 0, unary: 1, binary: 2 };
const CHANGE: Readonly<Record<Reading, number>> = { value: 1, unary: 0, binary: -1 };

/**
 * How each token is read so the formula is well formed (one value left), preferring a function wherever both
 * readings work; null when no reading is, with `why` told the first problem of the plain reading. Linear for a
 * formula without a token that could be both; otherwise quadratic in its length (at most 256 tokens).
 */
function readFormula(tokens: readonly unknown[], isName: (name: string) => boolean, why?: (problem: string) => void): Reading[] | null {
  const options = tokens.map((t) => readings(t, isName));
  let ambiguous = false;
  for (const o of options) if (o.length > 1) ambiguous = true;
  if (!ambiguous) {
    const out: Reading[] = [];
    let depth = 0;
    for (let i = 0; i < tokens.length; i++) {
      const r = options[i]![0];
      if (r === undefined) {
        why?.(tokenProblem(tokens[i], i));
        return null;
      }
      if (depth < NEEDS[r]) {
        why?.(`"${String(tokens[i])}" (token ${i + 1}) needs ${r === 'binary' ? 'two values' : 'a value'} before it`);
        return null;
      }
      depth += CHANGE[r];
      out.push(r);
    }
    if (depth === 1) return out;
    why?.(`formula leaves ${depth} values instead of one`);
    return null;
  }
  // ok[i] holds the depths before token i from which the rest can end with one value.
  const n = tokens.length;
  const ok: Uint8Array[] = [];
  for (let i = 0; i <= n; i++) ok.push(new Uint8Array(n + 2));
  ok[n]![1] = 1;
  for (let i = n - 1; i >= 0; i--) {
    for (let d = 0; d <= i; d++) {
      for (const r of options[i]!) {
        const next = d + CHANGE[r];
        if (d >= NEEDS[r] && next <= n && ok[i + 1]![next]) {
          ok[i]![d] = 1;
          break;
        }
      }
    }
  }
  if (!ok[0]![0]) {
    const bad = options.findIndex((o) => o.length === 0);
    why?.(bad >= 0 ? tokenProblem(tokens[bad], bad) : 'formula is not well formed whichever way its names are read');
    return null;
  }
  const out: Reading[] = [];
  let depth = 0;
  for (let i = 0; i < n; i++) {
    for (const r of options[i]!) {
      const next = depth + CHANGE[r];
      if (depth >= NEEDS[r] && next <= n && ok[i + 1]![next]) {
        out.push(r);
        depth = next;
        break;
      }
    }
  }
  return out;
}

function tokenProblem(tok: unknown, i: number): string {
  if (typeof tok === 'number') return `formula token ${i + 1} is not a finite number`;
  if (typeof tok !== 'string') return `formula token ${i + 1} is neither a number nor a name`;
  return `formula token ${i + 1} (${JSON.stringify(tok.slice(0, 40))}) is not a number, an operator, a function or a Slider name`;
}

/**
 * Runs a postfix formula. Numbers (JSON numbers or decimal strings) push themselves; a Slider's name pushes its
 * value; `+ - * / ^ %`, `min`, `max` take two; `neg`, `round`, `floor`, `ceil`, `abs`, `sqrt` take one. A token
 * that is both a function and the name of one of `values` is read as the formula needs (see above). The value
 * is the one number left on the stack, or null: for a token it doesn't know, a name without a finite value, a
 * missing operand, a leftover, a division by zero or any result that isn't a finite number. Never throws.
 */
export function evaluateFormula(tokens: readonly unknown[] | unknown, values: SliderValues): number | null {
  if (!Array.isArray(tokens) || tokens.length === 0 || tokens.length > MAX_FORMULA_TOKENS) return null;
  const isMap = values instanceof Map;
  const valueOf = (name: string): unknown =>
    isMap
      ? (values as ReadonlyMap<string, number>).get(name)
      : Object.prototype.hasOwnProperty.call(values, name)
        ? (values as Readonly<Record<string, number>>)[name]
        : undefined;
  const reading = readFormula(tokens, (name) => typeof valueOf(name) === 'number');
  if (reading === null) return null;
  const stack: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok: unknown = tokens[i];
    const r = reading[i]!;
    let pushed: number;
    if (r === 'binary') {
      const b = stack.pop()!;
      const a = stack.pop()!;
      const v = binary(tok as string, a, b);
      if (v === null) return null;
      pushed = v;
    } else if (r === 'unary') pushed = unary(tok as string, stack.pop()!);
    else if (typeof tok === 'number') pushed = tok;
    else if (NUMBER.test(tok as string)) pushed = Number(tok);
    else pushed = valueOf(tok as string) as number;
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
 * a Slider name), no operator short of operands, exactly one value at the end, for some reading of the tokens
 * that could name a Slider as well as a function. The names aren't checked against the Sliders: they may
 * arrive later, and a missing one only makes the value null.
 */
export function formulaProblem(tokens: unknown): string | null {
  if (!Array.isArray(tokens)) return 'formula must be a list of tokens';
  if (tokens.length === 0) return 'formula is empty';
  if (tokens.length > MAX_FORMULA_TOKENS) return `formula has more than ${MAX_FORMULA_TOKENS} tokens`;
  let problem = 'formula is not well formed';
  return readFormula(tokens, () => true, (p) => (problem = p)) === null ? problem : null;
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

