// Ops served as SSE data: lines give the same document as plain JSON lines, with refusals at the same lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpStream, transportOf } from '../../../src/ops/index.ts';
import { asSse, chunked, issues, lines, read, snap } from './helpers.ts';

const plain = lines(
  { op: 'open', id: '0', type: 'Card', attrs: { title: 'Weekly' } },
  { op: 'node', id: '0.0', type: 'p', spans: [{ t: 'text', v: 'Grüße 👋' }] },
  { op: 'open', id: '0.1', type: 'Chart' },
  { op: 'close', id: '0.1', data: { columns: ['W', 'R'], rows: [['1', '2']] } },
  { op: 'diag', line: 2, cls: 'coerced', detail: 'x', severity: 'note' },
  { op: 'close', id: '0' },
  { op: 'end', complete: true, truncated: false },
);

/** A snapshot without line numbers: SSE puts each op on another line, so only the lines differ. */
const shape = (doc: ReturnType<typeof read>) => ({ ...snap(doc), diags: [], rejected: [] });

test('SSE and plain lines give the same document, detected or said, whole or in chunks', () => {
  const want = shape(read(plain));
  const sse = asSse(plain);
  for (const transport of ['auto', 'sse'] as const) {
    for (const n of [1, 5, 13, 1000]) assert.deepEqual(shape(read(chunked(sse, n), { transport })), want, `${transport}, ${n}-byte chunks`);
  }
});

test('a refused op from SSE is reported at the line of its data: line', () => {
  const text = 'event: op\ndata: {"op":"node","id":"0","type":"p"}\n\n: comment\ndata: {"op":"node","id":"5","type":"p"}\n\ndata: not json\n\n';
  const doc = read(text);
  assert.deepEqual(issues(doc), ['5 id_skips', '7 not_json']);
  assert.deepEqual(snap(doc).rejected, [5, 7]);
});

test('diag ops from SSE are numbered by their data: line', () => {
  const doc = read('data: {"op":"diag","line":9,"cls":"c","detail":"d","severity":"error"}\n\n');
  assert.deepEqual(snap(doc).diags, [1]);
});

test('several data: lines in one event are one op each', () => {
  const doc = read('data: {"op":"node","id":"0","type":"p"}\ndata: {"op":"node","id":"1","type":"p"}\n\n');
  assert.deepEqual(doc.roots, ['0', '1']);
});

test('comments, event names, ids, retry and unknown fields are framing, not ops', () => {
  const doc = read(': hi\nevent: op\nid: 7\nretry: 1000\nfoo: bar\ndata: {"op":"node","id":"0","type":"p"}\n\n');
  assert.equal(doc.size, 1);
  assert.deepEqual(issues(doc), []);
});

test('CR LF framing works the same', () => {
  const doc = read(asSse(plain).replaceAll('\n', '\r\n'));
  assert.deepEqual(shape(doc), shape(read(plain)));
});

test('an event the input ended inside is not applied, and its lines are reported', () => {
  const doc = read('data: {"op":"node","id":"0","type":"p"}\n\ndata: {"op":"node","id":"1","type":"p"}\n');
  assert.equal(doc.size, 1);
  assert.deepEqual(issues(doc), ['3 sse_unfinished']);
});

test('auto: the first line that is not blank decides', () => {
  const detect = (text: string) => {
    const s = createOpStream();
    s.write(text);
    return s.transport;
  };
  assert.equal(detect(''), null);
  assert.equal(detect('\n\n'), null);
  assert.equal(detect('data: {}'), null, 'undecided until the line commits');
  assert.equal(detect('\n  \ndata: {}\n'), 'sse');
  assert.equal(detect(': ping\n'), 'sse');
  assert.equal(detect('event: op\n'), 'sse');
  assert.equal(detect('id: 1\n'), 'sse');
  assert.equal(detect('retry: 10\n'), 'sse');
  assert.equal(detect('{"op":"end"}\n'), 'lines');
  assert.equal(detect('garbage\n'), 'lines');
  assert.equal(detect('\ufeffdata: x\n'), 'sse');
});

test('said to read lines, SSE text is refused line by line', () => {
  const doc = read('data: {"op":"node","id":"0","type":"p"}\n\n', { transport: 'lines' });
  assert.deepEqual(issues(doc), ['1 not_json']);
});

test('an unknown transport is a TypeError', () => {
  assert.throws(() => createOpStream({ transport: 'ws' as never }), TypeError);
});

test('transportOf reads a Content-Type', () => {
  assert.equal(transportOf('text/event-stream; charset=utf-8'), 'sse');
  assert.equal(transportOf('application/x-ndjson'), 'lines');
  assert.equal(transportOf('application/jsonl'), 'lines');
  assert.equal(transportOf('text/plain'), undefined);
  assert.equal(transportOf(null), undefined);
});

test('read() takes a Response, a ReadableStream or an async iterable, and ends the document', async () => {
  const sse = asSse(plain);
  const want = shape(read(plain));
  const body = () =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const ch of chunked(sse, 7)) c.enqueue(ch);
        c.close();
      },
    });
  const fromResponse = createOpStream();
  assert.equal(await fromResponse.read(new Response(body(), { headers: { 'content-type': 'text/event-stream' } })), 'ended');
  assert.deepEqual(shape(fromResponse.document), want);
  assert.equal(fromResponse.document.finished, true);
  const fromStream = createOpStream();
  await fromStream.read(body());
  assert.deepEqual(shape(fromStream.document), want);
  const fromIterable = createOpStream();
  await fromIterable.read(
    (async function* () {
      yield* chunked(plain, 3);
    })(),
  );
  assert.deepEqual(shape(fromIterable.document), want);
});

test('read(): an error status ends the document and rejects; an abort leaves it unfinished', async () => {
  const s = createOpStream();
  await assert.rejects(s.read(new Response('no', { status: 503 })), /503/);
  assert.equal(s.document.finished, true);
  const a = createOpStream();
  const ctrl = new AbortController();
  ctrl.abort();
  assert.equal(await a.read('{"op":"node","id":"0","type":"p"}\n', { signal: ctrl.signal }), 'aborted');
  assert.equal(a.document.finished, false);
  await assert.rejects(createOpStream().read(42 as never), TypeError);
});

test('write after end is ignored', () => {
  const s = createOpStream();
  s.end();
  s.write('{"op":"node","id":"0","type":"p"}\n');
  assert.equal(s.document.size, 0);
});

test('an SSE event that grows without ending stops the reading, reported once', () => {
  const op = '{"op":"node","id":"0","type":"p"}';
  const text = `data: ${op}\n\n` + `data: ${op}\n`.repeat(20) + `\ndata: {"op":"node","id":"1","type":"p"}\n\n`;
  const doc = read(text, { limits: { maxLineLength: 100 } });
  assert.equal(doc.size, 1);
  assert.deepEqual(
    issues(doc).map((i) => i.split(' ')[1]),
    ['sse_overflow'],
  );
});
