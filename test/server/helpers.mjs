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
