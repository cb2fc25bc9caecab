/**
 * Reads one line of Omni-IR into a statement ([4.1]–[4.13]): a hand-written scanner over char codes, with no
 * regular expression per character and no string built a character at a time (text is sliced in ranges).
 *
 * Precedence of errors follows a read-the-tokens-then-the-grammar model: an unterminated string anywhere before
 * the first bad character wins over a grammar error earlier in the line, so `a = Text('x", "y)` reports what a
 * tokenizer would. Calls inside values are read like any value and reported afterwards as not_flat ([4.12]).
 */
import type { StateRef } from './types.js';

/** A bare identifier used as a value: a reference to a component. */
export class Ref {
  constructor(readonly id: string) {}
}

/** A non-empty list of bare identifiers, such as a children list, kept as the ids themselves. */
export class IdList {
  constructor(readonly ids: string[]) {}
}

/** `{key: value, …}`; `keys` keep their order (a key written as a string is given as its text). */
export class Obj {
  constructor(
    readonly keys: string[],
    readonly values: Value[],
    /** Whether a key was written as a string: only such a key may not be an identifier. */
    readonly quoted = false,
  ) {}
}

/** A call inside a value. Its arguments are read for the grammar, then dropped: it is always not_flat. */
export class Call {
  constructor(readonly name: string) {}
}

export type Value = string | number | boolean | null | Ref | StateRef | Value[] | IdList | Obj | Call;

/** Never changed: only copied by keptList. Not frozen, as slice() of a frozen array takes a slow path (5x). */
const NONE: readonly never[] = [];
/**
 * A new empty array for something a document keeps. Not written `[]`: V8 pretenures an array literal whose arrays
 * outlive a scavenge, and a pretenured array keeps everything it holds alive until a full collection.
 */
export const keptList = <T>(): T[] => NONE.slice();

/** What `LineReader.read` found: a component statement, a state statement, a blank or comment line, or an error. */
export const STMT_COMPONENT = 1;
export const STMT_STATE = 2;
export const SKIP = 0;
export const FAILED = -1;
export type ReadResult = typeof STMT_COMPONENT | typeof STMT_STATE | typeof SKIP | typeof FAILED;

// Character codes.
const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22; // "
const HASH = 0x23; // #
const DOLLAR = 0x24; // $
const LPAREN = 0x28;
const RPAREN = 0x29;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const COLON = 0x3a;
const EQUALS = 0x3d;
const UPPER_A = 0x41;
const UPPER_E = 0x45;
const UPPER_Z = 0x5a;
const LBRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RBRACKET = 0x5d;
const UNDERSCORE = 0x5f;
const LOWER_A = 0x61;
const LOWER_E = 0x65;
const LOWER_N = 0x6e;
const LOWER_Z = 0x7a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

const isDigit = (c: number) => c >= DIGIT_0 && c <= DIGIT_9;

/** Up to this many digits a decimal is a whole number below 2^53 over an exact power of ten (see number()). */
const MAX_EXACT_DIGITS = 15;
const POWERS_OF_TEN = Array.from({ length: MAX_EXACT_DIGITS + 1 }, (_, k) => 10 ** k);

/**
 * What each ASCII character can be in a name: one table load per character rather than up to seven comparisons,
 * as scanning ids, names and keys is much of reading a line. `c >>> 0` turns -1 (the end, from `skip`) and NaN
 * (past the end, from charCodeAt) into indexes whose class is none.
 */
const IDENT_START = 1;
const IDENT_CHAR = 2;
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const start = (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) || c === UNDERSCORE;
  CHAR_CLASS[c] = (start ? IDENT_START : 0) | (start || isDigit(c) ? IDENT_CHAR : 0);
}
export const isIdentStart = (c: number) => {
  const u = c >>> 0;
  return u < 128 && (CHAR_CLASS[u]! & IDENT_START) !== 0;
};
export const isIdentChar = (c: number) => {
  const u = c >>> 0;
  return u < 128 && (CHAR_CLASS[u]! & IDENT_CHAR) !== 0;
};

/**
 * Where the identifier characters from `i` end. The scan of ids, names and keys is the reader's hottest loop: a
 * code is tested against 128 once (NaN past the end fails it) and then looked up, with no call and no `>>> 0`.
 */
const identEnd = (s: string, i: number) => {
  let c = s.charCodeAt(i);
  while (c < 128 && (CHAR_CLASS[c]! & IDENT_CHAR) !== 0) c = s.charCodeAt(++i);
  return i;
};

