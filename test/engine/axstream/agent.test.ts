// The agent loop over a scripted fake model: observe → prompt → stream → re-observe → done; the bursts running
// out; the summary carried into the next prompt; stopping at any moment; a model that fails or runs on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axSystemPrompt, runAgent, type ChatMessage, type ChatModel } from '../../../src/axstream/index.ts';
import { act, fakeBackend, fence, later } from './helpers.ts';

interface Scripted {
  model: ChatModel;
  calls: ChatMessage[][];
  signals: AbortSignal[];
}

/** A model that answers call n with replies[n] (the last one again when they run out), in pieces of `size`. */
function scripted(replies: string[], { size = 7, gap = 0 } = {}): Scripted {
  const calls: ChatMessage[][] = [];
  const signals: AbortSignal[] = [];
  const model: ChatModel = (messages, { signal }) => {
    calls.push([...messages]);
    signals.push(signal);
    const text = replies[Math.min(calls.length - 1, replies.length - 1)]!;
    return (async function* () {
      for (let i = 0; i < text.length; i += size) {
        if (gap) await later(gap);
        yield text.slice(i, i + size);
      }
    })();
  };
  return { model, calls, signals };
}

const user = (call: ChatMessage[]) => call.find((m) => m.role === 'user')!.content;

test('observe → re-observe and re-prompt → done ends the run', async () => {
  const fake = fakeBackend();
  let observed = 0;
  const backend = { ...fake.backend, observe: () => (observed++, fake.backend.observe({ signal: new AbortController().signal })) };
  const m = scripted([
    `I'll open search.\n${fence(act({ do: 'click', target: { ax: { id: 'e3' } } }), act({ do: 'type', text: 'tokyo\n' }), '{"op":"observe"}')}`,
    fence('{"op":"done","status":"success"}'),
  ]);
  const result = await runAgent('find the weather in Tokyo', { model: m.model, backend });
  assert.equal(result.reason, 'done');
  assert.equal(result.status, 'success');
  assert.equal(result.bursts, 2);
  assert.equal(observed, 2);
  assert.equal(m.calls.length, 2);
  assert.deepEqual(fake.log, ['click @search', 'type "tokyo\\n"']);
  assert.deepEqual(
    result.outcomes.map((o) => o.reason),
    ['observe', 'done'],
  );
});

test('each prompt is the generated system prompt and one user message with the task and the screen', async () => {
  const m = scripted([fence('{"op":"done","status":"success"}')]);
  await runAgent('press save', { model: m.model, backend: fakeBackend().backend, instructions: 'This is a notes app.' });
  const [system, userMessage] = m.calls[0]!;
  assert.deepEqual(system, { role: 'system', content: axSystemPrompt({ instructions: 'This is a notes app.' }) });
  assert.equal(userMessage!.role, 'user');
  assert.match(userMessage!.content, /^Task: press save/);
  assert.match(userMessage!.content, /e1 button "Save"/);
  assert.equal(m.calls[0]!.length, 2);
});

test('a summary of done and failed steps is carried into the next prompt', async () => {
  const m = scripted([
    fence(act({ do: 'click', target: { ax: { id: 'e1' } } }), act({ do: 'click', target: { ax: { role: 'button', title: 'Publish' } } }), 'not json'),
    fence('{"op":"done","status":"failure","reason":"no publish button"}'),
  ]);
  const result = await runAgent('publish the draft', { model: m.model, backend: fakeBackend().backend });
  const second = user(m.calls[1]!);
  assert.match(second, /What has happened so far:\nBurst 1:\n {2}ok: click e1\n {2}FAILED: click button "Publish": no element matches button "Publish"/);
  assert.match(second, /an action failed, so the burst stopped there/);
  assert.doesNotMatch(user(m.calls[0]!), /What has happened so far/);
  assert.equal(result.reason, 'done');
  assert.equal(result.status, 'failure');
  assert.equal(result.detail, 'no publish button');
  assert.match(result.summary, /Burst 2:\n {2}ok: done failure/);
});

test('dropped lines are told to the model with their reasons', async () => {
  const m = scripted([fence('{"op":"act","do":"wait"}', '{"op":"observe"}'), fence('{"op":"done","status":"success"}')]);
  await runAgent('t', { model: m.model, backend: fakeBackend().backend });
  assert.match(user(m.calls[1]!), /DROPPED line 2: wait needs "ms"/);
});

test('a reply that ends without observe or done is re-prompted, and says so', async () => {
  const m = scripted([fence(act({ do: 'wait', ms: 1 })), fence('{"op":"done","status":"success"}')]);
  const result = await runAgent('t', { model: m.model, backend: fakeBackend().backend });
  assert.equal(result.bursts, 2);
  assert.match(user(m.calls[1]!), /your reply ended without observe or done/);
});

