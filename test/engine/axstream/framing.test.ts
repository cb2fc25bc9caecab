// Fence framing and line commit: what opens and closes a fence, what is narration, how lines are numbered and
// dropped, and that no chunk boundary changes the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBurst, createFenceReader, type AxAction, type AxIssue } from '../../../src/axstream/index.ts';
import { act, bytes, fakeBackend, fence, runBurst, split } from './helpers.ts';

const wait = (ms: number) => act({ do: 'wait', ms });

/** Runs the reader alone: actions as "line do", drops as "line code", narration as "line text". */
function frame(chunks: (string | Uint8Array)[]) {
  const out: string[] = [];
  const r = createFenceReader({
    action: (a: AxAction, n) => out.push(`${n} ${a.op === 'act' ? a.do : a.op}`),
    dropped: (i: AxIssue) => out.push(`${i.line} ${i.code}`),
    narration: (t, n) => out.push(`${n} narration ${t}`),
  });
  for (const c of chunks) r.write(c);
  r.end();
  return out;
}

test('a line beginning with three backticks opens the fence, whatever its tag', async () => {
  for (const tag of ['', 'jsonl', 'json', 'spec', 'axstream extra words']) {
    const r = await runBurst(`\`\`\`${tag}\n${wait(1)}\n\`\`\`\n`);
    assert.deepEqual(r.log, ['wait 1'], `tag "${tag}"`);
  }
});

test('a line that is exactly three backticks closes the fence; trailing blanks are allowed', async () => {
  const r = await runBurst(`\`\`\`\n${wait(1)}\n\`\`\` \t\n${wait(2)}\n`);
  assert.deepEqual(r.log, ['wait 1']);
  assert.deepEqual(r.narration, [wait(2)]);
});

test('indented backticks do not open a fence', async () => {
  const r = await runBurst(`  \`\`\`\n${wait(1)}\n`);
  assert.deepEqual(r.log, []);
});

test('a tagged fence line inside the fence is dropped, not a second opening', () => {
  assert.deepEqual(frame([`\`\`\`\n\`\`\`json\n${wait(1)}\n\`\`\`\n`]), ['2 not_json', '3 wait']);
});

test('narration before, between and after fences never runs, even when it is a valid action line', async () => {
  const r = await runBurst(`${wait(9)}\nI will wait.\n${fence(wait(1))}${wait(8)}\n${fence(wait(2))}after\n`);
  assert.deepEqual(r.log, ['wait 1', 'wait 2']);
  assert.deepEqual(r.narration, [wait(9), 'I will wait.', wait(8), 'after']);
});

test('line numbers count every line of the input from 1, narration and blank lines included', () => {
  assert.deepEqual(frame(['intro\n\n```\n\n{"op":"x"}\n{"op":"observe"}\n```\n']), [
    '1 narration intro',
    '2 narration ',
    '5 unknown_op',
    '6 observe',
  ]);
});

test('CR LF line endings and blank or white-space lines inside the fence change nothing', async () => {
  const lf = await runBurst(fence(wait(1), '', '   ', '\t', wait(2)));
  const crlf = await runBurst(fence(wait(1), '', '   ', '\t', wait(2)).replace(/\n/g, '\r\n'));
  assert.deepEqual(crlf.log, lf.log);
  assert.deepEqual(crlf.dropped, []);
});

test('identical consecutive lines both run: no deduplication', async () => {
  const line = act({ do: 'click', target: { x: 1, y: 2 } });
  const r = await runBurst(fence(line, line, line));
  assert.deepEqual(r.log, ['click (1,2)', 'click (1,2)', 'click (1,2)']);
});

test('each kind of invalid line is dropped with its line number and a code; the stream goes on', async () => {
  const r = await runBurst(
    fence(
      wait(1),
      '{"op":"act","do":"type",',
      '[1,2,3]',
      '"text"',
      '{"do":"click"}',
      '{"op":"teleport"}',
      '{"op":"act","do":"fly"}',
      '{"op":"act","do":"type"}',
      '{"op":"act","do":"wait","ms":-1}',
      wait(2),
    ),
  );
  assert.deepEqual(r.log, ['wait 1', 'wait 2']);
  assert.deepEqual(r.codes, ['3 not_json', '4 not_object', '5 not_object', '6 missing_op', '7 unknown_op', '8 unknown_action', '9 missing_field', '10 bad_field']);
});

test('every issue has a plain message naming its line and the field at fault', () => {
  const issues: AxIssue[] = [];
  const r = createFenceReader({ action: () => {}, dropped: (i) => issues.push(i) });
  r.write(fence('{"op":"act","do":"wait"}'));
  r.end();
  assert.equal(issues.length, 1);
  assert.match(issues[0]!.message, /^line 2: .*"ms"/);
  assert.equal(issues[0]!.severity, 'error');
});