const BACKSLASH_CHAR = '\\';
/** Where `ch` is next in `s` from `from`, or `n` (the line's length) when it isn't. */
const nextOrEnd = (s: string, ch: string, from: number, n: number) => {
  const k = s.indexOf(ch, from);
  return k === -1 ? n : k;
};

/** Why a line was rejected by the reader. */
export const ERR_SYNTAX = 'syntax';
export const ERR_UNTERMINATED = 'unterminated_string';
export const ERR_NOT_FLAT = 'not_flat';
export type ReadError = typeof ERR_SYNTAX | typeof ERR_UNTERMINATED | typeof ERR_NOT_FLAT;

/** Thrown inside the reader to unwind; never escapes it. */
class Stop {
  constructor(
    readonly code: ReadError,
    readonly at: number,
    readonly why: string,
    /** A character no token starts with, or a malformed number or $key: a tokenizer would stop here too. */
    readonly lexical = false,
  ) {}
}

/** Characters a token (or the space between tokens) can start with. */
const isTokenStart = (c: number) =>
  isIdentStart(c) || isDigit(c) || c === SPACE || c === TAB || c === QUOTE || c === HASH || c === DOLLAR ||
  c === LPAREN || c === RPAREN || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE ||
  c === COMMA || c === EQUALS || c === COLON || c === MINUS || c === DOT;

/**
 * One reader per parser, reused for every line: no closures, scanner objects or statement objects are allocated
 * per line. After `read`, the statement is in the fields below (valid until the next `read`): `id`, `name`,
 * `pos`, `names`/`vals` for a component statement; `id` (the $key) and `value` for a state statement; `error`
 * and `why` for a rejected line; and `escapes`, the unknown escapes found (warnings).
 */
export class LineReader {
  private s = '';
  private i = 0;
  private n = 0;
  private depth = 0;
  private nested = '';
  /** Where the next backslash of the line is, at or after the last string read; -1 before the first string. */
  private bs = -1;
  private readonly maxDepth: number;
  /** Scratch lists by nesting depth (see `list`); what they hold past a list's count is left from earlier lists. */
  private readonly scratch: Value[][] = [];
  /** The same for objects' keys. */
  private readonly scratchKeys: string[][] = [];
  /** The id, or the $key of a state statement. */
  id = '';
  /** The component name. */
  name = '';
  /**
   * Positional arguments (the first `npos`), then named ones as written (the first `nnamed`: names[i] = vals[i]).
   * The arrays are reused for every line; items past the counts are left from earlier lines.
   */
  readonly pos: Value[] = [];
  readonly names: string[] = [];
  readonly vals: Value[] = [];
  npos = 0;
  nnamed = 0;
  /** The value of a state statement. */
  value: Value = null;
  error: ReadError | null = null;
  why = '';
  /** Unknown escape sequences seen in this line, e.g. `\d` ([4.6]). */
  escapes: string[] = [];

  constructor(maxDepth = 8) {
    this.maxDepth = maxDepth;
  }

  /** Reads a line into the fields above. */
  read(line: string): ReadResult {
    this.s = line;
    this.i = 0;
    this.n = line.length;
    this.depth = 0;
    this.nested = '';
    this.bs = -1;
    this.error = null;
    if (this.escapes.length) this.escapes = [];
    this.ws();
    if (this.i >= this.n || this.s.charCodeAt(this.i) === HASH) return SKIP;
    this.npos = 0;
    this.nnamed = 0;
    try {
      const st = this.statement();
      if (this.nested) {
        throw new Stop(
          ERR_NOT_FLAT,
          this.i,
          `${this.nested}(…) is a call inside a value; define it on its own line and refer to it by id`,
        );
      }
      return st;
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
      let code = e.code;
      let why = e.why;
      if (code !== ERR_UNTERMINATED && !e.lexical && this.tailUnterminated(e.at)) {
        code = ERR_UNTERMINATED;
        why = 'a string has no closing double quote';
      }
      this.error = code;
      this.why = why;
      return FAILED;
    }
  }

  private fail(why: string): never {
    const c = this.peek();
    throw new Stop(ERR_SYNTAX, this.i, why, c !== -1 && !isTokenStart(c));
  }

  private lexFail(why: string): never {
    throw new Stop(ERR_SYNTAX, this.i, why, true);
  }

  private ws(): void {
    const s = this.s;
    let i = this.i;
    for (let c = s.charCodeAt(i); c === SPACE || c === TAB; c = s.charCodeAt(++i));
    this.i = i;
  }

  /**
   * Skips spaces and tabs and returns the character there, or -1 at the end of the line: what comes after a
   * token is read once, not skipped to and then read again.
   */
  private skip(): number {
    const s = this.s;
    let i = this.i;
    let c = s.charCodeAt(i);
    while (c === SPACE || c === TAB) c = s.charCodeAt(++i);
    this.i = i;
    return i < this.n ? c : -1;
  }