test('at most maxBursts bursts, then a clear max_bursts outcome', async () => {
  const m = scripted([fence('{"op":"observe"}')]);
  const result = await runAgent('loop forever', { model: m.model, backend: fakeBackend().backend, maxBursts: 3 });
  assert.equal(result.reason, 'max_bursts');
  assert.equal(result.bursts, 3);
  assert.equal(m.calls.length, 3);
  assert.match(user(m.calls[2]!), /burst 3 of at most 3/);
});

test('a barrier stops reading the reply: the model is told through its signal and the run goes on at once', async () => {
  let yielded = 0;
  let signal!: AbortSignal;
  const model: ChatModel = (_m, o) => {
    signal = o.signal;
    return (async function* () {
      yield fence('{"op":"done","status":"success"}');
      for (;;) {
        await later(1000);
        yielded++;
        yield 'more and more\n';
      }
    })();
  };
  const result = await runAgent('t', { model, backend: fakeBackend().backend });
  assert.equal(result.reason, 'done');
  assert.equal(signal.aborted, true);
  // The model writes more only after a second: none written means the agent did not wait for it.
  assert.equal(yielded, 0, 'did not wait for the model to write more');
});

test('cancel while the model is writing: aborted, the step running stops, the model is told', async () => {
  const fake = fakeBackend({ delay: () => 10_000 });
  const m = scripted([fence(act({ do: 'wait', ms: 10_000 }), act({ do: 'wait', ms: 1 }))], { size: 3, gap: 2 });
  const controller = new AbortController();
  const running = runAgent('t', { model: m.model, backend: fake.backend, signal: controller.signal });
  await later(60);
  controller.abort();
  const result = await running;
  assert.equal(result.reason, 'aborted');
  assert.equal(m.signals[0]!.aborted, true);
  assert.deepEqual(fake.log, []);
});

test('cancel during an approval ends the run as aborted', async () => {
  const controller = new AbortController();
  const m = scripted([fence(act({ do: 'click', target: { ax: { id: 'e5' } }, risk: 'risky' }))]);
  const running = runAgent('delete it', {
    model: m.model,
    backend: fakeBackend().backend,
    approve: () => (setTimeout(() => controller.abort(), 5), new Promise<boolean>(() => {})),
    signal: controller.signal,
  });
  const result = await running;
  assert.equal(result.reason, 'aborted');
  assert.equal(result.bursts, 1);
});

test('cancel while observing, and an already aborted signal, end the run at once', async () => {
  const controller = new AbortController();
  const backend = { ...fakeBackend().backend, observe: () => new Promise<string>(() => {}) };
  const running = runAgent('t', { model: scripted(['']).model, backend, signal: controller.signal });
  setTimeout(() => controller.abort(), 5);
  assert.equal((await running).reason, 'aborted');
  const m = scripted(['']);
  const r = await runAgent('t', { model: m.model, backend: fakeBackend().backend, signal: AbortSignal.abort() });
  assert.equal(r.reason, 'aborted');
  assert.equal(m.calls.length, 0);
});

test('a model that fails mid-reply ends the run with reason error; steps it finished stand', async () => {
  const fake = fakeBackend();
  const model: ChatModel = () =>
    (async function* () {
      yield `\`\`\`\n${act({ do: 'wait', ms: 1 })}\n{"op":"act","do":"wa`;
      throw new Error('connection reset');
    })();
  const result = await runAgent('t', { model, backend: fake.backend });
  assert.equal(result.reason, 'error');
  assert.match(result.detail!, /the model failed: connection reset/);
  assert.deepEqual(fake.log, ['wait 1']);
});

test('a model that throws at once, or gives something that is not text, is an error too', async () => {
  const throwing: ChatModel = () => {
    throw new Error('no key');
  };
  assert.equal((await runAgent('t', { model: throwing, backend: fakeBackend().backend })).reason, 'error');
  const numbers = (() => (async function* () {
    yield 42;
  })()) as unknown as ChatModel;
  const r = await runAgent('t', { model: numbers, backend: fakeBackend().backend });
  assert.equal(r.reason, 'error');
  assert.match(r.detail!, /text was expected/);
});

test('observe() failing ends the run with reason error', async () => {
  const backend = {
    ...fakeBackend().backend,
    observe: () => {
      throw new Error('tab closed');
    },
  };
  const r = await runAgent('t', { model: scripted(['']).model, backend });
  assert.equal(r.reason, 'error');
  assert.match(r.detail!, /tab closed/);
});

