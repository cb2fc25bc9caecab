// createAgUiReader() fed by a real AG-UI run: @ag-ui/client's HttpAgent runs against a server on the loopback
// address that encodes its events with @ag-ui/encoder, and each event the agent hands its subscriber goes to the
// reader, as an app using AG-UI would wire it ([10.18]–[10.20]).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { HttpAgent } from '@ag-ui/client';
import { EventType } from '@ag-ui/core';
import { AGUI_MEDIA_TYPE, EventEncoder } from '@ag-ui/encoder';
import { createAgUiReader, createOmniParser } from '../../../../src/entries/omni-ir.ts';
import { httpServer, quietCancelFetch } from '../../transport/loopback.mjs';

const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** An AG-UI agent endpoint: `script({input, send, res})` writes the run, each event encoded for what the client accepts. */
async function agentServer(script) {
  const server = await httpServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const input = JSON.parse(body);
    const encoder = new EventEncoder({ accept: req.headers.accept });
    res.writeHead(200, { 'Content-Type': encoder.getContentType(), 'Cache-Control': 'no-store' });
    // encodeBinary() writes what getContentType() promised: SSE bytes, or length-prefixed protobuf messages.
    await script({ input, send: (event) => res.write(encoder.encodeBinary(event)), res });
    if (!res.destroyed) res.end();
  });
  servers.push(server);
  return server;
}

const snapshot = (lines = [], version = '0.8', messageId = 'screen-1') => ({
  type: EventType.ACTIVITY_SNAPSHOT,
  messageId,
  activityType: 'omni-ir',
  content: { version, lines },
});
const line = (value, messageId = 'screen-1') => ({
  type: EventType.ACTIVITY_DELTA,
  messageId,
  activityType: 'omni-ir',
  patch: [{ op: 'add', path: '/lines/-', value }],
});
const started = (input) => ({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
const finished = (input) => ({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });

/**
 * Runs the agent at `url` with one user message and feeds every event to a reader writing to `sink`; the run's
 * end, however it ends, ends the reader ([10.19]).
 */
async function runScreen(url, sink, { agent = new HttpAgent({ url, fetch: quietCancelFetch() }), prompt = 'Confirm my payment' } = {}) {
  agent.messages = [{ id: 'user-1', role: 'user', content: prompt }];
  const rejections = [];
  const reader = createAgUiReader({ sink, onError: (r) => rejections.push(r.message) });
  let failed = null;
  await agent.runAgent(
    {},
    {
      onEvent: ({ event }) => reader.handle(event),
      // The run's failure is this test's to look at, not the agent's console's.
      onRunFailed: ({ error }) => {
        failed = error;
        return { stopPropagation: true };
      },
    },
  );
  reader.end();
  return { outcome: reader.outcome, rejections, failed, agent, reader };
}

const SCREEN = ['root = Card([title, amount])', 'title = Heading("Café ☕ 日本 🎉")', 'amount = Text("42.50")'];

test('10.18 / 10.19: a run through HttpAgent draws the screen: the marker first, then every line; the agent’s own copy agrees', async () => {
  let asked = null;
  const server = await agentServer(async ({ input, send }) => {
    asked = input;
    send(started(input));
    send(snapshot());
    for (const l of SCREEN) send(line(l));
    send(finished(input));
  });
  const parser = createOmniParser({ tools: [], assets: [] });
  const { outcome, rejections, failed, agent } = await runScreen(server.url, parser);
  assert.equal(failed, null);
  assert.deepEqual(outcome, { status: 'done' });
  assert.deepEqual(rejections, []);
  assert.equal(parser.ended, true);
  assert.deepEqual(parser.issues, []);
  assert.equal(parser.result().nodes.title.props.text, 'Café ☕ 日本 🎉');
  // The prompt reached the server as the run's user message.
  assert.equal(asked.messages.at(-1).content, 'Confirm my payment');
  // The AG-UI client applied the same patches to its activity message: both sides read the same lines.
  const activity = agent.messages.find((m) => m.role === 'activity');
  assert.deepEqual(activity.content, { version: '0.8', lines: SCREEN });
});

test('either encoding @ag-ui/encoder picks for the client, SSE or protobuf, gives the same screen', async () => {
  const server = await agentServer(async ({ input, send }) => {
    send(started(input));
    send(snapshot([SCREEN[0]]));
    send(line(SCREEN[1]));
    send(line(SCREEN[2]));
    send(finished(input));
  });
  class ProtobufAgent extends HttpAgent {
    requestInit(input) {
      const init = super.requestInit(input);
      return { ...init, headers: { ...init.headers, Accept: AGUI_MEDIA_TYPE } };
    }
  }
  const texts = [];
  for (const agent of [new HttpAgent({ url: server.url, fetch: quietCancelFetch() }), new ProtobufAgent({ url: server.url, fetch: quietCancelFetch() })]) {
    let written = '';
    const { outcome } = await runScreen(server.url, { write: (t) => (written += t), end() {} }, { agent });
    assert.deepEqual(outcome, { status: 'done' });
    texts.push(written);
  }
  assert.equal(texts[0], `# omni-ir 0.8\n${SCREEN.join('\n')}\n`);
  assert.equal(texts[1], texts[0]);
});

test('10.18: other activities, text messages and state events in the same run are not the screen', async () => {
  const server = await agentServer(async ({ input, send }) => {
    send(started(input));
    send({ type: EventType.TEXT_MESSAGE_START, messageId: 'text-1', role: 'assistant' });
    send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'text-1', delta: 'x = Divider()\n' });
    send({ type: EventType.TEXT_MESSAGE_END, messageId: 'text-1' });
    send({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'plan', activityType: 'plan', content: { lines: ['y = Divider()'] } });
    send({ type: EventType.STATE_SNAPSHOT, snapshot: { lines: ['z = Divider()'] } });
    send(snapshot());
    send(line('a = Divider()'));
    send(finished(input));
  });
  let written = '';
  const { outcome } = await runScreen(server.url, { write: (t) => (written += t), end() {} });
  assert.deepEqual(outcome, { status: 'done' });
  assert.equal(written, '# omni-ir 0.8\na = Divider()\n');
});

