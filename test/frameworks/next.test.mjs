// Server rendering with Next.js (app router): `next start` renders the page in Node on every request, with the
// elements imported there; the browser then hydrates it and the elements upgrade. Besides the checks every
// example passes: the HTML the server sent holds the bare tags and no registry or function as an attribute, and
// the server logged no error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { FRAMEWORKS, testExample } from './harness.mjs';

const dir = `${FRAMEWORKS}next`;
let log = '';

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

async function start() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  const exited = new Promise((done) => server.on('exit', done));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`next start exited:\n${log}`);
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error(`next start did not answer in 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    close: async () => {
      server.kill();
      await exited;
    },
  };
}

testExample('next', start, (context) => {
  test('next: the server renders the page per request, with the bare tags and no object or function as an attribute', async () => {
    const response = await fetch(context.url);
    assert.match(response.headers.get('cache-control') ?? '', /no-store/, 'rendered on request, not served from a prerender');
    const html = await response.text();
    for (const tag of ['omni-screen', 'oui-surface', 'ax-runner', 'morph-screen']) assert.match(html, new RegExp(`<${tag}[^>]*theme="light"|<${tag}[\\s>]`), `<${tag}> in the HTML`);
    assert.match(html, /Tip: <!-- -->0<!-- -->%/, "the client component's own markup was rendered on the server");
    const attributes = [...html.matchAll(/<(?:omni-screen|oui-surface|ax-runner|morph-screen)\b[^>]*>/g)].map((m) => m[0]);
    for (const tag of attributes) assert.doesNotMatch(tag, /\b(tools|confirm|handler|surface|handlers|transport|scope|respond)=/, tag);
  });

  test('next: the server logged no error', () => {
    assert.doesNotMatch(log, /error|⨯/i, log);
  });
});