test('callbacks hear observations, steps, narration and outcomes with their burst number', async () => {
  const heard: string[] = [];
  const m = scripted([`Working.\n${fence(act({ do: 'wait', ms: 1 }), '{"op":"observe"}')}`, fence('{"op":"done","status":"success"}')]);
  await runAgent('t', {
    model: m.model,
    backend: fakeBackend().backend,
    onObserve: (_o, n) => heard.push(`observe ${n}`),
    onNarration: (text, _l, n) => heard.push(`say ${n} ${text}`),
    onStep: (s, n) => s.status === 'done' && heard.push(`step ${n}.${s.index}`),
    onBurst: (o, n) => heard.push(`end ${n} ${o.reason}`),
  });
  assert.deepEqual(heard, ['observe 1', 'say 1 Working.', 'step 1.0', 'step 1.1', 'end 1 observe', 'observe 2', 'step 2.0', 'end 2 done']);
});

test('a long observation is cut to the limit with a note', async () => {
  const m = scripted([fence('{"op":"done","status":"success"}')]);
  const backend = { ...fakeBackend().backend, observe: () => Array.from({ length: 5000 }, (_, i) => `e${i} button "B${i}"`).join('\n') };
  await runAgent('t', { model: m.model, backend, maxObservationChars: 2000 });
  const text = user(m.calls[0]!);
  assert.ok(text.length < 2600, `prompt is ${text.length} characters`);
  assert.match(text, /observation cut: \d+ more characters left out/);
});

test('missing task, model or backend is a TypeError at once', async () => {
  const backend = fakeBackend().backend;
  const model = scripted(['']).model;
  await assert.rejects(runAgent('', { model, backend }), TypeError);
  await assert.rejects(runAgent('t', { model: undefined as unknown as ChatModel, backend }), TypeError);
  await assert.rejects(runAgent('t', { model, backend: {} as typeof backend }), TypeError);
});

test('a model that fails while a step is still waiting ends that burst model_failed: told, settled, in the result and the summary', async () => {
  // The first step takes a while, so the second is still queued when the reply breaks off.
  const fake = fakeBackend({ delay: (a) => (a.do === 'wait' ? 30 : 0) });
  const model: ChatModel = () =>
    (async function* () {
      yield `\`\`\`\n${act({ do: 'wait', ms: 1 })}\n${act({ do: 'click', target: { ax: { id: 'e1' } } })}\n`;
      throw Object.assign(new Error('connection reset'), { code: 'overloaded', retryable: true });
    })();
  const heard: string[] = [];
  const result = await runAgent('save it', {
    model,
    backend: fake.backend,
    onBurst: (outcome, n) => heard.push(`${n} ${outcome.reason}`),
  });
  assert.equal(result.reason, 'error');
  assert.deepEqual(heard, ['1 model_failed']);
  assert.equal(result.outcomes.length, 1);
  const outcome = result.outcomes[0]!;
  assert.equal(outcome.reason, 'model_failed');
  assert.match((outcome as { detail: string }).detail, /connection reset/);
  // The click never ran, and never will.
  assert.deepEqual(fake.log, []);
  assert.match(result.summary, /Burst 1:/);
  assert.match(result.summary, /ended: your reply broke off/);
});

test('history: a run goes on from an earlier one of the same task, numbering on and telling the model what already ran', async () => {
  const fake = fakeBackend();
  const failing: ChatModel = () =>
    (async function* () {
      yield `\`\`\`\n${act({ do: 'click', target: { ax: { id: 'e3' } } })}\n${act({ do: 'type', text: 'tokyo' })}\n`;
      // Both steps run before the reply breaks off.
      while (fake.log.length < 2) await later(1);
      throw new Error('overloaded');
    })();
  const first = await runAgent('search tokyo', { model: failing, backend: fake.backend });
  assert.equal(first.reason, 'error');
  assert.deepEqual(fake.log, ['click @search', 'type "tokyo"']);
  const m = scripted([fence('{"op":"done","status":"success"}')]);
  const bursts: number[] = [];
  const again = await runAgent('search tokyo', { model: m.model, backend: fake.backend, history: first, onBurst: (_o, n) => bursts.push(n) });
  assert.equal(again.reason, 'done');
  assert.deepEqual(bursts, [2]);
  assert.equal(again.bursts, 2);
  assert.deepEqual(
    again.outcomes.map((o) => o.reason),
    ['model_failed', 'done'],
  );
  const prompt = user(m.calls[0]!);
  assert.match(prompt, /Burst 1:\n {2}ok: click/);
  assert.match(prompt, /ok: type "tokyo"/);
  assert.match(prompt, /This is burst 2 of at most 11\./);
  // Nothing ran twice.
  assert.deepEqual(fake.log, ['click @search', 'type "tokyo"']);
});
