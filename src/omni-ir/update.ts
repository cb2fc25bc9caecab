/**
 * Updates after the end of a stream ([10.29]–[10.34]). One implementation of the document rules: the screen's
 * accepted statements are merged with the update's (a replaced line keeps its place, new lines follow in the
 * update's order), pruned to what root reaches ([10.31]), and replayed through the same `accept` as a stream,
 * into a fresh index; then the end-of-stream checks run on it. Applied whole or not at all ([10.33]).
 */
import { createLineSplitter } from '../stream/lineSplitter.js';
import { catalog } from './catalog.generated.js';
import { DocumentIndex, interactive } from './documentIndex.js';
import { E_COMPONENT, E_MUTATION, E_STATE, type Entry } from './lineCheck.js';
import { SKIP } from './lineReader.js';
import { makeIssue, type LineIntake } from './intake.js';
import type { Issue } from './types.js';

const MAX_LINES = 2000;
const L = catalog.limits;

export interface UpdateOutcome {
  /** The new index when the update applies, else null. */
  readonly index: DocumentIndex | null;
  /** `code id` of every error of the new screen, when it applies. */
  readonly errors: Set<string> | null;
  readonly issues: Issue[];
}

/** Lines in a text as the line splitter counts them (a final line ending doesn't start another line). */
function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.length > 0 && !text.endsWith('\n') ? n + 1 : n;
}

export function applyUpdate(current: DocumentIndex, text: string, intake: LineIntake, errorsBefore: ReadonlySet<string>): UpdateOutcome {
  const issues: Issue[] = [];
  const no = (): UpdateOutcome => ({ index: null, errors: null, issues });
  if (lineCount(text) > MAX_LINES) {
    issues.push(makeIssue('update_too_large', null, `an update holds at most ${MAX_LINES} lines; nothing in it applies`));
    return no();
  }

  // 1. Each line on its own ([10.32]); each id and $key at most once ([10.30]).
  const lines: Entry[] = [];
  const assigned = new Map<string, number>();
  let failed = false;
  const splitter = createLineSplitter(
    {
      line(t, n) {
        const e = intake.read(t, n, issues);
        if (e === SKIP) return;
        if (!e) {
          failed = true;
          return;
        }
        const first = assigned.get(e.id);
        if (first !== undefined) {
          issues.push(makeIssue('duplicate_id', n, `the update assigns ${e.id} again (first on its line ${first}); an update assigns each id and $key at most once`, e.id));
          failed = true;
          return;
        }
        assigned.set(e.id, n);
        lines.push(e);
      },
      tooLong(n) {
        issues.push(makeIssue('line_too_long', n, `update line ${n} is longer than ${L.lineLength} characters`));
        failed = true;
      },
    },
    L.lineLength,
  );
  splitter.push(text);
  splitter.end();

  // A $key a field reads before the update can't be assigned by it ([10.34]); after: checked below.
  const conflict = new Set<string>();
  const conflicts = (after: DocumentIndex | null) => {
    for (const e of lines) {
      if (e.t !== E_STATE || !current.state.has(e.id) || conflict.has(e.id)) continue;
      const reads = current.editors.has(e.id) || (after ? after.editors.has(e.id) : lines.some((x) => x.t === E_COMPONENT && x.bind === e.id));
      if (reads) {
        conflict.add(e.id);
        issues.push(makeIssue('live_field_conflict', e.line, `the update sets ${e.id}, which a field reads; what the person enters belongs to them`, e.id));
      }
    }
  };
  if (failed) {
    conflicts(null);
    return no();
  }

  // 2. Merge: replaced lines keep their place, new ones follow in the update's order ([10.32]).
  const merged: Entry[] = [];
  const at = new Map<string, number>();
  for (const e of current.order) {
    at.set(e.id, merged.length);
    merged.push(e.t === E_STATE ? current.state.get(e.id)! : e);
  }
  for (const e of lines) {
    const i = at.get(e.id);
    if (i === undefined) merged.push(e);
    else merged[i] = e;
  }

  // 3. Keep what root reaches through children, and McpMutations of kept Buttons with an action ([10.31]).
  const byId = new Map<string, Entry>();
  for (const e of merged) if (e.t !== E_STATE) byId.set(e.id, e);
  const kept = new Set<string>();
  const root = byId.get(catalog.root);
  // root always stays, so a root that isn't a component is reported as such ([5.1]), not as a missing root.
  if (root) kept.add(root.id);
  if (root && root.t === E_COMPONENT) {
    const stack = [root.id];
    while (stack.length) {
      const e = byId.get(stack.pop()!);
      if (!e || e.t !== E_COMPONENT) continue;
      for (const c of e.children) {
        if (!kept.has(c) && byId.has(c)) {
          kept.add(c);
          stack.push(c);
        }
      }
    }
  }
  const keep = merged.filter((e) => {
    if (e.t === E_STATE || kept.has(e.id)) return true;
    if (e.t !== E_MUTATION) return false;
    const t = byId.get(e.target);
    return t !== undefined && kept.has(t.id) && t.t !== E_STATE && interactive(t);
  });

  // 4. Replay through the stream's document rules, then the end-of-stream checks ([10.32], [10.33]).
  const next = new DocumentIndex();
  const lineOf = (id: string | undefined) => (id === undefined ? null : assigned.get(id) ?? null);
  let broken = false;
  for (const e of keep) {
    if (!next.accept(e)) {
      broken = true;
      issues.push(makeIssue(next.code, lineOf(e.id), next.message, e.id));
    }
  }
  conflicts(next);
  if (broken) return no();
  const errors = new Set<string>();
  for (const f of next.endIssues()) {
    const k = `${f.code} ${f.id ?? ''}`;
    errors.add(k);
    if (!errorsBefore.has(k)) issues.push(makeIssue(f.code, lineOf(f.id), f.message, f.id));
  }
  if (conflict.size || issues.some((i) => i.severity === 'error')) return no();
  return { index: next, errors, issues };
}
