// Runs axstream cases (axstream/*.json) as their `format` field says: each case whole and as UTF-8 bytes in
// chunks of 1, 5 and 13, through the engine's createBurst against a fake backend that records each action it
// is asked to perform. The screen is the live tree ax targets resolve in; options.approve answers every
// approval (absent: refuse). A recorded action is its do and its fields as written, with an element target
// replaced by the ref it resolved to and risk kept only when the line marked it.
import { diffExact } from './compare.mjs';
import { inputText } from './omniIr.mjs';

function chunks(bytes, size) {
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** The fields the line wrote, read back from the input: defaults the engine filled in are not "as written". */
function writtenFields(lines, lineNo) {
  try {
    const v = JSON.parse(lines[lineNo - 1]);
    return v && typeof v === 'object' ? new Set(Object.keys(v)) : new Set();
  } catch {
    return new Set();
  }
}

function record(action, targets, written) {
  const out = { do: action.do };
  for (const [k, v] of Object.entries(action)) {
    if (k === 'op' || k === 'do' || k === 'chord' || !written.has(k)) continue;
    const resolved = targets[k];
    if (resolved?.kind === 'element') out.ref = resolved.node.ref;
    else if (k === 'target' || k === 'from' || k === 'to') out[k] = typeof v === 'string' ? v : { x: v.x, y: v.y };
    else out[k] = v;
  }
  if (written.has('risk') && action.risk === 'risky') out.risk = 'risky';
  else delete out.risk;
  return out;
}

async function runOnce(engine, c, text, pieces) {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const screen = (c.screen ?? []).map((n) => ({ ref: n.ref, role: n.role, name: n.name ?? '' }));
  const actions = [];
  const backend = {
    observe: () => ({ text: '', tree: screen }),
    tree: () => screen,
    act(action, targets, { step }) {
      actions.push(record(action, targets, writtenFields(lines, step.line)));
    },
  };
  const approve = c.options?.approve;
  const burst = engine.createBurst({
    backend,
    policy: 'confirm',
    ...(approve === undefined ? {} : { approve: () => approve === true }),
  });
  for (const p of pieces) burst.write(p);
  burst.end();
  const outcome = await burst.outcome;
  const end = { reason: outcome.reason };
  if (outcome.reason === 'done') {
    end.status = outcome.status;
    if (outcome.detail !== undefined) end.detail = outcome.detail;
  }
  const got = {
    actions,
    // The format's `dropped` is the lines that were not run: a warning (a safe step on the first of two
    // matching targets, `ambiguous_target`) is said of a line that ran.
    dropped: burst.issues.filter((i) => i.severity === 'error').map((i) => i.line),
    end,
  };
  const e = c.expect;
  return [
    ...diffExact('actions', e.actions ?? [], got.actions),
    ...diffExact('dropped', e.dropped ?? [], got.dropped),
    ...diffExact('end', e.end, got.end),
  ];
}

export async function runFile(_file, cases, engine) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const c of cases) {
    const problems = [];
    let text;
    try {
      text = inputText(c.input);
    } catch (err) {
      failed++;
      failures.push(`${c.id ?? '(no id)'}: whole: threw ${err?.message ?? err}`);
      continue;
    }
    const bytes = new TextEncoder().encode(text);
    const runs = [['whole', [text]], ...[1, 5, 13].map((n) => [`${n}-byte chunks`, chunks(bytes, n)])];
    for (const [how, pieces] of runs) {
      let diffs;
      try {
        diffs = await runOnce(engine, c, text, pieces);
      } catch (err) {
        diffs = [`threw ${err?.stack?.split('\n').slice(0, 3).join(' | ') ?? err}`];
      }
      if (diffs.length) {
        problems.push(`${how}: ${diffs.join('; ')}`);
        if (how === 'whole') break;
      }
    }
    if (problems.length === 0) passed++;
    else {
      failed++;
      failures.push(`${c.id ?? '(no id)'}: ${problems.join('\n    ')}`);
    }
  }
  return { passed, failed, failures };
}