test('a final line without a newline never runs, even when it is whole JSON: the newline is the commit', async () => {
  const r = await runBurst(`\`\`\`\n${wait(1)}\n${wait(2)}`);
  assert.deepEqual(r.log, ['wait 1']);
  assert.deepEqual(r.codes, ['3 cut_off']);
  assert.equal(r.outcome.reason, 'truncated');
});

test('a final line cut off mid-object never runs and is reported as cut off', async () => {
  const r = await runBurst(`\`\`\`\n${wait(1)}\n{"op":"act","do":"wait","ms":2`);
  assert.deepEqual(r.log, ['wait 1']);
  assert.deepEqual(r.codes, ['3 cut_off']);
});

test('nothing runs before its newline arrives', async () => {
  const fake = fakeBackend();
  const burst = createBurst({ backend: fake.backend });
  burst.write('```\n{"op":"act","do":"wait","ms":0}');
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(fake.log, []);
  burst.write('\n');
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(fake.log, ['wait 0']);
  burst.stop();
});

test('chunk boundary inside the opening backticks', () => {
  assert.deepEqual(frame(['`', '`', '`js', 'onl\n', wait(1), '\n```\n']), ['2 wait']);
});

test('chunk boundary inside the closing backticks', () => {
  assert.deepEqual(frame([`\`\`\`\n${wait(1)}\n\``, '`', '`', '\nnarration\n']), ['2 wait', '4 narration narration']);
});

test('chunk boundary between CR and LF', () => {
  assert.deepEqual(frame([`\`\`\`\r`, `\n${wait(1)}\r`, '\n```\r', '\n']), ['2 wait']);
});

test('chunk boundary inside a multi-byte character in typed text', async () => {
  const text = fence(act({ do: 'type', text: 'café ☕ 日本 𝄞' }));
  for (const size of [1, 2, 3, 5]) {
    const r = await runBurst(split(bytes(text), size));
    assert.deepEqual(r.log, ['type "café ☕ 日本 𝄞"'], `size ${size}`);
  }
});

test('chunk boundary inside a JSON string escape', async () => {
  const line = act({ do: 'type', text: 'a"b\\c\nd' });
  const at = line.indexOf('\\');
  const r = await runBurst(['```\n', line.slice(0, at + 1), line.slice(at + 1), '\n```\n']);
  assert.deepEqual(r.log, [`type ${JSON.stringify('a"b\\c\nd')}`]);
});

test('a byte-order mark before the first line does not hide the fence', async () => {
  const r = await runBurst(`\uFEFF\`\`\`\n${wait(1)}\n\`\`\`\n`);
  assert.deepEqual(r.log, ['wait 1']);
  const b = await runBurst([new Uint8Array([0xef, 0xbb, 0xbf]), bytes(fence(wait(1)))]);
  assert.deepEqual(b.log, ['wait 1']);
});

test('the same text gives the same actions, drops and end in chunks of 1, 5 and 13 bytes', async () => {
  const text = `Note.\r\n${fence(wait(1), 'junk', act({ do: 'key', keys: ['cmd', 's'] }), '', act({ do: 'type', text: 'é\n' }), '{"op":"observe"}', wait(3))}`;
  const whole = await runBurst(text);
  assert.deepEqual(whole.log, ['wait 1', 'key Mod+s', 'type "é\\n"']);
  for (const size of [1, 5, 13]) {
    const r = await runBurst(split(bytes(text), size));
    assert.deepEqual([r.log, r.codes, r.outcome.reason], [whole.log, whole.codes, whole.outcome.reason], `size ${size}`);
  }
});

test('an over-long line inside the fence is dropped without being held; outside it is ignored', async () => {
  const long = `{"op":"act","do":"type","text":"${'x'.repeat(20_000)}"}`;
  const r = await runBurst(`${'n'.repeat(20_000)}\n${fence(long, wait(1))}`);
  assert.deepEqual(r.codes, ['3 line_too_long']);
  assert.deepEqual(r.log, ['wait 1']);
});

test('after the fence closes, later fences still run in the same burst', async () => {
  const r = await runBurst(`${fence(wait(1))}${fence(wait(2))}`);
  assert.deepEqual(r.log, ['wait 1', 'wait 2']);
  assert.equal(r.outcome.reason, 'stream_ended');
});

test('an unclosed fence at the end of the stream ends the burst as stream_ended', async () => {
  const r = await runBurst(`\`\`\`\n${wait(1)}\n`);
  assert.equal(r.outcome.reason, 'stream_ended');
});
