import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSource, SourceError, type Chunk } from '../../../src/stream/readSource.ts';

async function collect(input: Parameters<typeof readSource>[0], signal?: AbortSignal) {
  const out: Chunk[] = [];
  const how = await readSource(input, (c) => out.push(c), { signal, caller: 'test.stream()' });
  const text = out.map((c) => (typeof c === 'string' ? c : new TextDecoder().decode(c as Uint8Array))).join('');
  return { how, text, chunks: out };
}

const streamOf = (parts: (string | Uint8Array)[]) =>
  new ReadableStream<string | Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(p);
      c.close();
    },
  });

test('a string is one chunk', async () => {
  assert.deepEqual(await collect('a\nb'), { how: 'ended', text: 'a\nb', chunks: ['a\nb'] });
});

test('an empty string writes nothing', async () => {
  assert.deepEqual((await collect('')).chunks, []);
});

test('a Response is read through its body', async () => {
  assert.equal((await collect(new Response('x = 1\n'))).text, 'x = 1\n');
});

test('a promise of a Response is awaited (stream(fetch(url)))', async () => {
  assert.equal((await collect(Promise.resolve(new Response('hello')))).text, 'hello');
});

test('a Response with an error status is a SourceError with the status, nothing written', async () => {
  const out: Chunk[] = [];
  await assert.rejects(
    readSource(new Response('nope', { status: 503 }), (c) => out.push(c)),
    (e: unknown) => e instanceof SourceError && e.status === 503 && /503/.test(e.message),
  );
  assert.deepEqual(out, []);
});

test('a rejected promise (fetch failed) is a SourceError', async () => {
  await assert.rejects(readSource(Promise.reject(new Error('offline')), () => {}), (e: unknown) => e instanceof SourceError && /offline/.test((e as Error).message));
});

test('a ReadableStream of text or bytes', async () => {
  assert.equal((await collect(streamOf(['a', new TextEncoder().encode('b')]))).text, 'ab');
});

test('an async iterable', async () => {
  async function* gen() {
    yield 'a';
    yield new TextEncoder().encode('b');
  }
  assert.equal((await collect(gen())).text, 'ab');
});

test('a sync iterable of chunks', async () => {
  assert.equal((await collect(['a', 'b'])).text, 'ab');
});

test('any typed array view is read as bytes', async () => {
  async function* gen() {
    yield new DataView(new TextEncoder().encode('hi').buffer) as unknown as Uint8Array;
  }
  assert.equal((await collect(gen())).text, 'hi');
});

for (const [given, name] of [
  [42, 'a number (42)'],
  [null, 'null'],
  [undefined, 'undefined'],
  [{ text: 'x' }, 'a plain object'],
  [new Uint8Array(2), 'a Uint8Array'],
  [() => 'x', 'a function'],
] as const) {
  test(`a source of the wrong kind is a TypeError naming it: ${name}`, async () => {
    await assert.rejects(
      readSource(given as never, () => {}, { caller: 'x.stream()' }),
      (e: unknown) => e instanceof TypeError && (e as Error).message.includes(name) && (e as Error).message.startsWith('x.stream()'),
    );
  });
}

test('a promise that resolves to the wrong kind is a TypeError too', async () => {
  await assert.rejects(readSource(Promise.resolve(7) as never, () => {}), TypeError);
});

test('a chunk that is not text or bytes is a TypeError', async () => {
  await assert.rejects(readSource([{ a: 1 }] as never, () => {}), /as a chunk/);
});

test('an error while reading is a SourceError with the cause kept', async () => {
  const boom = new Error('connection reset');
  async function* gen() {
    yield 'a';
    throw boom;
  }
  const out: Chunk[] = [];
  await assert.rejects(readSource(gen(), (c) => out.push(c)), (e: unknown) => e instanceof SourceError && e.cause === boom);
  assert.deepEqual(out, ['a']);
});

test('abort stops reading a stream that never ends and cancels it', async () => {
  let cancelled = false;
  const stream = new ReadableStream<string>({
    start(c) {
      c.enqueue('a');
    },
    cancel() {
      cancelled = true;
    },
  });
  const ac = new AbortController();
  const out: Chunk[] = [];
  const done = readSource(stream, (c) => {
    out.push(c);
    ac.abort();
  }, { signal: ac.signal });
  assert.equal(await done, 'aborted');
  assert.deepEqual(out, ['a']);
  assert.equal(cancelled, true);
});

test('abort stops an async iterable and lets it clean up', async () => {
  let cleaned = false;
  const ac = new AbortController();
  async function* gen() {
    try {
      yield 'a';
      yield 'b';
      yield 'c';
    } finally {
      cleaned = true;
    }
  }
  const out: Chunk[] = [];
  const how = await readSource(gen(), (c) => {
    out.push(c);
    ac.abort();
  }, { signal: ac.signal });
  assert.equal(how, 'aborted');
  assert.deepEqual(out, ['a']);
  assert.equal(cleaned, true);
});

test('already aborted: nothing is read', async () => {
  const ac = new AbortController();
  ac.abort();
  assert.deepEqual(await collect('x', ac.signal), { how: 'aborted', text: '', chunks: [] });
});

