// generateOverWebSocket() against a real WebSocket server (the `ws` package) on the loopback address, through a
// real WebSocket client: the `ws` package's (it fits WebSocketLike), and Node's own (a child Node on Node 20,
// whose WebSocket is behind a flag). Chromium's is covered by test/e2e/transports.test.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { WebSocket } from 'ws';
import { createOmniParser, generateOverWebSocket } from '../../../../src/entries/omni-ir.ts';
import { firstMessage, webSocketServer } from '../../transport/loopback.mjs';

const wsClient = (url) => new WebSocket(url);
const run = promisify(execFile);
const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function serve(script, options) {
  const server = await webSocketServer(script, options);
  servers.push(server);
  return server;
}

function recorder() {
  const s = { written: '', ended: 0, write: (t) => void (s.written += t), end: () => void s.ended++ };
  return s;
}

const send = (socket, message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));

/** Answers every request with these messages, then closes with 1000 as [10.16] says. */
const answering = (...messages) => async (socket) => {
  await firstMessage(socket);
  for (const m of messages) send(socket, m);
  socket.close(1000);
};

test('10.16: a screen over a real socket reaches the parser whole; the server saw one generate request and a clean close', async () => {
  const screen = 'root = Card([t, d])\nt = Heading("Café ☕ 日本 🎉")\nd = Divider()\n';
  // Pieces end anywhere, even between the two halves of a surrogate pair: JSON carries each half escaped.
  const cut = screen.indexOf('🎉') + 1;
  const server = await serve(
    answering(
      { type: 'chunk', text: '# omni-ir 0.8\n' },
      { type: 'chunk', text: screen.slice(0, 7) },
      { type: 'chunk', text: screen.slice(7, cut) },
      { type: 'chunk', text: screen.slice(cut) },
      { type: 'live', screen: 'scr_1' },
      { type: 'done', stopReason: 'end_turn', model: 'loopback', ms: 3 },
    ),
  );
  const parser = createOmniParser({ tools: [], assets: [] });
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'Pay', version: '0.8', createSocket: wsClient }, parser);
  assert.deepEqual(outcome, { status: 'done', stopReason: 'end_turn', model: 'loopback', ms: 3, screen: 'scr_1' });
  assert.equal(parser.ended, true);
  assert.deepEqual(parser.issues, []);
  assert.equal(parser.result().nodes.t.props.text, 'Café ☕ 日本 🎉');
  assert.deepEqual(server.requests, [{ type: 'generate', prompt: 'Pay', version: '0.8' }]);
  await server.closed(1);
  assert.deepEqual(server.closes, [1000]);
});

test('10.16 / 10.7: binary frames, text that is not JSON and unknown types are skipped on a real socket', async () => {
  const server = await serve(async (socket) => {
    await firstMessage(socket);
    socket.send(Buffer.from('{"type":"chunk","text":"binary = Divider()\\n"}'), { binary: true });
    send(socket, 'not json');
    send(socket, { type: 'hello' });
    send(socket, { type: 'chunk', text: 'a = Divider()\n' });
    send(socket, { type: 'done' });
    socket.close(1000);
  });
  const s = recorder();
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', createSocket: wsClient }, s);
  assert.deepEqual(outcome, { status: 'done' });
  assert.equal(s.written, 'a = Divider()\n');
  assert.equal(s.ended, 1);
});

test('10.16: an error message ends the stream with the server’s code', async () => {
  const server = await serve(answering({ type: 'error', code: 'rate_limited', message: 'Slow down.', retryable: true }));
  const s = recorder();
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', createSocket: wsClient }, s);
  assert.deepEqual(outcome, { status: 'error', code: 'rate_limited', message: 'Slow down.', retryable: true });
  assert.equal(s.ended, 1);
});

test('10.9: a connection the server drops mid-stream is connection_lost; what came is kept and the sink ended', async () => {
  const server = await serve(async (socket) => {
    await firstMessage(socket);
    send(socket, { type: 'chunk', text: 'a = Divider()\n' });
    setTimeout(() => socket.terminate(), 20);
  });
  const s = recorder();
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', createSocket: wsClient }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(outcome.status === 'error' && outcome.retryable, true);
  assert.equal(s.written, 'a = Divider()\n');
  assert.equal(s.ended, 1);
});

test('10.9: a clean close without a terminal message is still connection_lost', async () => {
  const server = await serve(answering({ type: 'chunk', text: 'a = Divider()\n' }));
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', createSocket: wsClient }, recorder());
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
});

