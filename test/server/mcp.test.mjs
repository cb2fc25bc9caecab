// The example MCP Apps server (demo/mcp/server.mjs), through the SDK's own Client: in process over an in-memory
// transport, and once each over stdio and Streamable HTTP. Checks [10.25] (show_screen, its description and
// its UI resource), [10.27] (rejected lines with numbers and codes), [10.28] (app-only tools, checked like the
// mutate endpoint, refusals as {code, message}) and [10.35] (an update in structuredContent), the assembly
// of the self-contained view page, and how the package's generic page gets an app's registries: written into
// the page (the demo's own view) or carried by show_screen's listing (--generic-view).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpApp, serveHttp, SCREEN_RESOURCE_URI, MCP_APP_MIME, GENERIC_VIEW_FILE } from '../../demo/mcp/server.mjs';
import * as registry from '../../demo/server/registry.mjs';
import { assembleView, buildMcpView, findExternalReferences, scriptJson, withRegistry, REGISTRY_MARKER, SCRIPT_MARKER } from '../../scripts/build-mcp-view.mjs';
import { checkSvg, demoViewHtml, placeholderSvg, viewRegistry } from '../../demo/mcp/view.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'io.omni-ir/idempotency-key';
const BUTTON = 'io.omni-ir/button';

let n = 0;
const newKey = () => `mcp-test-${process.pid}-${++n}`;

/** The package's generic page: the built one when there is one, else built now into a temporary folder. */
let genericHtml;
let built = null;
async function genericPage() {
  if (genericHtml) return genericHtml;
  if (existsSync(GENERIC_VIEW_FILE)) {
    genericHtml = readFileSync(GENERIC_VIEW_FILE, 'utf8');
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-view-'));
    built = dir;
    genericHtml = (await buildMcpView({ out: join(dir, 'mcp-view.html') })).html;
  }
  return genericHtml;
}

/** The demo's own page: the generic one with the demo's registries written in. */
const viewPage = async () => demoViewHtml(await genericPage()).html;

const registryBlock = (html) => html.match(/<script type="application\/json" id="omni-registry">([^<]*)<\/script>/);

let app;
let client;
const logs = [];

async function connect(mcpApp) {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await mcpApp.newServer().connect(serverSide);
  const c = new Client({ name: 'mcp-test', version: '1.0.0' });
  await c.connect(clientSide);
  return c;
}

before(async () => {
  app = await createMcpApp({ html: await viewPage(), log: (l) => logs.push(l) });
  client = await connect(app);
});

after(async () => {
  await client?.close();
  app?.close();
  if (built) rmSync(built, { recursive: true, force: true });
});

const call = (name, args, meta) => client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) });

describe('tools/list ([10.25], [10.28])', () => {
  test('show_screen takes one string argument, screen, and links the UI resource', async () => {
    const { tools } = await client.listTools();
    const show = tools.find((t) => t.name === 'show_screen');
    assert.ok(show, 'show_screen is listed');
    assert.equal(show._meta.ui.resourceUri, SCREEN_RESOURCE_URI);
    assert.equal(SCREEN_RESOURCE_URI, 'ui://agentic-elements/screen');
    assert.deepEqual(Object.keys(show.inputSchema.properties), ['screen']);
    assert.equal(show.inputSchema.properties.screen.type, 'string');
    assert.deepEqual(show.inputSchema.required, ['screen']);
  });

  test("show_screen's description teaches the format from the catalog, the tools and the pictures", async () => {
    const { tools } = await client.listTools();
    const description = tools.find((t) => t.name === 'show_screen').description;
    for (const name of app.engine.COMPONENT_NAMES) assert.ok(description.includes(name), `names the component ${name}`);
    for (const name of Object.keys(registry.tools)) assert.ok(description.includes(name), `names the tool ${name}`);
    for (const name of Object.keys(registry.assets)) assert.ok(description.includes(name), `names the picture ${name}`);
    assert.match(description, /McpMutation/);
    assert.match(description, /line number/);
  });

  test('every registry tool is offered to the app only, with its JSON Schema as input', async () => {
    const { tools } = await client.listTools();
    for (const [name, tool] of Object.entries(registry.tools)) {
      const listed = tools.find((t) => t.name === name);
      assert.ok(listed, `${name} is listed`);
      assert.deepEqual(listed._meta.ui.visibility, ['app']);
      assert.deepEqual(listed.inputSchema, tool.schema);
      assert.equal(listed._meta.ui.resourceUri, undefined, 'an app tool opens no view of its own');
    }
  });
});

