// Runs Omni-IR parser cases (omni-ir/cases/*.json) and field cases (omni-ir/fields/*.json) as FORMAT.md says.
import { diffExact, diffIssues } from './compare.mjs';

/** A case's input: a string, or parts joined in order ({repeat, times} stands for repeated text). */
export function inputText(input) {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) throw new Error('input must be a string or a list of parts');
  return input.map((p) => (typeof p === 'string' ? p : String(p.repeat).repeat(p.times))).join('');
}

function chunks(bytes, size) {
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** One run: write the pieces, end, apply the updates; the differences from `expect`, as short lines. */
function runOnce(engine, c, pieces) {
  const parser = engine.createOmniParser({
    tools: c.tools ?? ['payments.confirm'],
    assets: c.assets ?? [],
    components: c.components,
    pictures: c.pictures,
  });
  for (const p of pieces) parser.write(p);
  parser.end();
  const streamIssues = parser.result().issues;
  const diffs = [];
  (c.updates ?? []).forEach((u, i) => {
    const r = parser.update(inputText(u.input));
    if (r.applied !== u.expect.applied) diffs.push(`update ${i + 1}: applied ${r.applied}, expected ${u.expect.applied}`);
    diffs.push(...diffIssues(u.expect.issues ?? [], r.issues, `update ${i + 1} issues`));
  });
  const result = parser.result();
  const e = c.expect;
  diffs.push(...diffIssues(e.issues ?? [], streamIssues));
  for (const k of ['nodes', 'state', 'mutations', 'missing']) if (k in e) diffs.push(...diffExact(k, e[k], result[k]));
  return diffs;
}

export function runParserCase(engine, c) {
  const text = inputText(c.input);
  const bytes = new TextEncoder().encode(text);
  const runs = [['whole', [text]], ...[1, 5, 13].map((n) => [`${n}-byte chunks`, chunks(bytes, n)])];
  const failures = [];
  for (const [how, pieces] of runs) {
    let diffs;
    try {
      diffs = runOnce(engine, c, pieces);
    } catch (err) {
      diffs = [`threw ${err?.stack?.split('\n').slice(0, 3).join(' | ') ?? err}`];
    }
    if (diffs.length) {
      failures.push(`${how}: ${diffs.join('; ')}`);
      if (how === 'whole') break;
    }
  }
  return failures;
}

export function runFieldCase(engine, c) {
  let got;
  try {
    got = engine.checkField(c.component, c.props ?? {}, c.value);
  } catch (err) {
    return [`threw ${err}`];
  }
  return diffExact('result', c.expect ?? null, got ?? null);
}
