// The end-of-stream checks ([7.2]) are kept up to date line by line, so a screen without a problem isn't walked
// again at its end. Whatever the lines and their order, what they report must be what a walk of every line finds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createOmniParser } from '../../../src/entries/omni-ir.ts';
import type { DocumentIndex } from '../../../src/omni-ir/documentIndex.ts';

const IDS = ['root', 'a', 'b', 'c', 'm'];
const KEYS = ['$x', '$y'];

/** One line from a small vocabulary, so ids, targets and $keys meet often, in every order. */
const line = fc.oneof(
  fc.tuple(fc.constantFrom(...IDS), fc.subarray(IDS)).map(([id, kids]) => `${id} = Stack([${kids.join(', ')}])`),
  fc.constantFrom(...IDS).map((id) => `${id} = Button("Go", action="go")`),
  fc.constantFrom(...IDS).map((id) => `${id} = Button("Look")`),
  fc.tuple(fc.constantFrom(...IDS), fc.constantFrom(...KEYS)).map(([id, k]) => `${id} = Input(${k}, label="Name")`),
  fc.tuple(fc.constantFrom(...IDS), fc.constantFrom(...KEYS)).map(([id, k]) => `${id} = Text(${k})`),
  fc.tuple(fc.constantFrom(...IDS), fc.constantFrom(...IDS), fc.constantFrom(...KEYS)).map(([id, t, k]) => `${id} = McpMutation(${t}, tool="payments.confirm", params={v: ${k}})`),
  fc.constantFrom(...KEYS).map((k) => `${k} = ""`),
  fc.constantFrom(...IDS).map((id) => `${id} = Divider()`),
);

const indexOf = (p: ReturnType<typeof createOmniParser>) => (p.document as unknown as { index: DocumentIndex }).index;

test('the end checks kept line by line find what a walk of every line finds, for a stream and after an update', () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 14 }), fc.array(line, { maxLength: 6 }), (lines, update) => {
      const p = createOmniParser({ tools: ['payments.confirm'] });
      p.write(lines.map((l) => `${l}\n`).join(''));
      p.end();
      const index = indexOf(p);
      assert.deepEqual(index.endIssues(), index.walkEndIssues());
      p.update(update.join('\n'));
      const after = indexOf(p);
      assert.deepEqual(after.endIssues(), after.walkEndIssues());
    }),
    { numRuns: 3000 },
  );
});

test('a screen with nothing to report is reported clean, and one problem anywhere is found', () => {
  const clean = createOmniParser({ tools: ['payments.confirm'] });
  clean.write('root = Stack([a, b])\n$x = ""\na = Input($x, label="Name")\nb = Button("Go", action="go")\nm = McpMutation(b, tool="payments.confirm", params={v: $x})\n');
  clean.end();
  assert.deepEqual(clean.issues, []);
  for (const [text, code] of [
    ['root = Stack([a, gone])\na = Divider()\n', 'dangling_ref'],
    ['root = Stack([])\nm = McpMutation(gone, tool="payments.confirm")\n', 'dangling_ref'],
    ['root = Text($never)\n', 'missing_state'],
    ['root = Button("Go", action="go")\n', 'ungoverned_mutation'],
    ['root = Stack([b])\nm = McpMutation(b, tool="payments.confirm")\nb = Text("not a button")\n', 'mutation_target_not_interactive'],
  ] as const) {
    const p = createOmniParser({ tools: ['payments.confirm'] });
    p.write(text);
    p.end();
    assert.deepEqual(p.issues.map((i) => i.code), [code], text);
  }
});