describe('show_screen results ([10.27])', () => {
  const withErrors = [
    'root = Card([title, amount, actions])',
    'title = Heading("Confirm payment")',
    '$amount = 42.50',
    'amount = Txt($amount)',
    'actions = Stack([confirm], direction="row")',
    'confirm = Button("Pay now", action="pay")',
    'payIt = McpMutation(confirm, tool="payments.confrim", params={amount: $amount, note: ""})',
    'pic = Image("https://example.com/x.png", alt="x")',
    'note = Text("C:\\d")',
    '',
  ].join('\n');

  test('lists each rejected line with its number and issue codes, in text and structuredContent', async () => {
    const r = await call('show_screen', { screen: withErrors });
    assert.notEqual(r.isError, true, 'the screen is still shown');
    const sc = r.structuredContent;
    assert.equal(sc.ok, false);
    assert.deepEqual(
      sc.rejected.map((x) => [x.line, x.codes]),
      [
        [4, ['unknown_component']],
        [7, ['unknown_tool']],
        [8, ['invalid_props']],
      ],
    );
    assert.equal(sc.rejected[0].text, 'amount = Txt($amount)');
    const text = r.content[0].text;
    assert.match(text, /line 4: unknown_component/);
    assert.match(text, /line 7: unknown_tool/);
    assert.match(text, /line 8: invalid_props/);
    assert.match(text, /call show_screen again/i);
  });

  test('end-of-stream problems and warnings are reported too, and accepted lines still count', async () => {
    const r = await call('show_screen', { screen: withErrors });
    const sc = r.structuredContent;
    const codes = sc.issues.map((i) => `${i.line}:${i.code}`);
    assert.ok(codes.includes('1:dangling_ref'), codes.join(' '));
    assert.ok(codes.includes('6:ungoverned_mutation'), codes.join(' '));
    assert.ok(codes.includes('9:unknown_escape'), codes.join(' '));
    assert.equal(sc.rejected.some((x) => x.line === 9), false, 'a warning rejects nothing');
    assert.equal(sc.components, 5, 'root, title, actions, confirm and note were accepted');
    assert.match(r.content[0].text, /line 6: ungoverned_mutation/);
    assert.match(r.content[0].text, /Warnings/);
  });

  test('a clean screen says so', async () => {
    const screen = [
      'root = Card([title, amount, actions])',
      'title = Heading("Confirm payment")',
      '$amount = 42.50',
      'amount = Text($amount, format="currency", currency="USD")',
      'actions = Stack([confirm], direction="row")',
      'confirm = Button("Pay now", action="pay")',
      'payIt = McpMutation(confirm, tool="payments.confirm", params={amount: $amount, note: ""})',
    ].join('\n');
    const r = await call('show_screen', { screen });
    assert.equal(r.structuredContent.ok, true);
    assert.deepEqual(r.structuredContent.rejected, []);
    assert.deepEqual(r.structuredContent.issues, []);
    assert.equal(r.structuredContent.lines, 7);
    assert.match(r.content[0].text, /no errors/);
  });

  test('a call without a screen is refused', async () => {
    const r = await call('show_screen', {});
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent.code, 'invalid_params');
  });
});

