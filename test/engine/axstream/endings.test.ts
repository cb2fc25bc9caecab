// How a reply ends, each told apart: a deliberate observe or done, a fence that ends without either, a reply cut
// off in the middle of a line (the newline is the commit, so that line never runs), and a reply with no fence at
// all. None of them is confused with another, whatever the chunking; the agent loop answers each as it should.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runAgent, type ChatMessage, type ChatModel } from '../../../src/axstream/index.ts';
import { act, bytes, fakeBackend, fence, runBurst, split } from './helpers.ts';

const wait = (ms: number) => act({ do: 'wait', ms });

test('a reply cut off in the middle of a line ends truncated: the cut line never runs and is reported', async () => {
  const r = await runBurst(`\`\`\`\n${wait(1)}\n{"op":"act","do":"wait","ms":2`);
  assert.deepEqual(r.log, ['wait 1']);
  assert.equal(r.outcome.reason, 'truncated');
  assert.deepEqual(r.codes, ['3 cut_off']);
  assert.match(r.outcome.reason === 'truncated' ? r.outcome.detail : '', /line 3/);
  assert.equal(r.outcome.reason === 'truncated' && r.outcome.line, 3);
});

test('a last line that is a whole JSON action but has no newline is not run either: the newline is the commit', async () => {
  const r = await runBurst(`\`\`\`\n${wait(1)}\n${wait(2)}`);
  assert.deepEqual(r.log, ['wait 1']);
  assert.equal(r.outcome.reason, 'truncated');
  assert.deepEqual(r.codes, ['3 cut_off']);
  assert.equal(r.steps.length, 1);
});

test('a truncated reply is never taken for an observe, and the steps before the cut all ran first', async () => {
  const r = await runBurst(`Looking up the report.\n\`\`\`jsonl\n${wait(1)}\n${wait(2)}\n{"op":"obs`);
  assert.deepEqual(r.log, ['wait 1', 'wait 2']);
  assert.equal(r.outcome.reason, 'truncated');
  assert.notEqual(r.outcome.reason, 'observe');
});

test('a reply with no fence at all ends no_fence: its lines are narration and nothing runs', async () => {
  const r = await runBurst(`I would click Save now.\n${act({ do: 'click', target: { ax: { title: 'Save' } } })}\n`);
  assert.deepEqual(r.log, []);
  assert.equal(r.outcome.reason, 'no_fence');
  assert.deepEqual(r.narration, ['I would click Save now.', act({ do: 'click', target: { ax: { title: 'Save' } } })]);
  assert.equal((await runBurst('')).outcome.reason, 'no_fence');
  assert.equal((await runBurst('Only words, cut off mid-senten')).outcome.reason, 'no_fence');
});

test('a fence that ends without observe or done is stream_ended, closed or not', async () => {
  assert.equal((await runBurst(fence(wait(1)))).outcome.reason, 'stream_ended');
  assert.equal((await runBurst(`\`\`\`\n${wait(1)}\n`)).outcome.reason, 'stream_ended');
  // What follows a closed fence is narration: words cut off there cut off no step.
  assert.equal((await runBurst(`${fence(wait(1))}That is all for n`)).outcome.reason, 'stream_ended');
});

test('a closing fence cut short, or a blank last line, is no cut-off step', async () => {
  for (const tail of ['``', '`', '```', '   ', '\t']) {
    const r = await runBurst(`\`\`\`\n${wait(1)}\n${tail}`);
    assert.deepEqual([r.outcome.reason, r.log, r.codes], ['stream_ended', ['wait 1'], []], JSON.stringify(tail));
  }
});

test('a barrier before the cut still ends the burst as the barrier says', async () => {
  const observe = await runBurst(`\`\`\`\n${wait(1)}\n{"op":"observe"}\n{"op":"act","do":"wa`);
  assert.equal(observe.outcome.reason, 'observe');
  assert.deepEqual(observe.codes, []);
  const done = await runBurst(`\`\`\`\n{"op":"done","status":"success"}\n${wait(2)}`);
  assert.equal(done.outcome.reason, 'done');
});

