/**
 * Checks one parsed JSON line against the vocabulary and gives the typed action, or the issue that drops the
 * line. Driven by the table in vocabulary.ts, so a field is checked exactly as the prompt describes it. Never
 * throws, and reads only the fields an action takes: the work is bounded by the vocabulary, not by the value.
 */
import { isJsonObject } from '../stream/jsonLines.js';
import { normalizeChord } from './keys.js';
import { readAxTarget, readTarget } from './readTarget.js';
import type { AxAction, AxIssue, AxIssueCode, ReadLine, ScrollDirection } from './types.js';
import { ACTION_SPECS, AX_LIMITS, AXSTREAM_VERSION, VOCABULARY_FIELDS, type ActionSpec, type FieldSpec } from './vocabulary.js';

const DIRECTIONS: ReadonlySet<string> = new Set<ScrollDirection>(['up', 'down', 'left', 'right']);

/** An issue for a line, in the shape every reader reports. */
export function lineIssue(code: AxIssueCode, line: number, message: string): AxIssue {
  return { code, severity: 'error', line, message: `line ${line}: ${message}` };
}

const drop = (code: AxIssueCode, line: number, message: string): ReadLine => ({ ok: false, issue: lineIssue(code, line, message) });

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Reads a parsed line (any JSON value) as an axstream action. */
export function readAction(value: unknown, line: number): ReadLine {
  if (!isJsonObject(value)) return drop('not_object', line, 'a line in the fence must be a JSON object');
  const op = value['op'];
  if (op === undefined) return drop('missing_op', line, 'the line has no "op"');
  if (typeof op !== 'string') return drop('unknown_op', line, '"op" must be a string');
  if (op === 'observe') return { ok: true, action: { op: 'observe' } };
  if (op === 'done') return readDone(value, line);
  if (op === 'assert') {
    if (value['target'] === undefined) return drop('missing_field', line, 'assert needs a "target"');
    const t = readAxTarget(value['target'], 'target');
    return t.ok ? { ok: true, action: { op: 'assert', target: t.target } } : drop('bad_field', line, t.message);
  }
  let name: unknown = op;
  if (op === 'act') {
    name = value['do'];
    if (name === undefined) return drop('missing_field', line, 'act needs "do": the action to perform');
    if (typeof name !== 'string') return drop('unknown_action', line, '"do" must be a string');
  } else if (!ACTION_SPECS.has(op)) {
    return drop('unknown_op', line, `"${clip(op)}" is not an operation (act, assert, observe, done) or an action`);
  }
  const spec = ACTION_SPECS.get(name as string);
  if (spec === undefined) return drop('unknown_action', line, `"${clip(name as string)}" is not an action of axstream ${AXSTREAM_VERSION}`);
  return readAct(spec, value, line);
}

/**
 * True when `text` has more than `max` characters, counted as code points (an emoji is one, as the limits say),
 * not UTF-16 units; only a string longer than `max` units needs counting.
 */
function longer(text: string, max = Infinity): boolean {
  if (text.length <= max) return false;
  let n = 0;
  for (const _ of text) if (++n > max) return true;
  return false;
}

function readDone(value: Record<string, unknown>, line: number): ReadLine {
  const status = value['status'];
  if (status === undefined) return drop('missing_field', line, 'done needs "status": success or failure');
  if (status !== 'success' && status !== 'failure') return drop('bad_field', line, '"status" must be "success" or "failure"');
  const reason = value['reason'];
  if (reason === undefined) return { ok: true, action: { op: 'done', status } };
  if (typeof reason !== 'string') return drop('bad_field', line, '"reason" must be a string');
  if (longer(reason, AX_LIMITS.maxReasonLength)) return drop('bad_field', line, `"reason" is longer than ${AX_LIMITS.maxReasonLength} characters`);
  return { ok: true, action: { op: 'done', status, reason } };
}

function readAct(spec: ActionSpec, value: Record<string, unknown>, line: number): ReadLine {
  const risk = value['risk'];
  if (risk !== undefined && risk !== 'safe' && risk !== 'risky') return drop('bad_field', line, '"risk" must be "safe" or "risky"');
  const out: Record<string, unknown> = { op: 'act', do: spec.do, risk: risk ?? 'safe' };
  for (const key of Object.keys(value)) {
    if (VOCABULARY_FIELDS.has(key) && !spec.fields.some((f) => f.name === key)) {
      return drop('bad_field', line, `${spec.do} does not take "${key}"`);
    }
  }
  for (const f of spec.fields) {
    const raw = value[f.name];
    if (raw === undefined) {
      if (f.required) return drop('missing_field', line, `${spec.do} needs "${f.name}" (${f.about})`);
      out[f.name] = f.default;
      continue;
    }
    const checked = readField(f, raw, spec.do);
    if (typeof checked === 'string') return drop('bad_field', line, checked);
    out[f.name] = checked.value;
    if (f.kind === 'keys') out['chord'] = checked.chord;
  }
  return { ok: true, action: out as unknown as AxAction };
}

type Checked = { value: unknown; chord?: readonly string[] };

/** The field's value as the action keeps it, or a message saying what is wrong. */
function readField(f: FieldSpec, raw: unknown, action: string): Checked | string {
  const name = `"${f.name}"`;
  switch (f.kind) {
    case 'target':
    case 'element': {
      const t = f.kind === 'element' ? readAxTarget(raw, f.name) : readTarget(raw, f.name);
      return t.ok ? { value: t.target } : t.message;
    }
    case 'text':
      if (typeof raw !== 'string') return `${name} must be a string`;
      if (raw.length === 0) return `${name} is empty: there is nothing to type`;
      if (longer(raw, f.max)) return `${name} is longer than ${f.max} characters`;
      return { value: raw };
    case 'location': {
      if (typeof raw !== 'string') return `${action}'s ${name} must be a plain string (an app name or a URL)`;
      const t = raw.trim();
      if (t === '') return `${name} is empty`;
      if (longer(t, f.max)) return `${name} is longer than ${f.max} characters`;
      return { value: t };
    }
    case 'direction': {
      const d = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      return DIRECTIONS.has(d) ? { value: d } : `${name} must be up, down, left or right`;
    }
    case 'integer':
      if (typeof raw !== 'number' || !Number.isInteger(raw)) return `${name} must be a whole number`;
      if (raw < (f.min ?? -Infinity) || raw > (f.max ?? Infinity)) return `${name} must be from ${f.min} to ${f.max}`;
      return { value: raw };
    case 'keys': {
      // One key written as a string instead of a list is still plainly one key.
      const list = typeof raw === 'string' ? [raw] : raw;
      if (!Array.isArray(list) || list.length === 0) return `${name} must be a list of key names, such as ["enter"] or ["cmd","s"]`;
      if (list.length > (f.max ?? Infinity)) return `${name} holds more than ${f.max} keys`;
      const keys: string[] = [];
      for (const k of list) {
        if (typeof k !== 'string') return `${name} must hold key names (strings)`;
        keys.push(k === ' ' ? k : k.trim());
      }
      const chord = normalizeChord(keys);
      return chord.ok ? { value: keys, chord: chord.chord } : chord.message;
    }
  }
}
