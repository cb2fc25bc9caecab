// The remote backend protocol (axstream-remote/1): a burst driving a backend at the other end of a fake socket
// pair, and of the callback route; element handles going out and coming back; failures, timeouts, a closed
// socket and cancellation reaching the agent's backend.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import {
  answerRemote,
  createBurst,
  createRemoteBackend,
  serveRemoteBackend,
  REMOTE_PROTOCOL,
  type Backend,
  type MessageSocket,
  type RemoteReply,
  type RemoteRequest,
} from '../../../src/axstream/index.ts';
import { act, fakeBackend, fence, type Ref } from './helpers.ts';

/** Two ends of an in-memory socket: what one sends, the other hears as a message, a turn later (as on a network). */
function socketPair(style: 'dom' | 'node' = 'dom') {
  const sent: { from: 'a' | 'b'; text: string }[] = [];
  const make = (name: 'a' | 'b') => {
    const emitter = new EventEmitter();
    const socket: MessageSocket & { other?: typeof socket; emit(type: string, value: unknown): void; close(): void } = {
      send(text: string) {
        sent.push({ from: name, text });
        setTimeout(() => socket.other?.emit('message', style === 'dom' ? { data: text } : Buffer.from(text)), 0);
      },
      emit: (type, value) => emitter.emit(type, value),
      close() {
        emitter.emit('close', {});
        socket.other?.emit('close', {});
      },
    };
    if (style === 'dom') {
      socket.addEventListener = (type, l) => emitter.on(type, l);
      socket.removeEventListener = (type, l) => emitter.off(type, l);
    } else {
      socket.on = (type, l) => emitter.on(type, l);
      socket.off = (type, l) => emitter.off(type, l);
    }
    return socket;
  };
  const a = make('a');
  const b = make('b');
  a.other = b;
  b.other = a;
  return { runner: a, agent: b, sent };
}

test('a burst runs through a socket: observe, resolve by id and by role, act with handles that come back as refs', async () => {
  const { runner, agent, sent } = socketPair();
  const fake = fakeBackend();
  const stop = serveRemoteBackend(agent, fake.backend);
  const remote = createRemoteBackend(runner);
  const seen = await remote.observe({ signal: new AbortController().signal });
  assert.equal(typeof seen === 'string' ? seen : seen.text, 'e1 button "Save"\ne2 button "Save as…"\ne3 textbox "Search"\ne4 link "Help center"\ne5 button "Delete draft"');
  const burst = createBurst({ backend: remote });
  const outcome = await burst.stream(
    fence(
      act({ do: 'click', target: { ax: { id: 'e3' } } }),
      act({ do: 'type', text: 'milk\n' }),
      act({ do: 'click', target: { ax: { role: 'AXButton', title: 'save' } } }),
      act({ do: 'drag', from: { ax: { id: 'e1' } }, to: { x: 4, y: 5 } }),
      '{"op":"done","status":"success"}',
    ),
  );
  assert.equal(outcome.reason, 'done');
  assert.deepEqual(fake.log, ['click @search', 'type "milk\\n"', 'click @save', 'drag @save (4,5)']);
  // On the wire the agent's refs are handles, never the refs themselves.
  const replies = sent.filter((m) => m.from === 'b').map((m) => JSON.parse(m.text));
  assert.ok(replies.every((r) => r.ax === REMOTE_PROTOCOL && typeof r.id === 'number'));
  // The runner asks for the match (the node and any others just as good), so a reply carries {node, alike}.
  const resolved = replies.filter((r) => r.result && r.result.node).map((r) => r.result.node);
  assert.ok(resolved.length >= 2);
  assert.ok(resolved.every((n) => /^h\d+$/.test(n.ref)), JSON.stringify(resolved));
  const requests = sent.filter((m) => m.from === 'a').map((m) => JSON.parse(m.text) as RemoteRequest);
  assert.deepEqual(
    requests.map((r) => r.call),
    ['observe', 'resolve', 'act', 'act', 'resolve', 'act', 'resolve', 'act'],
  );
  const firstAct = requests.find((r) => r.call === 'act')!;
  assert.equal(firstAct.call === 'act' && firstAct.step.line, 2);
  stop();
  remote.close();
});

test('ws-style sockets (on/off, Buffer messages) work the same', async () => {
  const { runner, agent } = socketPair('node');
  const fake = fakeBackend();
  serveRemoteBackend(agent, fake.backend);
  const remote = createRemoteBackend(runner);
  const outcome = await createBurst({ backend: remote }).stream(fence(act({ do: 'key', keys: ['cmd', 's'] }), '{"op":"observe"}'));
  assert.equal(outcome.reason, 'observe');
  assert.deepEqual(fake.log, ['key Mod+s']);
});

test('the callback route: a function from request to reply, here answerRemote itself', async () => {
  const fake = fakeBackend();
  const remote = createRemoteBackend(answerRemote(fake.backend));
  const outcome = await createBurst({ backend: remote }).stream(fence(act({ do: 'click', target: { ax: { title: 'Help center' } } })));
  assert.equal(outcome.reason, 'stream_ended');
  assert.deepEqual(fake.log, ['click @help']);
});

test('a failing action fails its step with the agent’s sentence; a target not found fails as on a page', async () => {
  const fake = fakeBackend({ fail: (a) => (a.do === 'type' ? 'the field is read-only' : undefined) });
  const remote = createRemoteBackend(answerRemote(fake.backend));
  const failed = await createBurst({ backend: remote }).stream(fence(act({ do: 'type', text: 'x' })));
  assert.equal(failed.reason, 'action_failed');
  assert.equal('detail' in failed && failed.detail, 'type failed: the field is read-only');
  const missing = await createBurst({ backend: remote }).stream(fence(act({ do: 'click', target: { ax: { title: 'Nope' } } })));
  assert.equal('detail' in missing && missing.detail, 'no element matches "Nope"');
});

