import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { start, request } from './helpers.mjs';
import { registryJson, tools, assets } from '../../demo/server/registry.mjs';

let server;
before(async () => {
  server = await start();
});
after(() => server.close());

test('a page load sets the demo_session cookie: HttpOnly, SameSite=Lax', async () => {
  const r = await request(server, 'GET', '/');
  assert.equal(r.status, 200);
  const cookie = r.headers.get('set-cookie');
  assert.match(cookie, /^demo_session=[A-Za-z0-9_-]{43};/);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
  const again = await request(server, 'GET', '/', { headers: { cookie: cookie.split(';')[0] } });
  assert.equal(again.headers.get('set-cookie'), null, 'a known session is kept');
});

test('pages are served under a strict Content-Security-Policy', async () => {
  const r = await request(server, 'GET', '/index.html');
  const csp = r.headers.get('content-security-policy');
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /style-src 'self'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
});

test('pictures are served from demo/assets', async () => {
  for (const [name, a] of Object.entries(assets)) {
    const r = await request(server, 'GET', a.src);
    assert.equal(r.status, 200, name);
    assert.equal(r.headers.get('content-type'), 'image/svg+xml');
    assert.doesNotMatch(r.text, /<script|on[a-z]+=|href=/i, `${name} is a plain picture`);
  }
});

test('the server’s own code and paths out of the folder are not served', async () => {
  for (const path of ['/server/app.mjs', '/server.mjs', '/server/model/screens/payment.omni', '/mcp/server.mjs', '/providers/index.mjs', '/providers/anthropic.mjs', '/oui/pageAgent.mjs', '/oui/mcpServer.mjs', '/../package.json', '/%2e%2e/package.json', '/dist/../package.json', '/cdn/../package.json', '/dist/engine.js', '/assets/%2e%2e/server.mjs', '/%00', '/assets/..%5cserver.mjs']) {
    const r = await request(server, 'GET', path);
    assert.equal(r.status, 404, path);
  }
});

test('the OUI demo page and its script and styles are served (only the oui/ folder is private)', async () => {
  for (const [path, type] of [['/oui.html', 'text/html'], ['/oui.js', 'text/javascript'], ['/oui.css', 'text/css']]) {
    const r = await request(server, 'GET', path);
    assert.equal(r.status, 200, path);
    assert.match(r.headers.get('content-type'), new RegExp(`^${type}`), path);
  }
});

test('GET /api/registry gives the same tools, schemas, confirmations and pictures the server checks', async () => {
  const r = await request(server, 'GET', '/api/registry');
  assert.equal(r.status, 200);
  assert.deepEqual(r.json, JSON.parse(JSON.stringify(registryJson())));
  assert.deepEqual(Object.keys(r.json.tools).sort(), Object.keys(tools).sort());
  assert.deepEqual(r.json.tools['payments.confirm'], tools['payments.confirm'].schema);
  assert.equal(typeof r.json.confirm['payments.confirm'], 'string');
  assert.deepEqual(r.json.assets.parcel, assets.parcel);
});

test('an unknown API path is a JSON 404', async () => {
  const r = await request(server, 'GET', '/api/nope');
  assert.equal(r.status, 404);
  assert.equal(r.json.error.code, 'not_found');
});
