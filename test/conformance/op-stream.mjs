// Runs op-stream cases (op-stream/*.json of the conformance suite given to run.mjs): each input is read whole, then as UTF-8 bytes in
// chunks of 1, 5 and 13; cases with transport "sse" are read as SSE (said explicitly, and again detected). The
// document is compared as the file's `format` says: nodes, roots, rejected lines, diag lines and end.
import { diffExact } from './compare.mjs';

const encoder = new TextEncoder();

function chunks(bytes, size) {
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

function runOnce(engine, c, pieces, transport) {
  const stream = engine.createOpStream({ transport });
  for (const p of pieces) stream.write(p);
  stream.end();
  const got = engine.snapshotDocument(stream.document);
  const diffs = [];
  const wantTransport = c.transport === 'sse' ? 'sse' : 'lines';
  if (stream.transport !== null && stream.transport !== wantTransport) diffs.push(`read as ${stream.transport}, expected ${wantTransport}`);
  for (const k of ['nodes', 'roots', 'rejected', 'diags', 'end']) {
    if (k in c.expect) diffs.push(...diffExact(k, c.expect[k], got[k]));
  }
  return diffs;
}

function runCase(engine, c) {
  const text = c.input;
  if (typeof text !== 'string') return ['input must be a string'];
  const bytes = encoder.encode(text);
  const declared = c.transport === 'sse' ? 'sse' : 'lines';
  const runs = [];
  for (const transport of [declared, 'auto']) {
    const label = transport === 'auto' ? ' (detected)' : '';
    runs.push([`whole${label}`, [text], transport]);
    for (const n of [1, 5, 13]) runs.push([`${n}-byte chunks${label}`, chunks(bytes, n), transport]);
  }
  const failures = [];
  for (const [how, pieces, transport] of runs) {
    let diffs;
    try {
      diffs = runOnce(engine, c, pieces, transport);
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

/** The runner contract of run.mjs: {passed, failed, failures}. */
export async function runFile(_file, cases, engine) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const c of cases) {
    const diffs = runCase(engine, c);
    if (diffs.length === 0) passed++;
    else {
      failed++;
      failures.push(`${c.id ?? '(no id)'}: ${diffs.join('\n    ')}`);
    }
  }
  return { passed, failed, failures };
}