test('an over-long last line with no newline is both too long and cut off', async () => {
  const r = await runBurst(`\`\`\`\n${wait(1)}\n{"op":"act","do":"type","text":"${'x'.repeat(20_000)}`);
  assert.equal(r.outcome.reason, 'truncated');
  assert.deepEqual(r.codes, ['3 line_too_long']);
});

test('every ending is the same in chunks of 1, 5 and 13 bytes', async () => {
  const texts = [
    `\`\`\`\n${wait(1)}\n${wait(2)}`,
    `Just words, and an é.\n${wait(1)}\n`,
    `\`\`\`\n${wait(1)}\n\`\``,
    fence(wait(1), '{"op":"observe"}'),
  ];
  for (const text of texts) {
    const whole = await runBurst(text);
    for (const size of [1, 5, 13]) {
      const r = await runBurst(split(bytes(text), size));
      assert.deepEqual([r.outcome.reason, r.codes, r.log], [whole.outcome.reason, whole.codes, whole.log], `${JSON.stringify(text)} in ${size}-byte chunks`);
    }
  }
});

/** A model that answers call n with replies[n] (the last one again when they run out). */
function scripted(replies: string[]) {
  const calls: ChatMessage[][] = [];
  const model: ChatModel = (messages) => {
    calls.push([...messages]);
    const text = replies[Math.min(calls.length - 1, replies.length - 1)]!;
    return (async function* () {
      for (let i = 0; i < text.length; i += 5) yield text.slice(i, i + 5);
    })();
  };
  return { model, calls };
}
const user = (call: ChatMessage[]) => call.find((m) => m.role === 'user')!.content;

test('the agent loop tells the model its reply was cut off, which line did not run, and to write shorter bursts', async () => {
  const fake = fakeBackend();
  const m = scripted([`\`\`\`\n${wait(1)}\n{"op":"act","do":"click","target":{"ax":{"id":"e1"}}}`, fence('{"op":"done","status":"success"}')]);
  const result = await runAgent('save it', { model: m.model, backend: fake.backend });
  assert.equal(result.reason, 'done');
  assert.deepEqual(fake.log, ['wait 1']);
  assert.deepEqual(result.outcomes.map((o) => o.reason), ['truncated', 'done']);
  const next = user(m.calls[1]!);
  assert.match(next, /cut off in the middle of line 3, which was not run/);
  assert.match(next, /shorter/);
  assert.doesNotMatch(next, /you asked to observe/);
});

test('the agent loop re-prompts a reply without a fence once, and stops when the next has none either', async () => {
  const m = scripted(['The report is already open.', 'As I said, it is open.']);
  const result = await runAgent('open the report', { model: m.model, backend: fakeBackend().backend, maxBursts: 10 });
  assert.equal(m.calls.length, 2);
  assert.match(user(m.calls[1]!), /no ```jsonl block, so nothing ran/);
  assert.equal(result.reason, 'no_actions');
  assert.equal(result.bursts, 2);
  assert.deepEqual(result.outcomes.map((o) => o.reason), ['no_fence', 'no_fence']);
  assert.match(result.detail!, /As I said, it is open\./);
});

test('a reply without a fence followed by one with actions goes on as usual', async () => {
  const fake = fakeBackend();
  const m = scripted(['Let me think.', fence(wait(1), '{"op":"done","status":"success"}')]);
  const result = await runAgent('t', { model: m.model, backend: fake.backend });
  assert.equal(result.reason, 'done');
  assert.deepEqual(fake.log, ['wait 1']);
});

test('a fence without observe or done is re-prompted with the reminder to end with one', async () => {
  const m = scripted([fence(wait(1)), fence('{"op":"done","status":"success"}')]);
  await runAgent('t', { model: m.model, backend: fakeBackend().backend });
  assert.match(user(m.calls[1]!), /your reply ended without observe or done/);
});