describe('registry tools over MCP ([10.28], [10.14], [10.35])', () => {
  test('params that fail the schema: an error result {code: invalid_params, message, issues}', async () => {
    const r = await call('payments.confirm', { amount: -1 }, { [KEY]: newKey() });
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent.code, 'invalid_params');
    assert.equal(typeof r.structuredContent.message, 'string');
    const paths = r.structuredContent.issues.map((i) => i.path).sort();
    assert.deepEqual(paths, ['', '/amount']);
  });

  test('an extra param fails additionalProperties: nothing from the view is trusted', async () => {
    const r = await call('auth.sendMagicLink', { email: 'a@b.co', admin: true }, { [KEY]: newKey() });
    assert.equal(r.structuredContent.code, 'invalid_params');
  });

  test('a success carries the result and an update naming the pressed Button', async () => {
    const r = await call('payments.confirm', { amount: 12, note: 'hi' }, { [KEY]: newKey(), [BUTTON]: 'payBtn' });
    assert.notEqual(r.isError, true);
    assert.equal(r.structuredContent.result.status, 'paid');
    assert.equal(r.structuredContent.result.amount, 12);
    assert.match(r.structuredContent.update, /^payBtn = Notice\(/);
  });

  test('a button id that is not an id is not written into the update', async () => {
    const r = await call('payments.confirm', { amount: 1, note: '' }, { [KEY]: newKey(), [BUTTON]: 'x = Card([y])\nz' });
    assert.match(r.structuredContent.update, /^confirm = Notice\(/);
  });

  test('the same key and params replay the stored result: the action runs once', async () => {
    const key = newKey();
    const first = await call('payments.confirm', { amount: 7, note: 'once' }, { [KEY]: key });
    const again = await call('payments.confirm', { note: 'once', amount: 7 }, { [KEY]: key });
    assert.equal(first.structuredContent.result.status, 'paid');
    assert.deepEqual(again.structuredContent, first.structuredContent);
    const other = await call('payments.confirm', { amount: 7, note: 'once' }, { [KEY]: newKey() });
    assert.notEqual(other.structuredContent.result.paymentId, first.structuredContent.result.paymentId, 'a new key runs again');
  });

  test('the same key with other params: idempotency_conflict', async () => {
    const key = newKey();
    const first = await call('payments.confirm', { amount: 3, note: '' }, { [KEY]: key });
    assert.notEqual(first.isError, true);
    const r = await call('payments.confirm', { amount: 4, note: '' }, { [KEY]: key });
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent.code, 'idempotency_conflict');
    assert.equal(typeof r.structuredContent.message, 'string');
  });

  test('a malformed key is refused before anything runs', async () => {
    const r = await call('payments.confirm', { amount: 3, note: '' }, { [KEY]: 'not a key!' });
    assert.equal(r.structuredContent.code, 'invalid_request');
    const long = await call('payments.confirm', { amount: 3, note: '' }, { [KEY]: 'k'.repeat(201) });
    assert.equal(long.structuredContent.code, 'invalid_request');
  });

  test("a tool's own refusal: someone else's order is not_found, a second return is unavailable", async () => {
    const theirs = await call('orders.requestReturn', { order: '2077' }, { [KEY]: newKey() });
    assert.equal(theirs.isError, true);
    assert.equal(theirs.structuredContent.code, 'not_found');
    const missing = await call('orders.requestReturn', { order: '99999' }, { [KEY]: newKey() });
    assert.deepEqual(missing.structuredContent, theirs.structuredContent, 'the same answer for not yours and not there');
    const mine = await call('orders.requestReturn', { order: '1042' }, { [KEY]: newKey(), [BUTTON]: 'ret' });
    assert.notEqual(mine.isError, true);
    assert.match(mine.structuredContent.update, /^ret = Notice\(/);
    const twice = await call('orders.requestReturn', { order: '1042' }, { [KEY]: newKey() });
    assert.equal(twice.structuredContent.code, 'unavailable');
  });

  test('each connection is its own person: keys and orders are not shared', async () => {
    const key = newKey();
    await call('payments.confirm', { amount: 5, note: '' }, { [KEY]: key });
    const other = await connect(app);
    try {
      const r = await other.callTool({ name: 'payments.confirm', arguments: { amount: 6, note: '' }, _meta: { [KEY]: key } });
      assert.notEqual(r.isError, true, 'another person may use the same key');
      const ret = await other.callTool({ name: 'orders.requestReturn', arguments: { order: '1042' }, _meta: { [KEY]: newKey() } });
      assert.notEqual(ret.isError, true, 'their own order 1042');
    } finally {
      await other.close();
    }
  });

  test('an unknown tool is refused as unknown_tool', async () => {
    const r = await call('payments.refund', { amount: 1 }, { [KEY]: newKey() });
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent.code, 'unknown_tool');
  });

  test('a key without params of its own still runs (the key is optional, as in [10.14])', async () => {
    const r = await call('auth.sendMagicLink', { email: 'person@example.com' });
    assert.notEqual(r.isError, true);
    assert.match(r.structuredContent.update, /p•••@example\.com/);
  });

  test('logs never hold param values', () => {
    const all = logs.join('\n');
    assert.doesNotMatch(all, /person@example\.com/);
    assert.doesNotMatch(all, /once/);
  });
});