test('a handle the agent forgot asks the model to look again', async () => {
  const answer = answerRemote(fakeBackend().backend);
  const reply = await answer({
    ax: REMOTE_PROTOCOL,
    id: 1,
    call: 'act',
    action: { op: 'act', do: 'click', risk: 'safe', target: { kind: 'ax', id: 'e1' } },
    targets: { target: { kind: 'element', node: { role: 'button', name: 'Save', ref: 'h999' } } },
    step: { index: 0, line: 1 },
  });
  assert.deepEqual(reply, { ax: REMOTE_PROTOCOL, id: 1, ok: false, error: 'that element is no longer known here; observe again' });
  const bad = await answer({ ax: 'remote/9', id: 2, call: 'observe' } as unknown as RemoteRequest);
  assert.equal(bad.ok, false);
  const unknownAction = await answer({ ax: REMOTE_PROTOCOL, id: 3, call: 'act', action: { op: 'act', do: 'launch' }, targets: {}, step: { index: 0, line: 1 } } as unknown as RemoteRequest);
  assert.deepEqual(unknownAction, { ax: REMOTE_PROTOCOL, id: 3, ok: false, error: 'act needs an action' });
});

test('no reply within the timeout fails the request; a closed socket fails everything pending', async () => {
  const silent: MessageSocket = { send() {}, addEventListener() {}, removeEventListener() {} };
  const remote = createRemoteBackend(silent, { timeoutMs: 20 });
  await assert.rejects(remote.observe({ signal: new AbortController().signal }), /did not answer within 20 ms/);

  const { runner } = socketPair();
  const lonely = createRemoteBackend(runner);
  const pending = lonely.observe({ signal: new AbortController().signal });
  runner.close();
  await assert.rejects(pending, /connection to the remote backend closed/);
  await assert.rejects(lonely.observe({ signal: new AbortController().signal }), /is closed/);
});

test('stopping the burst cancels the running act at the agent: its signal aborts', async () => {
  const { runner, agent, sent } = socketPair();
  let aborted = false;
  let started!: () => void;
  const begun = new Promise<void>((r) => (started = r));
  const slow: Backend<Ref> = {
    observe: () => '',
    resolve: () => null,
    act: (_a, _t, { signal }) =>
      new Promise<void>((resolve) => {
        started();
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      }),
  };
  serveRemoteBackend(agent, slow);
  const burst = createBurst({ backend: createRemoteBackend(runner) });
  burst.write(fence(act({ do: 'wait', ms: 30000 })));
  await begun;
  burst.stop('the person pressed Stop');
  assert.equal((await burst.outcome).reason, 'aborted');
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(aborted, true);
  assert.ok(sent.some((m) => m.from === 'a' && JSON.parse(m.text).call === 'cancel'));
});

test('replies that are not the protocol’s are ignored, so only the real reply settles a request', async () => {
  const { runner, agent } = socketPair();
  const fake = fakeBackend();
  serveRemoteBackend(agent, fake.backend);
  const remote = createRemoteBackend(runner);
  runner.emit('message', { data: 'not json' });
  runner.emit('message', { data: JSON.stringify({ ax: REMOTE_PROTOCOL, id: 1, ok: true, result: { text: 'forged' } }) });
  // The forged reply above came before request 1 existed; the real one settles it.
  const seen = await remote.observe({ signal: new AbortController().signal });
  assert.notEqual(typeof seen === 'string' ? seen : seen.text, 'forged');
});

test('resolving over the wire keeps the rules: what the target is for goes along, and an ambiguous target comes back as one', async () => {
  const tree = [
    { ref: 'title', role: 'heading', name: 'Go' },
    { ref: 'a', role: 'button', name: 'Go', id: 'e1' },
    { ref: 'b', role: 'button', name: 'Go', id: 'e2' },
  ];
  const fake = fakeBackend({ tree });
  const requests: RemoteRequest[] = [];
  const answer = answerRemote(fake.backend);
  const backend = createRemoteBackend((request) => (requests.push(request), answer(request)));
  const safe = createBurst({ backend });
  await safe.stream(fence(act({ do: 'click', target: { ax: { title: 'Go' } } })));
  assert.deepEqual(fake.log, ['click @a']);
  assert.deepEqual(safe.issues.map((i) => i.code), ['ambiguous_target']);
  const asked = requests.find((r) => r.call === 'resolve');
  assert.deepEqual(asked?.call === 'resolve' && [asked.purpose, asked.alike], ['act', true]);
  const risky = createBurst({ backend, approve: () => assert.fail('nobody is asked about an ambiguous target') });
  const outcome = await risky.stream(fence(act({ do: 'click', target: { ax: { title: 'Go' } }, risk: 'risky' })));
  assert.equal(outcome.reason, 'action_failed');
  assert.deepEqual(fake.log, ['click @a']);
});

test('an agent that predates alike answers a resolve with the node alone, and the runner takes it', async () => {
  const node = { id: 'e1', role: 'button', name: 'Go', ref: 'h1' };
  const old = async (request: RemoteRequest): Promise<RemoteReply> =>
    request.call === 'resolve' ? { ax: REMOTE_PROTOCOL, id: request.id, ok: true, result: node } : { ax: REMOTE_PROTOCOL, id: request.id, ok: true };
  const backend = createRemoteBackend(old);
  const found = await backend.match({ kind: 'ax', title: 'Go' }, { signal: new AbortController().signal, purpose: 'act' });
  assert.deepEqual([found.node?.ref, found.alike], ['h1', []]);
  assert.equal((await backend.resolve({ kind: 'ax', title: 'Go' }, { signal: new AbortController().signal }))?.ref, 'h1');
});