test('a write that returns a promise holds the next read until it settles, for a stream and for an iterable', async () => {
  for (const make of [() => streamOf(['a', 'b', 'c']), () => ['a', 'b', 'c'], () => (async function* () { yield 'a'; yield 'b'; yield 'c'; })()]) {
    const log: string[] = [];
    const releases: (() => void)[] = [];
    const reading = readSource(make(), (c) => {
      log.push(`write ${c as string}`);
      return new Promise<void>((resolve) => releases.push(() => { log.push(`caught up ${c as string}`); resolve(); }));
    });
    for (let i = 0; i < 3; i++) {
      // However long the reader waits, nothing more is read until the write settles.
      for (let k = 0; k < 20; k++) await Promise.resolve();
      assert.equal(releases.length, i + 1, 'one write at a time');
      releases[i]!();
    }
    assert.equal(await reading, 'ended');
    assert.deepEqual(log, ['write a', 'caught up a', 'write b', 'caught up b', 'write c', 'caught up c']);
  }
});

test('an abort while a write holds the read stops at once: nothing more is read', async () => {
  const controller = new AbortController();
  const out: string[] = [];
  let release = () => {};
  const reading = readSource(streamOf(['a', 'b']), (c) => {
    out.push(c as string);
    return new Promise<void>((resolve) => (release = resolve));
  }, { signal: controller.signal });
  await new Promise((r) => setTimeout(r, 0));
  controller.abort();
  release();
  assert.equal(await reading, 'aborted');
  assert.deepEqual(out, ['a']);
});

test('a write returning something that is not a promise (push() returns a number) reads on without waiting', async () => {
  const out: Chunk[] = [];
  assert.equal(await readSource(['a', 'b'], (c) => out.push(c)), 'ended');
  assert.deepEqual(out, ['a', 'b']);
});

test('an abort while a write holds the read and never lets go still ends the read, for a stream and for an iterable', async () => {
  for (const make of [() => streamOf(['a', 'b']), () => ['a', 'b']]) {
    const controller = new AbortController();
    const out: string[] = [];
    const reading = readSource(make(), (c) => {
      out.push(c as string);
      return new Promise<void>(() => {}); // never settles
    }, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    assert.equal(await reading, 'aborted');
    assert.deepEqual(out, ['a']);
  }
});

test('a write whose hold fails makes the read fail with its error', async () => {
  await assert.rejects(readSource(['a', 'b'], () => Promise.reject(new Error('the writer broke')), { signal: new AbortController().signal }), /the writer broke/);
  await assert.rejects(readSource(['a', 'b'], () => Promise.reject(new Error('the writer broke'))), /the writer broke/);
});

// A format named: a web page (a login page, a proxy's error page answering 200) is never read as the stream.
const LOGIN = '<!DOCTYPE html>\n<html><head><title>Sign in – Example</title></head><body><form>…</form></body></html>\n';

async function asFormat(input: Parameters<typeof readSource>[0]) {
  const out: Chunk[] = [];
  try {
    const how = await readSource(input, (c) => out.push(c), { caller: 'test.stream()', format: 'Omni-IR text' });
    return { how, written: out.length };
  } catch (error) {
    return { error: error as SourceError, written: out.length };
  }
}

test('a format named: a 200 text/html Response is refused before anything is written, saying what came back', async () => {
  const response = new Response(LOGIN, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  const got = await asFormat(response);
  assert.ok(got.error instanceof SourceError);
  assert.equal(got.written, 0);
  assert.equal(got.error.received, 'a web page (text/html) titled "Sign in – Example"');
  assert.match(got.error.message, /^test\.stream\(\): the source sent a web page \(text\/html\) titled "Sign in – Example", not Omni-IR text/);
  assert.equal(response.bodyUsed, true);
});

test('a format named: a page by its first characters, whatever the type or the chunking (one byte at a time)', async () => {
  const bytes = new TextEncoder().encode(`\n  ${LOGIN}`);
  const oneByOne = streamOf([...bytes].map((b) => new Uint8Array([b])));
  for (const input of [LOGIN, oneByOne, ['<?xml version="1.0"?><error/>'], new Response('<html><body>Bad gateway</body></html>', { headers: { 'content-type': 'text/plain' } })]) {
    const got = await asFormat(input as Parameters<typeof readSource>[0]);
    assert.ok(got.error instanceof SourceError, String(input));
    assert.equal(got.written, 0);
  }
});

test('a format named: the format itself passes, bytes unchanged, in every chunking', async () => {
  const text = 'root = Card([t])\nt = Text("<html> is only text here")\n';
  for (const input of [text, streamOf([...text]), new Response(text, { headers: { 'content-type': 'text/plain' } })]) {
    const out: Chunk[] = [];
    assert.equal(await readSource(input, (c) => out.push(c), { format: 'Omni-IR text' }), 'ended');
    assert.equal(out.map((c) => (typeof c === 'string' ? c : new TextDecoder().decode(c as Uint8Array))).join(''), text);
  }
  // An empty source is not a page either.
  assert.equal((await asFormat('')).how, 'ended');
  // Without a format, nothing is looked at: a page is text like any other.
  assert.equal((await collect(LOGIN)).text, LOGIN);
});
