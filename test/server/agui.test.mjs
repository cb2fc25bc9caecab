// The demo server's AG-UI endpoint ([10.18]–[10.20]) with real clients: @ag-ui/client's HttpAgent runs it, and the
// engine's createAgUiReader() turns the events into the screen, as an app using AG-UI would wire them.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HttpAgent } from '@ag-ui/client';
import { AGUI_MEDIA_TYPE } from '@ag-ui/encoder';
import { person, request, sleep, start } from './helpers.mjs';
import { quietCancelFetch } from '../engine/transport/loopback.mjs';
import { createAgUiReader, createOmniParser } from '../../src/entries/omni-ir.ts';
import { promptOf } from '../../demo/server/aguiRoute.mjs';

let server;
let me;
before(async () => {
  server = await start();
  me = await person(server);
});
after(() => server.close());

const recorded = (name) => readFileSync(new URL(`../../demo/server/model/screens/${name}.omni`, import.meta.url), 'utf8');

/** HttpAgent asking for protobuf instead of SSE. */
class ProtobufAgent extends HttpAgent {
  requestInit(input) {
    const init = super.requestInit(input);
    return { ...init, headers: { ...init.headers, Accept: AGUI_MEDIA_TYPE } };
  }
}

/** Runs the endpoint with one user message; every event goes to a reader writing the screen into `sink`. */
async function runScreen(target, prompt, sink, { Agent = HttpAgent, headers = me } = {}) {
  const agent = new Agent({ url: `${target.url}/api/agui`, headers, fetch: quietCancelFetch() });
  agent.messages = [{ id: 'user-1', role: 'user', content: prompt }];
  const reader = createAgUiReader({ sink });
  const events = [];
  let failed = null;
  await agent.runAgent(
    {},
    {
      onEvent: ({ event }) => {
        events.push(event);
        reader.handle(event);
      },
      onRunFailed: ({ error }) => {
        failed = error;
        return { stopPropagation: true };
      },
    },
  );
  reader.end();
  return { outcome: reader.outcome, events, failed, agent };
}

test('10.18 / 10.19: an HttpAgent run draws the recorded screen: the marker from content.version, then every line', async () => {
  const parser = createOmniParser({ tools: ['payments.confirm'], assets: [] });
  let written = '';
  const sink = { write: (t) => ((written += t), parser.write(t)), end: () => parser.end() };
  const { outcome, events, failed, agent } = await runScreen(server, 'Confirm my payment to Blue Bottle Café', sink);
  assert.equal(failed, null);
  assert.deepEqual(outcome, { status: 'done' });
  assert.equal(written, '# omni-ir 0.8\n' + recorded('payment'));
  assert.equal(parser.ended, true);
  assert.deepEqual(events.map((e) => e.type).filter((t, i, all) => all.indexOf(t) === i), ['RUN_STARTED', 'ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA', 'RUN_FINISHED']);
  // One delta per line ([10.18]); the run's result says how the model stopped.
  assert.equal(events.filter((e) => e.type === 'ACTIVITY_DELTA').length, recorded('payment').split('\n').filter((l, i, all) => i < all.length - 1 || l !== '').length);
  const finished = events.at(-1);
  assert.equal(finished.result.model, 'demo-scripted');
  assert.equal(finished.result.stopReason, 'end_turn');
  // The AG-UI client built the same activity message from the same events.
  const activity = agent.messages.find((m) => m.role === 'activity');
  assert.equal(activity.activityType, 'omni-ir');
  assert.equal(activity.content.version, '0.8');
  assert.equal(activity.content.lines.join('\n') + '\n', recorded('payment'));
});

test('the same recorded screens as SSE and the WebSocket, in SSE and in protobuf framing', async () => {
  for (const [name, prompt] of [['signin', 'Sign me in'], ['dashboard', 'Show the sales dashboard'], ['settings', 'Open my settings'], ['menu', 'What can you show me?']]) {
    for (const Agent of [HttpAgent, ProtobufAgent]) {
      let written = '';
      const { outcome } = await runScreen(server, prompt, { write: (t) => (written += t), end() {} }, { Agent });
      assert.deepEqual(outcome, { status: 'done' }, `${name} (${Agent.name})`);
      assert.equal(written, '# omni-ir 0.8\n' + recorded(name), `${name} (${Agent.name})`);
    }
  }
});

test('10.18: a screen the app keeps current is drawn but not followed: AG-UI has no place for its live id', async () => {
  const before = server.internals.live.size;
  let written = '';
  const { outcome } = await runScreen(server, 'Where is my order?', { write: (t) => (written += t), end() {} });
  assert.deepEqual(outcome, { status: 'done' });
  assert.equal(written, '# omni-ir 0.8\n' + recorded('order'));
  assert.equal(server.internals.live.size, before);
});

