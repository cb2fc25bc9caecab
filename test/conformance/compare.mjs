// Comparisons and short diffs for conformance results.
import { isDeepStrictEqual } from 'node:util';

/** Issues as a set of "line code" after dropping duplicates (FORMAT.md). */
export function issueSet(issues) {
  return new Set(issues.map((i) => `${i.line ?? 'null'} ${i.code}`));
}

/** Differences between expected and actual issue lists, as short lines; [] when they match. */
export function diffIssues(expected, actual, label = 'issues') {
  const e = issueSet(expected);
  const a = issueSet(actual);
  const out = [];
  const missing = [...e].filter((x) => !a.has(x));
  const extra = [...a].filter((x) => !e.has(x));
  if (missing.length) out.push(`${label}: missing ${missing.map((x) => `(${x})`).join(' ')}`);
  if (extra.length) out.push(`${label}: unexpected ${extra.map((x) => `(${x})`).join(' ')}`);
  return out;
}

const short = (v) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

/** Exact comparison of an object keyed by id (nodes, state, mutations) or a list (missing), as short lines. */
export function diffExact(label, expected, actual) {
  if (isDeepStrictEqual(expected, actual)) return [];
  if (Array.isArray(expected) || Array.isArray(actual) || typeof expected !== 'object' || typeof actual !== 'object' || !expected || !actual) {
    return [`${label}: expected ${short(expected)}, got ${short(actual)}`];
  }
  const out = [];
  for (const k of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (!(k in actual)) out.push(`${label}.${k}: missing (expected ${short(expected[k])})`);
    else if (!(k in expected)) out.push(`${label}.${k}: unexpected ${short(actual[k])}`);
    else if (!isDeepStrictEqual(expected[k], actual[k])) out.push(`${label}.${k}: expected ${short(expected[k])}, got ${short(actual[k])}`);
  }
  return out;
}