  private peek(): number {
    return this.i < this.n ? this.s.charCodeAt(this.i) : -1;
  }

  private statement(): typeof STMT_COMPONENT | typeof STMT_STATE {
    const s = this.s;
    const c = s.charCodeAt(this.i);
    if (c === DOLLAR) {
      this.id = this.stateKey();
      this.value = this.value_(this.equals());
      this.end();
      return STMT_STATE;
    }
    if (!isIdentStart(c)) this.fail(`a line must start with an id or a $key, not ${this.show()}`);
    const id = (this.id = this.ident());
    if (!isIdentStart(this.equals())) this.fail(`the right side of "${id} =" must be a component call such as Text("…")`);
    const name = (this.name = this.ident());
    if (this.skip() !== LPAREN) this.fail(`expected ( after ${name}`);
    this.args(true);
    this.end();
    return STMT_COMPONENT;
  }

  /** ` = `, after the id or $key; returns the character after it (see `skip`). */
  private equals(): number {
    if (this.skip() !== EQUALS) this.fail(`expected = but found ${this.show()}`);
    this.i++;
    if (this.peek() === EQUALS) this.fail('== is not an assignment; use a single =');
    return this.skip();
  }

  /** After the statement: only spaces, tabs and a comment. */
  private end(): void {
    const c = this.skip();
    if (c !== -1 && c !== HASH) this.fail(`unexpected ${this.show()} after the statement`);
  }