test('10.18: a last line without a line ending is still sent as a line', async () => {
  const model = { name: 'm', start: () => ({ live: null, chunks: (async function* () { yield 'root = Card([a])\na = Divi'; yield 'der()'; })() }) };
  const m = await start({ model });
  try {
    const { events } = await runScreen(m, 'hi', { write() {}, end() {} });
    assert.deepEqual(events.filter((e) => e.type === 'ACTIVITY_DELTA').map((e) => e.patch[0].value), ['root = Card([a])', 'a = Divider()']);
  } finally {
    await m.close();
  }
});

test('10.18: a model that fails mid-stream ends the run with RUN_ERROR and its code', async () => {
  const model = {
    name: 'flaky',
    start() {
      return {
        live: null,
        chunks: (async function* () {
          yield 'root = Card([a])\n';
          throw Object.assign(new Error('overloaded'), { code: 'unavailable', retryable: true });
        })(),
      };
    },
  };
  const flaky = await start({ model });
  try {
    let written = '';
    const { outcome, events } = await runScreen(flaky, 'hi', { write: (t) => (written += t), end() {} });
    assert.equal(outcome.status === 'error' && outcome.code, 'unavailable');
    assert.equal(written, '# omni-ir 0.8\nroot = Card([a])\n');
    assert.equal(events.at(-1).type, 'RUN_ERROR');
  } finally {
    await flaky.close();
  }
});

test('10.2: refusals before the run are HTTP errors with the error body; HttpAgent’s run fails with the status', async () => {
  const bad = await request(server, 'POST', '/api/agui', { body: { threadId: 't', runId: 'r', messages: [] } });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.error.code, 'invalid_request');
  for (const body of ['not json', { messages: [{ role: 'user', content: 'hi' }] }, { threadId: 't', runId: 'bad id\n', messages: [{ role: 'user', content: 'hi' }] }]) {
    const r = await request(server, 'POST', '/api/agui', { body });
    assert.equal(r.status, 400, JSON.stringify(body));
  }
  assert.equal((await request(server, 'GET', '/api/agui')).status, 405);
  const { outcome, failed } = await runScreen(server, ' ', { write() {}, end() {} });
  assert.equal(failed?.status, 400);
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
});

test('10.23: 503 model_unverified while the model’s check hasn’t passed', async () => {
  const checked = await start({ modelCheck: { verified: () => false, retryAfter: () => 30 } });
  try {
    const r = await request(checked, 'POST', '/api/agui', { body: { threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content: 'hi' }] } });
    assert.equal(r.status, 503);
    assert.equal(r.json.error.code, 'model_unverified');
    assert.equal(r.headers.get('retry-after'), '30');
  } finally {
    await checked.close();
  }
});

test('10.10: ping comments while the model is quiet, which HttpAgent skips', async () => {
  const slow = await start({ fast: false, log: () => {}, pace: { min: 40, max: 50 }, pingIntervalMs: 10 });
  try {
    const res = await fetch(`${slow.url}/api/agui`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content: 'Sign me in' }] }),
    });
    const raw = await res.text();
    assert.match(raw, /^: ping$/m);
    let written = '';
    const { outcome } = await runScreen(slow, 'Sign me in', { write: (t) => (written += t), end() {} });
    assert.deepEqual(outcome, { status: 'done' });
    assert.equal(written, '# omni-ir 0.8\n' + recorded('signin'));
  } finally {
    await slow.close();
  }
});

test('a run the client aborts stops the model', async () => {
  let stopped = null;
  const model = {
    name: 'slow',
    start(prompt, { signal }) {
      return {
        live: null,
        chunks: (async function* () {
          yield 'root = Divider()\n';
          await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
          stopped = signal.aborted;
        })(),
      };
    },
  };
  const slow = await start({ model });
  try {
    const agent = new HttpAgent({ url: `${slow.url}/api/agui`, fetch: quietCancelFetch() });
    agent.messages = [{ id: 'u', role: 'user', content: 'hi' }];
    const run = agent.runAgent({}, {
      onEvent: ({ event }) => event.type === 'ACTIVITY_DELTA' && agent.abortRun(),
      onRunFailed: () => ({ stopPropagation: true }),
    });
    await run.catch(() => {});
    for (let i = 0; i < 100 && stopped === null; i++) await sleep(10);
    assert.equal(stopped, true);
  } finally {
    await slow.close();
  }
});

test('the prompt is the last user message: text, or its text parts joined', () => {
  assert.equal(promptOf({ messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'x' }, { role: 'user', content: 'last' }] }), 'last');
  assert.equal(promptOf({ messages: [{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }] }] }), 'a\nb');
  for (const input of [{}, { messages: 'x' }, { messages: [] }, { messages: [{ role: 'assistant', content: 'x' }] }, { messages: [null, 4] }]) {
    assert.equal(promptOf(input), null, JSON.stringify(input));
  }
});