test('10.19: a patch that rewrites a line, which the AG-UI client applies, changes nothing on the screen', async () => {
  const server = await agentServer(async ({ input, send }) => {
    send(started(input));
    send(snapshot(['a = Divider()']));
    send({ ...line('unused'), patch: [{ op: 'replace', path: '/lines/0', value: 'a = Text("changed")' }] });
    send(line('b = Divider()'));
    send(finished(input));
  });
  let written = '';
  const { outcome, rejections, agent } = await runScreen(server.url, { write: (t) => (written += t), end() {} });
  assert.deepEqual(outcome, { status: 'done' });
  assert.equal(written, '# omni-ir 0.8\na = Divider()\nb = Divider()\n');
  assert.equal(rejections.length, 1);
  // The client's own copy took the rewrite: only the reader keeps the screen's lines as they were written.
  assert.equal(agent.messages.find((m) => m.role === 'activity').content.lines[0], 'a = Text("changed")');
});

test('10.19: RUN_ERROR ends the screen with the run’s code; what came before stays', async () => {
  const server = await agentServer(async ({ input, send }) => {
    send(started(input));
    send(snapshot(['a = Divider()']));
    send({ type: EventType.RUN_ERROR, message: 'The model failed.', code: 'model_error' });
  });
  const s = { written: '', ended: 0, write: (t) => void (s.written += t), end: () => void s.ended++ };
  const { outcome } = await runScreen(server.url, s);
  assert.deepEqual(outcome, { status: 'error', code: 'model_error', message: 'The model failed.', retryable: false });
  assert.equal(s.written, '# omni-ir 0.8\na = Divider()\n');
  assert.equal(s.ended, 1);
});

test('10.9: a connection dropped before RUN_FINISHED: the agent’s run fails, the screen ends as connection_lost', async () => {
  const server = await agentServer(async ({ input, send, res }) => {
    send(started(input));
    send(snapshot(['a = Divider()']));
    await new Promise((r) => setTimeout(r, 20));
    res.destroy();
  });
  const s = { written: '', ended: 0, write: (t) => void (s.written += t), end: () => void s.ended++ };
  const { outcome, failed } = await runScreen(server.url, s);
  assert.ok(failed, 'the AG-UI client reports the run failed');
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(outcome.status === 'error' && outcome.retryable, true);
  assert.equal(s.written, '# omni-ir 0.8\na = Divider()\n');
  assert.equal(s.ended, 1);
});

test('10.9: a stream that simply ends without RUN_FINISHED is connection_lost too', async () => {
  const server = await agentServer(async ({ input, send }) => {
    send(started(input));
    send(snapshot(['a = Divider()']));
  });
  const { outcome } = await runScreen(server.url, { write() {}, end() {} });
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
});