test('10.12: unsupported_version before any text: a second connection asks without a version', async () => {
  let n = 0;
  const server = await serve(async (socket) => {
    const request = await firstMessage(socket);
    n++;
    if (request.version !== undefined) send(socket, { type: 'error', code: 'unsupported_version', message: 'Too old.', retryable: false });
    else {
      send(socket, { type: 'chunk', text: '# omni-ir 0.8\na = Divider()\n' });
      send(socket, { type: 'done' });
    }
    socket.close(1000);
  });
  const s = recorder();
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', version: '0.7', createSocket: wsClient }, s);
  assert.deepEqual(outcome, { status: 'done' });
  assert.equal(n, 2);
  assert.deepEqual(server.requests, [{ type: 'generate', prompt: 'p', version: '0.7' }, { type: 'generate', prompt: 'p' }]);
  assert.equal(s.written, '# omni-ir 0.8\na = Divider()\n');
  assert.equal(s.ended, 1);
});

test('10.9: cancelled by the app: the client closes with 1000, the server sees it, the sink is ended', async () => {
  const controller = new AbortController();
  const server = await serve(async (socket) => {
    await firstMessage(socket);
    send(socket, { type: 'chunk', text: 'a = Divider()\n' });
    // …and then the model thinks for a long time.
  });
  const s = recorder();
  const write = s.write;
  s.write = (text) => {
    write(text);
    controller.abort();
  };
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', signal: controller.signal, createSocket: wsClient }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'cancelled');
  assert.equal(s.ended, 1);
  await server.closed(1);
  assert.deepEqual(server.closes, [1000]);
});

test('silence limit when asked for: a server that says nothing is connection_lost, and the socket is closed', async () => {
  const server = await serve(() => {});
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', silenceTimeoutMs: 100, createSocket: wsClient }, recorder());
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  await server.closed(1);
});

test('silence limit before the handshake ends: connection_lost, and closing the half-open socket throws nothing', async () => {
  // A server that takes the connection and never answers the upgrade: the limit passes while the socket is
  // still connecting. The `ws` client reports closing such a socket as an error event, thrown if nobody listens.
  const { createServer } = await import('node:net');
  const held = [];
  const mute = createServer((socket) => held.push(socket));
  await new Promise((r) => mute.listen(0, '127.0.0.1', r));
  try {
    const outcome = await generateOverWebSocket({ url: `ws://127.0.0.1:${mute.address().port}/`, prompt: 'p', silenceTimeoutMs: 50, createSocket: wsClient }, recorder());
    assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
    // An error thrown by the closed socket arrives a moment later: let it.
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise((r) => mute.close(r));
  }
});

test('10.17: a handshake the server refuses (its Origin check, say) is connection_lost, never a throw', async () => {
  const server = await serve(() => assert.fail('no connection expected'), { verifyClient: () => false });
  const s = recorder();
  const outcome = await generateOverWebSocket({ url: server.url, prompt: 'p', createSocket: wsClient }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(s.ended, 1);
});

test('10.9: nobody listening on the port is connection_lost', async () => {
  const server = await serve(() => {});
  const url = server.url;
  await server.close();
  servers.splice(servers.indexOf(server), 1);
  const outcome = await generateOverWebSocket({ url, prompt: 'p', createSocket: wsClient }, recorder());
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
});

test('the platform’s own WebSocket fits WebSocketLike: no createSocket needed', async () => {
  const server = await serve(answering({ type: 'chunk', text: 'a = Divider()\n' }, { type: 'done' }));
  let result;
  if (typeof globalThis.WebSocket === 'function') {
    const s = recorder();
    result = { outcome: await generateOverWebSocket({ url: server.url, prompt: 'p' }, s), written: s.written, ended: s.ended };
  } else {
    // Node 20 has its WebSocket only behind a flag: the same client runs in a child Node that has it.
    const client = fileURLToPath(new URL('./platformWebSocketClient.mjs', import.meta.url));
    const { stdout } = await run(process.execPath, ['--experimental-websocket', '--no-warnings', '--import', 'tsx', client, server.url]);
    result = JSON.parse(stdout);
  }
  assert.deepEqual(result, { outcome: { status: 'done' }, written: 'a = Divider()\n', ended: 1 });
  assert.deepEqual(server.requests, [{ type: 'generate', prompt: 'p' }]);
});