  private show(): string {
    if (this.i >= this.n) return 'the end of the line';
    const cp = this.s.codePointAt(this.i)!;
    return isInvisible(cp) ? `character U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : `"${String.fromCodePoint(cp)}"`;
  }

  private ident(): string {
    const s = this.s;
    const start = this.i;
    return s.slice(start, (this.i = identEnd(s, start + 1)));
  }

  private stateKey(): string {
    const s = this.s;
    const start = this.i;
    let i = start + 1;
    this.i = i;
    if (!isIdentStart(s.charCodeAt(i))) this.lexFail('$ must be followed by a name, as in $amount');
    i = identEnd(s, i + 1);
    this.i = i;
    return s.slice(start, i);
  }

  /**
   * `( [argument {, argument} [,]] )`, the cursor on `(`. Positional arguments come first ([4.3]). The arguments
   * of the statement's own call are kept (`keep`); a call inside a value is only read.
   */
  private args(keep: boolean): void {
    let named = 0;
    this.i++;
    let c = this.skip();
    if (c === RPAREN) {
      this.i++;
      return;
    }
    for (;;) {
      if (c === -1) this.fail('the call has no closing )');
      if (isIdentStart(c)) {
        const start = this.i;
        const word = this.ident();
        const after = this.i;
        if (this.skip() === EQUALS) {
          this.i++;
          if (this.peek() === EQUALS) this.fail('== is not allowed; write name=value');
          const v = this.value_(this.skip());
          if (keep) {
            this.names[this.nnamed] = word;
            this.vals[this.nnamed++] = v;
          }
          named++;
        } else {
          // A positional word (an id, a literal or a call): read from the word already scanned, not scanned again.
          this.i = start;
          if (named > 0) this.fail('a positional argument can\'t follow a named one');
          this.i = after;
          const v = this.wordValue(word);
          if (keep) this.pos[this.npos++] = v;
        }
      } else {
        if (named > 0) this.fail('a positional argument can\'t follow a named one');
        const v = this.value_(c);
        if (keep) this.pos[this.npos++] = v;
      }
      const d = this.skip();
      if (d === COMMA) {
        this.i++;
        c = this.skip();
        if (c === RPAREN) {
          this.i++;
          return;
        }
      } else if (d === RPAREN) {
        this.i++;
        return;
      } else {
        this.fail(d === -1 ? 'the call has no closing )' : `expected , or ) but found ${this.show()}`);
      }
    }
  }

  private deeper(): void {
    if (++this.depth > this.maxDepth) {
      this.fail(`lists, objects and calls are nested more than ${this.maxDepth} levels deep`);
    }
  }

  /** The value starting at the cursor, whose first character `c` the caller has read (-1 at the end). */
  private value_(c: number): Value {
    if (c === QUOTE) return this.string();
    if (c === MINUS || c === DOT || isDigit(c)) return this.number();
    if (c === DOLLAR) {
      // Built from {} rather than written as a literal, so V8 doesn't pretenure it (see lineCheck.ts).
      const ref = {} as { kind: 'state'; key: string };
      ref.kind = 'state';
      ref.key = this.stateKey();
      return ref;
    }
    if (c === LBRACKET) return this.list();
    if (c === LBRACE) return this.object();
    if (isIdentStart(c)) return this.wordValue(this.ident());
    if (c === 0x27) this.fail('strings use double quotes ("…"), not single quotes');
    return this.fail(c === -1 ? 'a value is missing at the end of the line' : `expected a value but found ${this.show()}`);
  }

  /** The value a word just read starts: a literal, a call (read for the grammar) or a reference to an id. */
  private wordValue(word: string): Value {
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    const back = this.i;
    if (this.skip() === LPAREN) {
      this.deeper();
      this.args(false);
      this.depth--;
      if (!this.nested) this.nested = word;
      return new Call(word);
    }
    this.i = back;
    return new Ref(word);
  }

  /**
   * `[…]`. A list of bare ids (children) is read straight into an IdList, with no Ref per item. Items are gathered
   * in a scratch list kept for the list's depth, then copied once at their exact number: no list grown by push
   * and copied again.
   */
  private list(): Value[] | IdList {
    this.deeper();
    this.i++;
    const items = (this.scratch[this.depth] ??= []);
    let n = 0;
    let ids = true;
    let c = this.skip();
    if (c === RBRACKET) {
      this.i++;
      this.depth--;
      return keptList();
    }
    for (;;) {
      let done = false;
      if (ids && isIdentStart(c)) {
        const start = this.i;
        const word = this.ident();
        // Not a call and not a literal: an id. The cursor stays after the spaces skipped to see that.
        if (this.skip() !== LPAREN && word !== 'true' && word !== 'false' && word !== 'null') {
          items[n++] = word;
          done = true;
        } else this.i = start;
      }
      if (!done) {
        if (ids) {
          ids = false;
          for (let k = 0; k < n; k++) items[k] = new Ref(items[k] as string);
        }
        items[n++] = this.value_(c);
      }
      const d = this.skip();
      if (d === COMMA) {
        this.i++;
        c = this.skip();
        if (c === RBRACKET) break;
      } else if (d === RBRACKET) break;
      else this.fail(d === -1 ? 'the list has no closing ]' : `expected , or ] in a list but found ${this.show()}`);
    }
    this.i++;
    this.depth--;
    const exact = items.slice(0, n);
    return ids ? new IdList(exact as string[]) : exact;
  }

  private object(): Obj {
    this.deeper();
    this.i++;
    let c = this.skip();
    if (c === RBRACE) {
      this.i++;
      this.depth--;
      return new Obj(keptList(), keptList());
    }
    // Gathered in scratch lists, as a list's items are, and copied once at their exact number.
    const keys = (this.scratchKeys[this.depth] ??= []);
    const values = (this.scratch[this.depth] ??= []);
    let n = 0;
    let quoted = false;
    for (;;) {
      if (c === QUOTE) {
        keys[n] = this.string();
        quoted = true;
      } else if (isIdentStart(c)) keys[n] = this.ident();
      else this.fail(`expected a key in an object but found ${this.show()}`);
      if (this.skip() !== COLON) this.fail(`expected : after the key "${keys[n]}"`);
      this.i++;
      values[n++] = this.value_(this.skip());
      const d = this.skip();
      if (d === COMMA) {
        this.i++;
        c = this.skip();
        if (c === RBRACE) break;
      } else if (d === RBRACE) break;
      else this.fail(d === -1 ? 'the object has no closing }' : `expected , or } in an object but found ${this.show()}`);
    }
    this.i++;
    this.depth--;
    return new Obj(keys.slice(0, n), values.slice(0, n), quoted);
  }

  /** `"…"` with \" \\ \n decoded; other escapes kept as written and recorded ([4.5]–[4.7]). */
  private string(): string {
    const s = this.s;
    const n = this.n;
    const start = this.i + 1;
    let q = s.indexOf('"', start);
    // The next backslash is searched once per line and kept (`bs`): searching from each string to the end of
    // the line would make a line of many strings cost its length times their number.
    let b = this.bs;
    if (b < start) b = this.bs = nextOrEnd(s, BACKSLASH_CHAR, start, n);
    if (q !== -1 && b > q) {
      this.i = q + 1;
      return s.slice(start, q);
    }
    // Escapes: jump from backslash to backslash; the string ends at the first quote that isn't escaped. Text
    // between escapes is sliced in ranges, so a long text with a few line breaks is a few slices.
    let out = '';
    let seg = start;
    while (b < n && (q === -1 || b < q)) {
      if (b + 1 >= n) break;
      const e = s.charCodeAt(b + 1);
      if (e === QUOTE || e === BACKSLASH || e === LOWER_N) {
        out += s.slice(seg, b) + (e === LOWER_N ? '\n' : e === QUOTE ? '"' : '\\');
        seg = b + 2;
      } else {
        this.escapes.push(s.slice(b, b + (e >= 0xd800 && e <= 0xdbff ? 3 : 2)));
      }
      const next = b + 2;
      if (q !== -1 && q < next) q = s.indexOf('"', next);
      b = nextOrEnd(s, BACKSLASH_CHAR, next, n);
    }
    this.bs = b;
    if (q === -1) throw new Stop(ERR_UNTERMINATED, this.i, 'a string has no closing double quote');
    this.i = q + 1;
    return out + s.slice(seg, q);
  }

  /** `[-] (digits [. {digit}] | . digits) [(e|E) [+|-] digits]`, not followed by a letter, digit or _ ([4.9]). */
  private number(): number {
    const s = this.s;
    const start = this.i;
    let i = start;
    const neg = s.charCodeAt(i) === MINUS;
    if (neg) i++;
    // The digits, fraction included, read as one whole number as they are scanned: exact while there are at
    // most 15 of them (below 2^53), and then the value is that number over a power of ten.
    let whole = 0;
    let digits = 0;
    let c = s.charCodeAt(i);
    while (isDigit(c)) {
      whole = whole * 10 + (c - DIGIT_0);
      digits++;
      c = s.charCodeAt(++i);
    }
    let fraction = 0;
    if (c === DOT) {
      c = s.charCodeAt(++i);
      while (isDigit(c)) {
        whole = whole * 10 + (c - DIGIT_0);
        fraction++;
        c = s.charCodeAt(++i);
      }
    }
    digits += fraction;
    this.i = i;
    if (digits === 0) this.lexFail(`${s.slice(start, i)} is not a number`);
    let exponent = false;
    if (c === LOWER_E || c === UPPER_E) {
      exponent = true;
      i++;
      c = s.charCodeAt(i);
      if (c === PLUS || c === MINUS) i++;
      const e0 = i;
      while (isDigit(s.charCodeAt(i))) i++;
      this.i = i;
      if (i === e0) this.lexFail(`the exponent of ${s.slice(start, i)} has no digits`);
    }
    if (isIdentChar(s.charCodeAt(i))) {
      this.lexFail(`a number can't be followed directly by a letter, digit or _ (${s.slice(start, i + 1)}…)`);
    }
    // -0, -0.0, -0e5 and underflow such as -1e-400 are all the number 0 ([4.9]).
    if (!exponent && digits <= MAX_EXACT_DIGITS) {
      // No slice, no Number(): both operands are exact, so the one division rounds the written decimal to the
      // nearest double, as Number() does (the fast path of Clinger's algorithm). 12.50 is 1250 / 100.
      const v = fraction === 0 ? whole : whole / POWERS_OF_TEN[fraction]!;
      return neg && v !== 0 ? -v : v;
    }
    const v = Number(s.slice(start, i));
    return v === 0 ? 0 : v;
  }

  /**
   * After a grammar error at `at`: would a tokenizer reading on from there find an unterminated string before
   * any character it can't read? Then that is the line's error.
   */
  private tailUnterminated(at: number): boolean {
    const s = this.s;
    const n = this.n;
    let i = at;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === SPACE || c === TAB || c === LPAREN || c === RPAREN || c === LBRACKET || c === RBRACKET) i++;
      else if (c === LBRACE || c === RBRACE || c === COMMA || c === EQUALS || c === COLON) i++;
      else if (c === HASH) return false;
      else if (c === QUOTE) {
        i++;
        for (;;) {
          if (i >= n) return true;
          const d = s.charCodeAt(i);
          if (d === QUOTE) break;
          i += d === BACKSLASH ? 2 : 1;
        }
        if (i >= n) return true;
        i++;
      } else if (isIdentStart(c) || (c === DOLLAR && isIdentStart(s.charCodeAt(i + 1)))) {
        i++;
        while (isIdentChar(s.charCodeAt(i))) i++;
      } else if (isDigit(c) || c === MINUS || c === DOT) {
        this.i = i;
        try {
          this.number();
        } catch {
          return false;
        }
        i = this.i;
      } else return false;
    }
    return false;
  }
}

/**
 * A character a developer can't see when a message quotes it: controls, no-break and zero-width spaces, the
 * byte order mark, direction marks and overrides, line and paragraph separators. It is named by its code point.
 */
function isInvisible(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0xa0) ||
    cp === 0xad ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202f) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0xfeff
  );
}
