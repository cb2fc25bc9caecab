// Runs OUI cases (oui/*.json of the conformance suite given to run.mjs) as their `format` field says, against the engine's OUI layer:
//   route     isActive({routes}, path) (no routes: isActive(undefined, path)) equals expect.active
//   surface   validateSurface(surface, {idStyle: 'strict'}).valid equals expect.valid; a refusal must give its
//             reasons. Strict, because the suite states the naming conventions (kebab-case surface ids,
//             snake_case action ids, observation ids unlike action ids) as rules; 0.1.0's declarations accept any
//             non-empty id, so by default the engine takes such a surface with a warning, and refuses it only
//             when asked to be strict
//   dispatch  a surface runtime on the client end of a direct transport pair, handlers returning `returns` or
//             throwing `throws`, confirmations answered `approve` (absent: refused); each dispatch sent from
//             the agent end after the previous result; every handler call and every result the agent end
//             received (action:result events), in order, compared. Interim results that only say a request is
//             waiting for the person (our `waiting` heartbeats, sent while a confirmation is open so the agent
//             knows why it waits) are not results of the action, and are left out, as status observations are
//             in observe cases
//   observe   each [id, value] of `sets` set in order; the observation updates the agent end received, as
//             [id, value] pairs without status observations, compared
import { diffExact } from './compare.mjs';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Waits until `ready()` holds, a few event-loop turns at most (everything here is in memory). */
async function until(ready, turns = 50) {
  for (let i = 0; i < turns && !ready(); i++) await tick();
  if (!ready()) throw new Error('the surface never registered on the agent end');
}

function runRoute(engine, c) {
  const active = engine.isActive(c.routes === undefined ? undefined : { routes: c.routes }, c.path);
  return active === c.expect.active ? [] : [`active: expected ${c.expect.active}, got ${active}`];
}

function runSurface(engine, c) {
  const check = engine.validateSurface(c.surface, { idStyle: 'strict' });
  if (check.valid !== c.expect.valid) {
    return [`valid: expected ${c.expect.valid}, got ${check.valid}${check.valid ? '' : ` (${check.errors.join('; ')})`}`];
  }
  if (!check.valid && !(check.errors.length > 0 && check.errors.every((e) => typeof e === 'string' && e.length > 0))) {
    return ['refused without saying why'];
  }
  return [];
}

function mount(engine, c, extra = {}) {
  const { server, client } = engine.createDirectTransportPair();
  const runtime = engine.createSurfaceRuntime({ surface: c.surface, transport: client, ...extra });
  const agent = engine.createOUIAgent(server, { timeoutMs: 5000 });
  const close = () => {
    runtime.dispose();
    agent.dispose();
    server.close();
    client.close();
  };
  return { server, client, runtime, agent, close };
}

async function runDispatch(engine, c) {
  const calls = [];
  const handlers = {};
  for (const [id, h] of Object.entries(c.handlers ?? {})) {
    handlers[id] = (params) => {
      calls.push({ actionId: id, params });
      if (Object.prototype.hasOwnProperty.call(h, 'throws')) throw new Error(h.throws);
      return h.returns;
    };
  }
  const m = mount(engine, c, { handlers, confirm: async () => c.approve === true });
  try {
    const received = [];
    m.server.onResult((r) => {
      if (r.waiting === undefined) received.push(r);
    });
    await until(() => m.agent.surface(c.surface.id) !== undefined);
    for (const d of c.dispatches) await m.agent.request(d.surfaceId ?? c.surface.id, d.actionId, d.params ?? {});
    await tick();
    const results = received.map((r) =>
      r.success ? { actionId: r.actionId, success: true, ...(r.data !== undefined ? { data: r.data } : {}) } : { actionId: r.actionId, success: false, code: r.error?.code },
    );
    return [...diffExact('calls', c.expect.calls, calls), ...diffExact('results', c.expect.results, results)];
  } finally {
    m.close();
  }
}

async function runObserve(engine, c) {
  const m = mount(engine, c);
  try {
    const pushed = [];
    m.server.onObservation((u) => {
      if (!engine.parseStatusObservationId(u.observationId)) pushed.push([u.observationId, u.value]);
    });
    await until(() => m.agent.surface(c.surface.id) !== undefined);
    for (const [id, value] of c.sets) m.runtime.setObservation(id, value);
    for (let i = 0; i < 5; i++) await tick();
    return diffExact('pushed', c.expect.pushed, pushed);
  } finally {
    m.close();
  }
}

const kinds = { route: runRoute, surface: runSurface, dispatch: runDispatch, observe: runObserve };

/** Runs one file's cases; {passed, failed, failures}. */
export async function runFile(_file, cases, engine) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const c of cases) {
    let diffs;
    try {
      const run = kinds[c.kind];
      diffs = run ? await run(engine, c) : [`unknown kind ${JSON.stringify(c.kind)}`];
    } catch (err) {
      diffs = [`threw ${err?.stack?.split('\n').slice(0, 3).join(' | ') ?? err}`];
    }
    if (diffs.length === 0) passed++;
    else {
      failed++;
      failures.push(`${c.id ?? '(no id)'}: ${diffs.join('; ')}`);
    }
  }
  return { passed, failed, failures };
}
