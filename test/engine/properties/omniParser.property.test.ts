// Property tests for the Omni-IR reader: the result never depends on chunking ([3.3]); no input can make it
// throw or hang; an enormous line is skipped without holding it in memory ([3.7]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { createOmniParser } from '../../../src/entries/omni-ir.ts';

// The project's own cases, and the conformance suite's (test/conformance/suite/, the copy of the shared suite).
const own = new URL('../../conformance/extra/omni-ir/cases/', import.meta.url);
const suite = new URL('../../conformance/suite/omni-ir/cases/', import.meta.url);

interface Case {
  id: string;
  input: string | (string | { repeat: string; times: number })[];
  tools?: string[];
  assets?: string[];
  components?: Record<string, any>;
  pictures?: any[];
}

function inputText(input: Case['input']): string {
  if (typeof input === 'string') return input;
  return input.map((p) => (typeof p === 'string' ? p : p.repeat.repeat(p.times))).join('');
}

function loadCases(dir: URL): Case[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')).cases as Case[]);
}

function run(c: Case, chunks: (string | Uint8Array)[]) {
  const p = createOmniParser({
    tools: c.tools ?? ['payments.confirm'],
    assets: c.assets ?? [],
    components: c.components,
    pictures: c.pictures,
  });
  for (const ch of chunks) p.write(ch);
  p.end();
  return p.result();
}

/** Cuts `bytes` at the given (sorted, deduplicated) positions. */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of at) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  out.push(bytes.subarray(prev));
  return out;
}

const cases = [...loadCases(own), ...loadCases(suite)];

test('the conformance cases are there to test with', () => {
  assert.ok(cases.length > 50, `expected at least the project's own cases, found ${cases.length}`);
});

test('random chunkings of every conformance input give the same result', () => {
  for (const c of cases) {
    const text = inputText(c.input);
    if (text.length > 20000) continue; // the long-line cases are covered below, with fewer runs
    const bytes = new TextEncoder().encode(text);
    const whole = run(c, [text]);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 40 }), (points) => {
        assert.deepEqual(run(c, cut(bytes, points)), whole, `case ${c.id}`);
      }),
      { numRuns: 25 },
    );
  }
});

test('long conformance inputs give the same result in random chunkings', () => {
  for (const c of cases) {
    const text = inputText(c.input);
    if (text.length <= 20000) continue;
    const bytes = new TextEncoder().encode(text);
    const whole = run(c, [text]);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 200 }), (points) => {
        assert.deepEqual(run(c, cut(bytes, points)), whole, `case ${c.id}`);
      }),
      { numRuns: 5 },
    );
  }
});

test('random bytes never throw and always end', () => {
  fc.assert(
    fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }), (chunks) => {
      const p = createOmniParser({ tools: ['payments.confirm'] });
      for (const ch of chunks) p.write(ch);
      p.end();
      assert.equal(p.ended, true);
      p.result();
    }),
    { numRuns: 300 },
  );
});

// Garbage shaped like the grammar: fragments of real syntax in random order.
const token = fc.constantFrom(
  'root', 'a', 'b', '$k', '$amount', '=', '==', '(', ')', '[', ']', '{', '}', ',', ':', '"', '\\"', '\\', '"x"',
  '"\\n"', '"\\d"', '#', ' ', '\t', '\n', '\r\n', '1', '-0', '1e999', '.5', '1abc', 'true', 'false', 'null',
  '__proto__', 'constructor', 'Card', 'Stack', 'Text', 'Button', 'Input', 'Table', 'TableRow', 'BarChart',
  'Series', 'Tabs', 'Tab', 'List', 'ListItem', 'Image', 'McpMutation', 'tool=', '"payments.confirm"', 'action=',
  '"pay"', 'params=', 'label=', 'children', '# omni-ir 9.9', '☕', '\uFFFD', '\u0000',
);

test('grammar-shaped garbage never throws and always ends', () => {
  fc.assert(
    fc.property(fc.array(token, { maxLength: 120 }), fc.array(fc.nat(), { maxLength: 10 }), (tokens, points) => {
      const text = tokens.join('');
      const bytes = new TextEncoder().encode(text);
      const p = createOmniParser({ tools: ['payments.confirm'], assets: ['cabin-pines'] });
      for (const ch of cut(bytes, points)) p.write(ch);
      p.end();
      assert.equal(p.ended, true);
      const whole = createOmniParser({ tools: ['payments.confirm'], assets: ['cabin-pines'] });
      whole.write(text);
      whole.end();
      assert.deepEqual(p.result(), whole.result());
    }),
    { numRuns: 400 },
  );
});

test('updates made of garbage never throw and never half-apply', () => {
  fc.assert(
    fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
      const p = createOmniParser({ tools: ['payments.confirm'] });
      p.write('root = Card([t])\nt = Text("hi")\n');
      p.end();
      const before = JSON.stringify(p.result());
      const r = p.update(tokens.join(''));
      if (!r.applied) assert.equal(JSON.stringify(p.result()), before);
    }),
    { numRuns: 300 },
  );
});

test('a 50 MB line is skipped with line_too_long while memory stays flat', () => {
  const p = createOmniParser({ tools: ['payments.confirm'] });
  p.write('root = Stack([a])\nt = Text("');
  const piece = 'x'.repeat(64 * 1024);
  const total = 50 * 1024 * 1024;
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  for (let written = 0; written < total; written += piece.length) {
    p.write(piece);
    if ((written / piece.length) % 64 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  p.write('")\na = Divider()\n');
  p.end();
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  const r = p.result();
  assert.deepEqual(r.issues, [{ line: 2, code: 'line_too_long' }]);
  assert.deepEqual(Object.keys(r.nodes).sort(), ['a', 'root']);
  // Holding the line would take at least 50 MB (100 MB as UTF-16); allow generous garbage headroom.
  assert.ok(peak - before < 20 * 1024 * 1024, `heap grew by ${((peak - before) / 1048576).toFixed(1)} MB`);
});
