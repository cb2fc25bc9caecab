// Property: the result of a burst never depends on how its bytes were chunked. Random streams of actions, junk,
// narration, fences, blank lines and barriers, cut at random byte offsets (through characters, CR LF pairs and
// backticks), give the same executed actions, the same dropped lines and the same end as the whole text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { act, bytes, ending, runBurst, SCREEN } from './helpers.ts';

const lineArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 9 }).map((ms) => act({ do: 'wait', ms })) },
  { weight: 3, arbitrary: fc.record({ x: fc.integer({ min: -5, max: 500 }), y: fc.integer({ min: 0, max: 500 }) }).map((target) => act({ do: 'click', target })) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(...SCREEN.map((n) => n.name), 'save', 'HELP', 'Missing').map((title) => act({ do: 'click', target: { ax: { title } } })),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((text) => act({ do: 'type', text })) },
  { weight: 1, arbitrary: fc.constantFrom(['cmd', 's'], ['Return'], ['ctrl', 'shift', 'T'], ['a', 'b']).map((keys) => act({ do: 'key', keys })) },
  { weight: 1, arbitrary: fc.constant(act({ do: 'click', target: { ax: { title: 'Delete draft' } }, risk: 'risky' })) },
  { weight: 1, arbitrary: fc.constantFrom('{"op":"assert","target":{"ax":{"title":"Save"}}}', '{"op":"assert","target":{"ax":{"title":"Nope"}}}') },
  { weight: 1, arbitrary: fc.constantFrom('{"op":"observe"}', '{"op":"done","status":"success"}', '{"op":"done","status":"failure","reason":"é ☕"}') },
  { weight: 2, arbitrary: fc.constantFrom('```', '```jsonl', '``` ', '') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !s.includes('\n')) },
  { weight: 2, arbitrary: fc.constantFrom('{', 'not json', '[1]', '{"op":"act","do":"wait","ms":-3}', '{"op":"teleport"}', '   ', '\t') },
);

const streamArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 30 }),
  crlf: fc.boolean(),
  finalNewline: fc.boolean(),
  approve: fc.boolean(),
});

/** Cuts `b` at the given offsets (taken modulo its length, sorted, deduplicated). */
function cut(b: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (b.length + 1)))].sort((x, y) => x - y);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of at) {
    out.push(b.subarray(prev, p));
    prev = p;
  }
  out.push(b.subarray(prev));
  return out;
}

test('any chunking of a random stream gives the same executed actions, dropped lines and end', async () => {
  await fc.assert(
    fc.asyncProperty(streamArb, fc.array(fc.nat(), { maxLength: 40 }), async (s, points) => {
      const text = ['```', ...s.lines].join(s.crlf ? '\r\n' : '\n') + (s.finalNewline ? '\n' : '');
      const options = { approve: () => s.approve };
      const whole = await runBurst(text, options);
      const chunked = await runBurst(cut(bytes(text), points), options);
      assert.deepEqual(chunked.log, whole.log);
      assert.deepEqual(chunked.codes, whole.codes);
      assert.deepEqual(ending(chunked.outcome), ending(whole.outcome));
    }),
    { numRuns: 300 },
  );
});

test('every line of a random stream is accounted for: it ran, was dropped, or came after the end', async () => {
  await fc.assert(
    fc.asyncProperty(streamArb, async (s) => {
      const text = `${['```', ...s.lines].join('\n')}\n`;
      const r = await runBurst(text, { approve: () => s.approve });
      const ran = r.steps.filter((st) => st.status !== 'queued').map((st) => st.line);
      const all = [...ran, ...r.dropped].sort((a, b) => a - b);
      assert.equal(new Set(all).size, all.length, 'no line both ran and was dropped');
      const last = all.length ? all[all.length - 1]! : 0;
      assert.ok(last <= s.lines.length + 1);
    }),
    { numRuns: 200 },
  );
});
