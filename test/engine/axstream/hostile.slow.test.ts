// Hostile input: the stream is untrusted. Huge lines, deep JSON, floods of junk or of valid steps, names that
// look like object internals: nothing throws, nothing hangs, memory stays bounded by the limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AX_LIMITS, createBurst, readAction } from '../../../src/axstream/index.ts';
import { act, fakeBackend, fence, runBurst, split, bytes, type Ref } from './helpers.ts';

// A hang guard, not a speed check: timing budgets live in bench/ax.mjs.
const GUARD = { timeout: 20_000 };

test('a 10 MB line with no newline is never held whole and never runs', GUARD, async () => {
  const fake = fakeBackend();
  const burst = createBurst<Ref>({ backend: fake.backend });
  burst.write('```\n{"op":"act","do":"type","text":"');
  const chunk = 'x'.repeat(64 * 1024);
  for (let i = 0; i < 160; i++) burst.write(chunk);
  burst.write('"}\n{"op":"act","do":"wait","ms":1}\n');
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'stream_ended');
  assert.deepEqual(fake.log, ['wait 1']);
  assert.deepEqual(
    burst.issues.map((i) => i.code),
    ['line_too_long'],
  );
});

test('deeply nested JSON within the line limit is read or dropped, never thrown', GUARD, async () => {
  const depth = AX_LIMITS.maxLineLength / 2 - 10;
  const deepArray = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepField = `{"op":"act","do":"wait","ms":1,"x":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`;
  const deepTarget = `{"op":"click","target":{"ax":${'{"ax":'.repeat(2000)}{}${'}'.repeat(2000)}}}`;
  const r = await runBurst(fence(deepArray, deepField, deepTarget, '{"op":"act","do":"wait","ms":2}'));
  assert.deepEqual(r.log, ['wait 1', 'wait 2']);
  assert.deepEqual(r.codes, ['2 not_object', '4 bad_field']);
});

test('100,000 lines of junk settle, drop at most maxIssues issues and count the rest', GUARD, async () => {
  const junk = ['{', 'not json', '[]', '{"op":null}', '{"op":"act","do":"click","target":{}}', '""', '{"op":"act","do":"wait","ms":1e99}'];
  const lines: string[] = [];
  for (let i = 0; i < 100_000; i++) lines.push(junk[i % junk.length]!);
  const fake = fakeBackend();
  const burst = createBurst<Ref>({ backend: fake.backend });
  const text = fence(...lines, act({ do: 'wait', ms: 1 }));
  for (let i = 0; i < text.length; i += 4096) burst.write(text.slice(i, i + 4096));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'stream_ended');
  assert.deepEqual(fake.log, ['wait 1']);
  assert.equal(burst.issues.length, AX_LIMITS.maxIssues);
  assert.equal(burst.issues.length + burst.issuesOmitted, 100_000);
});

test('a flood of valid steps stops at maxSteps; the rest are dropped as too_many_steps', GUARD, async () => {
  const lines = Array.from({ length: AX_LIMITS.maxSteps + 50 }, () => act({ do: 'wait', ms: 0 }));
  const r = await runBurst(fence(...lines));
  assert.equal(r.log.length, AX_LIMITS.maxSteps);
  assert.equal(r.codes.length, 50);
  assert.ok(r.codes.every((c) => c.endsWith(' too_many_steps')));
});

test('names that look like object internals are not actions, keys or roles', () => {
  for (const line of [
    { op: 'constructor' },
    { op: '__proto__' },
    { op: 'toString' },
    { op: 'act', do: 'hasOwnProperty' },
    { op: 'act', do: 'key', keys: ['constructor'] },
    { op: 'act', do: 'key', keys: ['__proto__'] },
  ]) {
    assert.equal(readAction(line, 1).ok, false, JSON.stringify(line));
  }
  const polluted = readAction(JSON.parse('{"op":"act","do":"wait","ms":1,"__proto__":{"risk":"safe","ms":9}}'), 1);
  assert.ok(polluted.ok);
  assert.deepEqual(polluted.action, { op: 'act', do: 'wait', risk: 'safe', ms: 1 });
  assert.equal(({} as Record<string, unknown>)['ms'], undefined);
});

test('control characters, lone surrogates and invalid UTF-8 never throw', GUARD, async () => {
  const nasty = [
    '\u0000\u0001\u001b[31m',
    '{"op":"act","do":"type","text":"\\ud800"}',
    '{"op":"act","do":"key","keys":["\\u0007"]}',
    '\u2028{"op":"observe"}',
  ];
  const text = fence(...nasty, act({ do: 'wait', ms: 1 }));
  const r = await runBurst(text);
  assert.deepEqual(r.log, ['type "\\ud800"', 'wait 1']);
  const b = new Uint8Array([...bytes('```\n'), 0xff, 0xfe, 0x0a, ...bytes(`${act({ do: 'wait', ms: 2 })}\n`)]);
  const rb = await runBurst(split(b, 3));
  assert.deepEqual(rb.log, ['wait 2']);
  assert.deepEqual(rb.codes, ['2 not_json']);
});

test('a fence opened and closed a hundred thousand times costs a line each and runs nothing', GUARD, async () => {
  const r = await runBurst('```\n```\n'.repeat(100_000));
  assert.deepEqual(r.log, []);
  assert.equal(r.outcome.reason, 'stream_ended');
});
