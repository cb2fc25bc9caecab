// Helpers for the demo server's tests: a server on an ephemeral loopback port, a person (the session cookie a
// page load sets), plain requests, and Server-Sent Events read off the wire.
import { startServer } from '../../demo/server/app.mjs';

export async function start(options = {}) {
  const server = await startServer({ port: 0, fast: true, ...options });
  return server;
}

/** Loads the page as a browser would and returns the person's headers: their cookie and this origin. */
export async function person(server) {
  const res = await fetch(server.url + '/');
  await res.arrayBuffer();
  const cookie = res.headers.get('set-cookie').split(';')[0];
  return { cookie, origin: server.url };
}

export async function request(server, method, path, { headers = {}, body, json = true } = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (json && !('content-type' in init.headers)) init.headers['content-type'] = 'application/json';
  }
  const res = await fetch(server.url + path, init);
  const text = await res.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: parsed };
}

export function mutate(server, { tool, params, button, key, headers = {} }) {
  const h = { ...headers };
  if (key !== undefined) h['idempotency-key'] = key;
  return request(server, 'POST', '/api/mutate', { headers: h, body: { tool, params, ...(button ? { button } : {}) } });
}

/**
 * Reads a response of Server-Sent Events to its end (or until `until(events)` says stop), checking the framing
 * [10.4] requires on the way: LF endings only, each event an `event:` line, one `data:` line, a blank line.
 */
export async function readEvents(res, { until } = {}) {
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let raw = '';
  const events = [];
  const comments = [];
  let parsed = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    raw += decoder.decode(value, { stream: true });
    let end;
    while ((end = raw.indexOf('\n\n', parsed)) !== -1) {
      const block = raw.slice(parsed, end);
      parsed = end + 2;
      if (block.startsWith(':')) {
        comments.push(block);
        continue;
      }
      const lines = block.split('\n');
      if (lines.length !== 2 || !lines[0].startsWith('event: ') || !lines[1].startsWith('data: ')) {
        throw new Error(`malformed event: ${JSON.stringify(block)}`);
      }
      events.push({ event: lines[0].slice(7), data: JSON.parse(lines[1].slice(6)) });
    }
    if (until?.(events)) {
      await reader.cancel();
      break;
    }
  }
  return { events, comments, raw };
}

export async function generate(server, prompt, { headers = {}, query = '' } = {}) {
  const res = await fetch(`${server.url}/api/generate${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ prompt }),
  });
  const read = await readEvents(res);
  const text = read.events.filter((e) => e.event === 'chunk').map((e) => e.data.text).join('');
  return { res, ...read, text };
}

export function follow(server, screen, after = 0, headers = {}, options = {}) {
  return fetch(`${server.url}/api/live?screen=${encodeURIComponent(screen)}&after=${after}`, {
    headers: { accept: 'text/event-stream', ...headers },
  }).then(async (res) => (res.status === 200 ? { res, ...(await readEvents(res, options)) } : { res, json: await res.json() }));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The WebSocket generate endpoint of a server ([10.16]). */
export const wsUrl = (server) => `${server.url.replace(/^http/, 'ws')}/api/ws`;

/**
 * Opens a raw WebSocket to `url` with `headers` (a person's cookie and origin, say) and collects what the server
 * sends: each message parsed, and how it closed. `request` is sent once open.
 */
export async function wsExchange(url, request, headers = {}) {
  const { WebSocket } = await import('ws');
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    const messages = [];
    let status = null;
    socket.on('open', () => {
      if (request !== undefined) socket.send(typeof request === 'string' || Buffer.isBuffer(request) ? request : JSON.stringify(request));
    });
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.on('unexpected-response', (req, res) => {
      status = res.statusCode;
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status, body: body ? JSON.parse(body) : null, messages, code: null }));
    });
    socket.on('error', () => {});
    socket.on('close', (code) => resolve({ status: 101, messages, code }));
  });
}

/** The text of chunk messages or events, joined. */
export const chunkText = (messages) => messages.filter((m) => m.type === 'chunk').map((m) => m.text).join('');
