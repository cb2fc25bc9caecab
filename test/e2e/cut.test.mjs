// The demo server's test hook for a dropped connection: `cutResponse` breaks a response after N bytes of its
// body, with no terminal event and no closing chunk, so a client sees exactly what a dropped network shows it.
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../demo/server/app.mjs';

let server;
const cuts = new Map();
before(async () => {
  server = await startServer({ port: 0, fast: true, cutResponse: (path) => cuts.get(path) });
});
after(() => server.close());

async function read(path, init) {
  const res = await fetch(server.url + path, init);
  let bytes = 0;
  let text = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of res.body) {
      bytes += chunk.length;
      text += decoder.decode(chunk, { stream: true });
    }
    return { status: res.status, bytes, text, failed: false };
  } catch {
    return { status: res.status, bytes, text, failed: true };
  }
}

const generate = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ prompt: 'Confirm my payment' }) };

it('breaks a stream after exactly N bytes: no terminal event, and the read fails', async () => {
  cuts.set('/api/generate', 700);
  const cut = await read('/api/generate', generate);
  assert.equal(cut.status, 200);
  assert.equal(cut.bytes, 700);
  assert.equal(cut.failed, true);
  assert.doesNotMatch(cut.text, /event: (done|error)/);
  cuts.delete('/api/generate');
  const whole = await read('/api/generate', generate);
  assert.equal(whole.failed, false);
  assert.match(whole.text, /event: done\n/);
  assert.ok(whole.bytes > 700);
});

it('leaves other routes, and a response shorter than N, alone', async () => {
  cuts.set('/api/registry', 1_000_000);
  const registry = await read('/api/registry');
  assert.equal(registry.failed, false);
  assert.ok(JSON.parse(registry.text).tools['payments.confirm']);
  const page = await read('/');
  assert.equal(page.failed, false);
  assert.match(page.text, /<omni-screen id="screen" endpoint="\/api\/generate">/);
});