describe('the UI resource ([10.25])', () => {
  test('is listed as text/html;profile=mcp-app', async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(
      resources.map((r) => [r.uri, r.mimeType]),
      [[SCREEN_RESOURCE_URI, MCP_APP_MIME]],
    );
  });

  test('reads as one self-contained HTML page that names no http(s) location', async () => {
    const { contents } = await client.readResource({ uri: SCREEN_RESOURCE_URI });
    assert.equal(contents.length, 1);
    const [page] = contents;
    assert.equal(page.mimeType, 'text/html;profile=mcp-app');
    assert.deepEqual(page._meta.ui.csp, { connectDomains: [], resourceDomains: [] });
    const html = page.text;
    assert.match(html, /^<!doctype html>/i);
    assert.match(html, /<omni-screen>/);
    assert.doesNotMatch(html, /\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i, 'no src= or href= to a URL');
    assert.doesNotMatch(html, /<script[^>]*\bsrc\s*=/i, 'no external script');
    assert.doesNotMatch(html, /<link\b/i, 'no linked stylesheet');
    assert.doesNotMatch(html, /import\s*\(\s*["'`]\.?\.?\//, 'no dynamic chunk left to load');
    assert.doesNotMatch(html, /\bimport\s*[^(;]*?\bfrom\s*["']/, 'no static import');
    assert.equal((html.match(/<script type="module">/g) ?? []).length, 1, 'one inline script');
    assert.doesNotMatch(html, /\beval\s*\(|new Function\s*\(/, 'no eval or new Function');
  });

  test("carries the app's tools, confirmations and pictures as data", async () => {
    const { contents } = await client.readResource({ uri: SCREEN_RESOURCE_URI });
    const json = registryBlock(contents[0].text);
    assert.ok(json, 'the registry block');
    const data = JSON.parse(json[1]);
    assert.deepEqual(Object.keys(data.tools).sort(), Object.keys(registry.tools).sort());
    assert.equal(data.confirm['payments.confirm'], registry.tools['payments.confirm'].confirm);
    for (const name of Object.keys(registry.assets)) assert.match(data.assets[name].src, /^data:image\/svg\+xml;base64,/);
  });

  test('the package’s generic page carries no app’s registries, only the marker where a server may write them', async () => {
    const page = await genericPage();
    assert.equal(registryBlock(page), null);
    assert.ok(page.includes(REGISTRY_MARKER));
    assert.doesNotMatch(page, /data:image\/svg\+xml;base64,/, 'no pictures');
    for (const tool of Object.values(registry.tools)) assert.ok(!page.includes(JSON.stringify(tool.schema)), 'no tool schemas');
  });

  test('--generic-view: the generic page as shipped, and show_screen’s listing carries the registries the demo’s page does', async () => {
    const generic = await createMcpApp({ html: await genericPage(), genericView: true, log: () => {} });
    const c = await connect(generic);
    try {
      const { contents } = await c.readResource({ uri: SCREEN_RESOURCE_URI });
      assert.equal(contents[0].text, await genericPage());
      const { tools } = await c.listTools();
      const listed = tools.find((t) => t.name === 'show_screen')._meta['io.omni-ir/registry'];
      assert.deepEqual(listed, JSON.parse(registryBlock(await viewPage())[1]));
      // Without --generic-view the listing stays lean: the page carries them.
      const { tools: plain } = await client.listTools();
      assert.equal(plain.find((t) => t.name === 'show_screen')._meta['io.omni-ir/registry'], undefined);
    } finally {
      await c.close();
      generic.close();
    }
  });

  test('an unknown resource is an error', async () => {
    await assert.rejects(client.readResource({ uri: 'ui://agentic-elements/other' }));
  });
});

describe('assembling the view page', () => {
  const template = `<!doctype html><html><body><omni-screen></omni-screen>${REGISTRY_MARKER}${SCRIPT_MARKER}</body></html>`;

  test('puts the script and the registry at their markers', () => {
    const html = assembleView({ template, script: 'console.log(1)', registry: { tools: {} } });
    assert.match(html, /<script type="application\/json" id="omni-registry">\{"tools":\{\}\}<\/script><script type="module">console\.log\(1\)<\/script>/);
  });

  test('without a registry the marker stays, for a server to write one in later', () => {
    const generic = assembleView({ template, script: 'console.log(1)' });
    assert.ok(generic.includes(`${REGISTRY_MARKER}<script type="module">`));
    assert.equal(withRegistry(generic, { tools: {} }), assembleView({ template, script: 'console.log(1)', registry: { tools: {} } }));
    assert.throws(() => withRegistry('<p></p>', {}), /marker/);
  });

  test('the registry JSON cannot close its element', () => {
    const out = scriptJson({ a: '</script><script>alert(1)</script>', b: '\u2028' });
    assert.doesNotMatch(out, /</);
    assert.deepEqual(JSON.parse(out), { a: '</script><script>alert(1)</script>', b: '\u2028' });
  });

  test('refuses a script that would end its element or open a comment', () => {
    assert.throws(() => assembleView({ template, script: 'x="</script>"', registry: {} }), /<\/script/);
    assert.throws(() => assembleView({ template, script: 'x="<!--"', registry: {} }), /<!--/);
    assert.throws(() => assembleView({ template: '<p></p>', script: '', registry: {} }), /markers/);
  });

  test('refuses markup that names a location', () => {
    assert.deepEqual(findExternalReferences('<img src="https://x.test/a.png"><a href=//cdn.test/b>'), ['https://x.test/a.png', '//cdn.test/b']);
    assert.deepEqual(findExternalReferences('<style>@import "https://x.test/a.css"; a{background:url(http://x.test/i.png)}</style>'), [
      'https://x.test/a.css',
      'http://x.test/i.png',
    ]);
    assert.deepEqual(findExternalReferences('<img src="data:image/png;base64,AA"><a href="#top">'), []);
    const bad = `<!doctype html><img src="https://x.test/p.png">${REGISTRY_MARKER}${SCRIPT_MARKER}`;
    assert.throws(() => assembleView({ template: bad, script: '', registry: {} }), /refers to/);
  });

  test('pictures: small SVGs that name nothing, as data: URLs; a placeholder where the demo has none', () => {
    assert.throws(() => checkSvg('x', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://x.test/a.png"/></svg>'), /refers to/);
    assert.throws(() => checkSvg('x', '<svg><rect style="fill:url(https://x.test/#a)"/></svg>'), /refers to/);
    assert.throws(() => checkSvg('x', '<p>hi</p>'), /not an SVG/);
    assert.doesNotThrow(() => checkSvg('x', '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(#g)"/></svg>'));
    const svg = placeholderSvg('parcel', 640, 360);
    assert.doesNotThrow(() => checkSvg('parcel', svg));
    const { registry: view, placeholders } = viewRegistry(registry, (name) => (name === 'card' ? null : svg));
    assert.deepEqual(placeholders, ['card']);
    assert.equal(Object.keys(view.assets).length, Object.keys(registry.assets).length);
    assert.equal(view.assets.parcel.width, 640);
    assert.equal(Buffer.from(view.assets.card.src.split(',')[1], 'base64').toString(), placeholderSvg('card', 96, 96));
  });

  test('the build script is a step of npm run build', () => {
    const { scripts, wireit } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.equal(scripts.build, 'wireit');
    assert.ok(wireit.build.dependencies.includes('build:mcp-view'));
    assert.match(wireit['build:mcp-view'].command, /^node scripts\/build-mcp-view\.mjs$/);
  });
});

describe('transports', () => {
  test('stdio: a host starts `node demo/mcp/server.mjs` and lists its tools', async () => {
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'demo/mcp/server.mjs')],
      cwd: root,
      stderr: 'pipe',
    });
    const c = new Client({ name: 'mcp-test-stdio', version: '1.0.0' });
    await c.connect(transport);
    try {
      const { tools } = await c.listTools();
      assert.ok(tools.some((t) => t.name === 'show_screen'));
      const r = await c.callTool({ name: 'show_screen', arguments: { screen: 'root = Card([x])\nx = Nope()\n' } });
      assert.deepEqual(r.structuredContent.rejected.map((x) => [x.line, x.codes[0]]), [[2, 'unknown_component']]);
    } finally {
      await c.close();
    }
  });

  test('Streamable HTTP on 127.0.0.1: sessions work, another Origin is refused', async () => {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const http = await serveHttp(app, { port: 0, log: () => {} });
    const url = `http://127.0.0.1:${http.address().port}/mcp`;
    try {
      const c = new Client({ name: 'mcp-test-http', version: '1.0.0' });
      await c.connect(new StreamableHTTPClientTransport(new URL(url)));
      const { tools } = await c.listTools();
      assert.ok(tools.some((t) => t.name === 'show_screen'));
      const r = await c.callTool({ name: 'payments.confirm', arguments: { amount: 'x' }, _meta: { [KEY]: newKey() } });
      assert.equal(r.structuredContent.code, 'invalid_params');
      await c.close();

      const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
      const evil = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin: 'https://evil.example' },
        body: JSON.stringify(init),
      });
      assert.equal(evil.status, 403);
      await evil.arrayBuffer();
      const stranger = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': 'nope' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      assert.equal(stranger.status, 404);
      await stranger.arrayBuffer();
    } finally {
      await new Promise((r) => {
        http.closeAllConnections?.();
        http.close(r);
      });
    }
  });
});
