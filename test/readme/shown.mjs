// What a README example shows it prints, checked against what it printed (issue 29 item 1).
//
// The README marks an output with an arrow comment on the line that logs it:
//
//   console.log(result.success, agent.contextText()); // → true, "… count (How many todos there are) = 1"
//   console.log(outcome.reason); // → 'stream_ended': the click ran on the desktop
//
// After the arrow come the values the call logs, one per argument, written as JavaScript literals: strings in
// single or double quotes, numbers, true, false, null, undefined, arrays and objects (`{ id: 'title', … }`).
// `…` stands for anything: inside a string any text, as an object member any other keys, as an array item any
// further items, as a value any value. After the values, prose may follow a `:`, `(`, `;` or dash.
//
// The runners record every console.log with the README line it was called from (the blocks are padded so their
// line numbers are the README's) and the values it was given; each arrow line must have logged at least once, and
// every log from it must match. An arrow comment the parser can't read fails too: nothing shown goes unchecked.

const ARROW = /\/\/\s*→\s*(.*)$/;

/** The arrow comments of a block: [{line, text}], `line` the README's. */
export function shownLines(block) {
  const out = [];
  block.code.split('\n').forEach((code, i) => {
    const m = ARROW.exec(code);
    if (m) out.push({ line: block.line + 1 + i, text: m[1].trim() });
  });
  return out;
}

/** Reads the values after an arrow: {values} (patterns), or {error}. */
export function parseShown(text) {
  let i = 0;
  const fail = (why) => {
    throw new Error(`${why} at column ${i + 1} of "${text}"`);
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const ident = () => {
    const m = /^[A-Za-z_$][\w$]*/.exec(text.slice(i));
    if (!m) fail('a name was expected');
    i += m[0].length;
    return m[0];
  };
  const string = () => {
    const quote = text[i++];
    let s = '';
    while (i < text.length && text[i] !== quote) {
      if (text[i] === '\\') i++;
      s += text[i++];
    }
    if (text[i] !== quote) fail('a string has no closing quote');
    i++;
    return s;
  };
  const value = () => {
    space();
    const c = text[i];
    if (c === '…') {
      i++;
      return { any: true };
    }
    if (c === '"' || c === "'") {
      const s = string();
      if (!s.includes('…')) return { equal: s };
      const re = s.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*');
      return { like: new RegExp(`^${re}$`), shown: s };
    }
    if (c === '{') {
      i++;
      const keys = new Map();
      let more = false;
      for (;;) {
        space();
        if (text[i] === '}') break;
        if (text[i] === '…') {
          i++;
          more = true;
        } else {
          const key = text[i] === '"' || text[i] === "'" ? string() : ident();
          space();
          if (text[i++] !== ':') fail('":" was expected after a key');
          keys.set(key, value());
        }
        space();
        if (text[i] === ',') i++;
        else if (text[i] !== '}') fail('"," or "}" was expected');
      }
      i++;
      return { object: keys, more };
    }
    if (c === '[') {
      i++;
      const items = [];
      let more = false;
      for (;;) {
        space();
        if (text[i] === ']') break;
        if (text[i] === '…') {
          i++;
          more = true;
        } else items.push(value());
        space();
        if (text[i] === ',') i++;
        else if (text[i] !== ']') fail('"," or "]" was expected');
      }
      i++;
      return { array: items, more };
    }
    const number = /^-?\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      i += number[0].length;
      return { equal: Number(number[0]) };
    }
    const word = ident();
    const words = { true: true, false: false, null: null, undefined };
    if (!Object.hasOwn(words, word)) fail(`"${word}" is not a value`);
    return { equal: words[word] };
  };
  try {
    const values = [value()];
    space();
    while (text[i] === ',') {
      i++;
      values.push(value());
      space();
    }
    if (i < text.length && !/^[:(;—–-]/.test(text.slice(i))) fail('prose after the values must follow ":", "(", ";" or a dash');
    return { values };
  } catch (error) {
    return { error: error.message };
  }
}

/** Why `actual` doesn't match `pattern` (a path and what differs), or null when it does. */
export function mismatch(pattern, actual, path = 'it') {
  if (pattern.any) return null;
  if ('equal' in pattern) return Object.is(pattern.equal, actual) ? null : `${path} is ${show(actual)}, not ${show(pattern.equal)}`;
  if (pattern.like) return typeof actual === 'string' && pattern.like.test(actual) ? null : `${path} is ${show(actual)}, which is not ${show(pattern.shown)}`;
  if (pattern.array) {
    if (!Array.isArray(actual)) return `${path} is ${show(actual)}, not an array`;
    if (pattern.more ? actual.length < pattern.array.length : actual.length !== pattern.array.length) return `${path} has ${actual.length} items, not ${pattern.array.length}`;
    for (const [k, p] of pattern.array.entries()) {
      const why = mismatch(p, actual[k], `${path}[${k}]`);
      if (why) return why;
    }
    return null;
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path} is ${show(actual)}, not an object`;
  for (const [key, p] of pattern.object) {
    if (!Object.hasOwn(actual, key)) return `${path} has no ${key}`;
    const why = mismatch(p, actual[key], `${path}.${key}`);
    if (why) return why;
  }
  const extra = Object.keys(actual).filter((k) => !pattern.object.has(k));
  return !pattern.more && extra.length ? `${path} also has ${extra.join(', ')}` : null;
}

function show(v) {
  const s = v === undefined ? 'undefined' : JSON.stringify(v);
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/**
 * The problems of a block's shown outputs, given what it logged: [{line, args}], `line` the README's (null when
 * the call was not in the block's own code).
 */
export function shownProblems(block, logs, file = 'README.md') {
  const problems = [];
  for (const { line, text } of shownLines(block)) {
    const where = `${file}:${line}`;
    const { values, error } = parseShown(text);
    if (error) {
      problems.push(`${where} shows an output the test can't read (${error}); write it as the values logged, see test/readme/shown.mjs`);
      continue;
    }
    const here = logs.filter((l) => l.line === line);
    if (here.length === 0) {
      problems.push(`${where} shows an output, "${text}", but nothing was logged from that line`);
      continue;
    }
    for (const log of here) {
      const why = log.args.length !== values.length
        ? `it logged ${log.args.length} values (${log.args.map(show).join(', ')}), the README shows ${values.length}`
        : values.map((p, k) => mismatch(p, log.args[k], `value ${k + 1}`)).find(Boolean);
      if (why) problems.push(`${where} shows "${text}", but ${why}`);
    }
  }
  return problems;
}

/** A value as plain data (what a log shows of it): functions, cycles and depth beyond 8 cut. */
export function plain(value, depth = 0, seen = new Set()) {
  if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) return value;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || depth > 8 || seen.has(value)) return `[${typeof value}]`;
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => plain(v, depth + 1, seen));
    if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v, depth + 1, seen)]));
    const out = {};
    for (const key of Object.keys(value)) out[key] = plain(value[key], depth + 1, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}
