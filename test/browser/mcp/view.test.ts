// The MCP Apps view ([10.25]–[10.28], [10.35]) against a fake host: the view's logic over a MessageChannel
// (handshake, partial input as [10.26] says, presses as tools/call, refusals, updates, registries from the page
// or from the host), and the package's generic page dist/mcp-view.html in a frame, where it must load nothing
// from anywhere and takes an app's registries from the host or from a block a server wrote into it.
import { pressDialog } from '../shared/approvals.js';
import { expect, fixture, html } from '@open-wc/testing';
import { readFile } from '@web/test-runner-commands';
import { describe, it, afterEach } from '../omni-screen/mocha.js';
import { node, press, settle, textOf, tick } from '../omni-screen/helpers.js';
import '../../../elements/omni-screen/index.js';
import type { OmniActionErrorEvent, OmniScreenElement } from '../../../elements/omni-screen/index.js';
import { portEndpoint } from '../../../mcp/hostBridge.js';
import {
  startMcpView,
  inlinePictures,
  pressOutcome,
  readViewRegistry,
  registryFromHost,
  McpActionError,
  MCP_APPS_PROTOCOL_VERSION,
  REGISTRY_META,
  type McpView,
  type ViewRegistry,
} from '../../../mcp/view.js';
import { en } from '../../../strings/en.js';

type Json = Record<string, any>;

const PIXEL = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=';

const registry: ViewRegistry = {
  tools: {
    'payments.confirm': {
      type: 'object',
      additionalProperties: false,
      required: ['amount', 'note'],
      properties: { amount: { type: 'number', minimum: 0 }, note: { type: 'string' } },
    },
  },
  confirm: {},
  assets: { parcel: { src: PIXEL, width: 64, height: 36 }, remote: { src: 'https://example.com/x.png', width: 1, height: 1 } },
  pictures: [],
};

/** The host's side of the channel: records every message, answers the view's requests as told. */
class FakeHost {
  readonly received: Json[] = [];
  readonly port: MessagePort;
  answer: (request: Json) => Json | null = (request) =>
    request['method'] === 'ui/initialize'
      ? { result: { protocolVersion: MCP_APPS_PROTOCOL_VERSION, hostInfo: { name: 'fake', version: '1' }, hostCapabilities: {}, hostContext: { theme: 'dark', locale: 'fr-FR', styles: { variables: { '--font-sans': 'Georgia, serif', '--font-mono': 'url(https://x.test/f.woff)', '--color-text-primary': '#f00' } } } } }
      : null;
  #waiters: { test: (m: Json) => boolean; resolve: (m: Json) => void }[] = [];
  #nextId = 1000;
  #pending = new Map<number, (m: Json) => void>();

  constructor(port: MessagePort) {
    this.port = port;
    port.onmessage = (event) => {
      const message = event.data as Json;
      this.received.push(message);
      if (typeof message['method'] === 'string' && message['id'] !== undefined) {
        const reply = this.answer(message);
        if (reply) port.postMessage({ jsonrpc: '2.0', id: message['id'], ...reply });
      } else if (message['id'] !== undefined && this.#pending.has(message['id'])) {
        this.#pending.get(message['id'])!(message);
      }
      for (const w of [...this.#waiters]) {
        if (w.test(message)) {
          this.#waiters.splice(this.#waiters.indexOf(w), 1);
          w.resolve(message);
        }
      }
    };
  }

  notify(method: string, params: unknown): void {
    this.port.postMessage({ jsonrpc: '2.0', method, params });
  }

  request(method: string, params: unknown): Promise<Json> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.port.postMessage({ jsonrpc: '2.0', id, method, params });
    });
  }

  /** The first message (already received or still to come) that passes `test`. */
  next(test: (m: Json) => boolean): Promise<Json> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  methods(): string[] {
    return this.received.map((m) => m['method'] as string).filter(Boolean);
  }
}

let view: McpView | null = null;
afterEach(() => {
  view?.close();
  view = null;
});

async function start(options: { answer?: FakeHost['answer']; registry?: ViewRegistry | null; registryWaitMs?: number; ready?: boolean } = {}) {
  const screen = await fixture<OmniScreenElement>(html`<omni-screen></omni-screen>`);
  const channel = new MessageChannel();
  const host = new FakeHost(channel.port2);
  if (options.answer) host.answer = options.answer;
  const own = options.registry === undefined ? registry : options.registry;
  view = startMcpView({ screen, endpoint: portEndpoint(channel.port1), registry: own, ...(options.registryWaitMs ? { registryWaitMs: options.registryWaitMs } : {}) });
  if (options.ready !== false) await view.ready;
  await settle(screen);
  return { screen, host, view };
}

/** The host's answer to ui/initialize with the show_screen listing, its `_meta` holding `registries`. */
const initializeWith = (registries: unknown) => ({
  result: {
    protocolVersion: MCP_APPS_PROTOCOL_VERSION,
    hostContext: { toolInfo: { id: 7, tool: { name: 'show_screen', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://x/screen' }, [REGISTRY_META]: registries } } } },
  },
});

/** Sends partial or complete input and waits until the view has drawn it. */
async function send(host: FakeHost, screen: OmniScreenElement, method: 'partial' | 'complete', text: string) {
  host.notify(method === 'partial' ? 'ui/notifications/tool-input-partial' : 'ui/notifications/tool-input', { arguments: { screen: text } });
  await tick(10);
  await settle(screen);
}

const shown = (screen: OmniScreenElement) => textOf(screen.shadowRoot!.querySelector('[part~="screen"]'));

const PAY = [
  'root = Card([title, amount, pay])',
  'title = Heading("Confirm payment")',
  '$amount = 42.5',
  'amount = Text($amount, format="currency", currency="USD")',
  'pay = Button("Pay now", action="pay")',
  'payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount, note: ""})',
].join('\n');

describe('MCP Apps view: the handshake', () => {
  it('asks ui/initialize, applies the host context, then says ui/notifications/initialized', async () => {
    const { screen, host } = await start();
    const init = host.received.find((m) => m['method'] === 'ui/initialize')!;
    expect(init['jsonrpc']).to.equal('2.0');
    expect(init['params'].protocolVersion).to.equal(MCP_APPS_PROTOCOL_VERSION);
    expect(init['params'].appInfo.name).to.be.a('string');
    expect(init['params'].appCapabilities).to.deep.equal({});
    await host.next((m) => m['method'] === 'ui/notifications/initialized');
    expect(host.methods().indexOf('ui/notifications/initialized')).to.be.greaterThan(host.methods().indexOf('ui/initialize'));
    expect(screen.theme).to.equal('dark');
    expect(screen.locale).to.equal('fr-FR');
    expect(screen.style.getPropertyValue('--ae-font')).to.equal('Georgia, serif', "the host's font");
    expect(screen.style.getPropertyValue('--ae-font-mono')).to.equal('', 'nothing that names a location');
    expect(screen.getAttribute('style')).not.to.contain('#f00', 'colours stay the theme’s');
    host.notify('ui/notifications/host-context-changed', { theme: 'light' });
    await tick(10);
    expect(screen.theme).to.equal('light');
  });

  it('answers the host’s teardown and ping, and -32601 to anything else', async () => {
    const { host } = await start();
    expect((await host.request('ui/resource-teardown', {}))['result']).to.deep.equal({});
    expect((await host.request('ping', {}))['result']).to.deep.equal({});
    expect((await host.request('ui/something-new', {}))['error'].code).to.equal(-32601);
  });

  it('keeps only pictures inside the page: a registry picture with a URL is dropped', () => {
    expect(Object.keys(inlinePictures(registry.assets))).to.deep.equal(['parcel']);
  });
});

describe('MCP Apps view: partial input ([10.26])', () => {
  it('draws only complete lines while the argument grows, each once', async () => {
    const { screen, host } = await start();
    await send(host, screen, 'partial', 'root = Card([title, amount, pay])\ntitle = Heading("Confirm pay');
    expect(screen.document!.status('root')).to.equal('ready');
    expect(screen.document!.status('title')).to.equal('pending', 'a line without its end is not written');
    expect(screen.shadowRoot!.querySelectorAll('.pending').length).to.be.greaterThan(0);

    await send(host, screen, 'partial', 'root = Card([title, amount, pay])\ntitle = Heading("Confirm payment")\n$amount = 42.5\n');
    expect(screen.document!.status('title')).to.equal('ready');
    expect(textOf(node(screen, 'title'))).to.equal('Confirm payment');
    // The same text again, and the same text re-derived, write nothing twice.
    await send(host, screen, 'partial', 'root = Card([title, amount, pay])\ntitle = Heading("Confirm payment")\n$amount = 42.5\n');
    await send(host, screen, 'partial', 'root = Card([title, amount, pay])\ntitle = Heading("Confirm payment")\n$amount = 42.5\namount = Text($amount');
    expect(screen.issues.map((i) => i.code)).to.deep.equal([]);
    expect(screen.document!.status('amount')).to.equal('pending');
  });

  it('starts a new parser when the text no longer begins with what was written', async () => {
    const { screen, host } = await start();
    await send(host, screen, 'partial', 'root = Card([a])\na = Text("first draft")\n');
    expect(shown(screen)).to.contain('first draft');
    await send(host, screen, 'partial', 'root = Card([b])\nb = Text("second draft")\n');
    expect(shown(screen)).to.contain('second draft');
    expect(shown(screen)).not.to.contain('first draft');
    expect(screen.issues.map((i) => i.code)).to.deep.equal([], 'no duplicate_id: a line is never rewritten in one parser');
    expect(screen.document!.node('a')).to.equal(undefined);
  });

  it('the complete argument writes the rest, with its last line, and ends the stream', async () => {
    const { screen, host } = await start();
    await send(host, screen, 'partial', PAY.split('\n').slice(0, 3).join('\n') + '\n');
    expect(screen.document!.ended).to.equal(false);
    await send(host, screen, 'complete', PAY + '\nextra = Text("never listed")\nlast = Text("no newline")');
    expect(screen.document!.ended).to.equal(true);
    expect(screen.document!.status('pay')).to.equal('ready');
    expect(screen.document!.node('last')).not.to.equal(undefined, 'a last line without a line ending counts ([3.4])');
    expect(screen.document!.mutation('pay')?.tool).to.equal('payments.confirm');
  });

  it('a complete argument that rewrites the partial one starts over', async () => {
    const { screen, host } = await start();
    await send(host, screen, 'partial', 'root = Card([old])\nold = Text("old")\n');
    await send(host, screen, 'complete', 'root = Card([fresh])\nfresh = Text("fresh")');
    expect(shown(screen)).to.contain('fresh');
    expect(screen.document!.node('old')).to.equal(undefined);
    expect(screen.document!.ended).to.equal(true);
  });

  it('ignores input after the complete argument: one view shows one tool call', async () => {
    const { screen, host } = await start();
    await send(host, screen, 'complete', 'root = Card([a])\na = Text("shown")\n');
    await send(host, screen, 'partial', 'root = Card([z])\nz = Text("later")\n');
    await send(host, screen, 'complete', 'root = Card([z])\nz = Text("later")\n');
    expect(shown(screen)).to.contain('shown');
    expect(shown(screen)).not.to.contain('later');
    expect(screen.issues).to.deep.equal([]);
  });

  it('ignores input whose screen is not text, and other arguments', async () => {
    const { screen, host } = await start();
    host.notify('ui/notifications/tool-input-partial', { arguments: { screen: 42 } });
    host.notify('ui/notifications/tool-input-partial', { arguments: { other: 'root = Card([])\n' } });
    await tick(10);
    expect(screen.document?.ids() ?? []).to.deep.equal([]);
    await send(host, screen, 'partial', 'root = Card([a])\n');
    expect(screen.document!.status('root')).to.equal('ready');
  });

  it('a cancelled call ends what arrived: pending parts become fallbacks, later input is ignored', async () => {
    const { screen, host } = await start();
    await send(host, screen, 'partial', 'root = Card([a, b])\na = Text("arrived")\n');
    host.notify('ui/notifications/tool-cancelled', { reason: 'user' });
    await tick(10);
    await settle(screen);
    expect(screen.document!.ended).to.equal(true);
    expect(screen.document!.status('b')).to.equal('missing');
    await send(host, screen, 'complete', 'root = Card([a, b])\na = Text("arrived")\nb = Text("late")');
    expect(screen.document!.status('b')).to.equal('missing');
  });

  it('keeps the show_screen result the host passes on', async () => {
    const { host, view } = await start();
    const result = { content: [{ type: 'text', text: 'ok' }], structuredContent: { ok: true } };
    host.notify('ui/notifications/tool-result', result);
    await tick(10);
    expect(view.toolResult).to.deep.equal(result);
  });
});

describe('MCP Apps view: the app’s registries from the host', () => {
  const PICTURE = 'root = Card([pic])\npic = Image("parcel", alt="A parcel")';

  it('without a page registry, takes them from the show_screen listing the host passes at ui/initialize', async () => {
    const { screen, host } = await start({ registry: null, answer: (r) => (r['method'] === 'ui/initialize' ? initializeWith(registry) : null) });
    await send(host, screen, 'complete', PAY.replace('[title, amount, pay]', '[title, amount, pay, pic]') + '\n' + PICTURE.split('\n')[1]);
    expect(screen.issues.map((i) => i.code)).to.deep.equal([]);
    expect(screen.document!.status('pic')).to.equal('ready');
    expect(screen.document!.mutation('pay')?.tool).to.equal('payments.confirm');
    expect(Object.keys(screen.assets)).to.deep.equal(['parcel'], 'a picture that is not a data: URL is dropped');
  });

  it('input that arrives before the host answers waits for the registries, then is drawn in order', async () => {
    const { screen, host, view: started } = await start({ registry: null, answer: () => null, ready: false });
    const init = await host.next((m) => m['method'] === 'ui/initialize');
    host.notify('ui/notifications/tool-input-partial', { arguments: { screen: PAY.split('\n').slice(0, 2).join('\n') + '\n' } });
    host.notify('ui/notifications/tool-input-partial', { arguments: { screen: PAY.split('\n').slice(0, 4).join('\n') + '\n' } });
    host.notify('ui/notifications/tool-input', { arguments: { screen: PAY } });
    await tick(20);
    expect(screen.document).to.equal(null, 'nothing drawn before the registries are known');
    host.port.postMessage({ jsonrpc: '2.0', id: init['id'], ...initializeWith(registry) });
    await started.ready;
    await settle(screen);
    expect(screen.document!.ended).to.equal(true);
    expect(screen.issues.map((i) => i.code)).to.deep.equal([]);
    expect(screen.document!.mutation('pay')?.tool).to.equal('payments.confirm');
  });

  it('a registry written into the page wins over the listing’s', async () => {
    const { screen, host } = await start({ registry: { tools: {} }, answer: (r) => (r['method'] === 'ui/initialize' ? initializeWith(registry) : null) });
    await send(host, screen, 'complete', PAY);
    expect(screen.issues.map((i) => i.code)).to.include('unknown_tool');
  });

  it('with registries nowhere, the screen is still drawn and lines naming tools are rejected', async () => {
    const { screen, host } = await start({ registry: null });
    await send(host, screen, 'complete', PAY);
    expect(shown(screen)).to.contain('Confirm payment');
    expect(screen.issues.map((i) => i.code)).to.include('unknown_tool');
  });

  it('a host that never answers ui/initialize: input is drawn after the wait, with no registries', async () => {
    const { screen, host } = await start({ registry: null, answer: () => null, ready: false, registryWaitMs: 50 });
    host.notify('ui/notifications/tool-input', { arguments: { screen: 'root = Card([a])\na = Text("late but shown")' } });
    await tick(20);
    expect(screen.document).to.equal(null);
    await tick(80);
    await settle(screen);
    expect(shown(screen)).to.contain('late but shown');
  });

  it('reads only well-shaped registries: each wrong part is left out, not trusted', () => {
    expect(readViewRegistry('nope')).to.equal(null);
    expect(readViewRegistry({ tools: [], confirm: { a: 'Sure?', b: 42 }, assets: { x: { src: 'https://x.test/a.png' } }, pictures: 'all', components: 7 })).to.deep.equal({
      tools: {},
      confirm: { a: 'Sure?' },
      assets: {},
      pictures: [],
      components: {},
    });
    expect(registryFromHost({ hostContext: {} })).to.equal(null);
    expect(registryFromHost(initializeWith(registry)['result'])!.tools).to.deep.equal(registry.tools);
  });
});

describe('MCP Apps view: presses ([10.28], [10.35])', () => {
  const callsOf = (host: FakeHost) => host.received.filter((m) => m['method'] === 'tools/call');

  it('a governed press sends tools/call with the params, a new idempotency key and the Button, and applies the update', async () => {
    const { screen, host } = await start({
      answer: (r) =>
        r['method'] === 'ui/initialize'
          ? { result: { protocolVersion: MCP_APPS_PROTOCOL_VERSION, hostContext: {} } }
          : r['method'] === 'tools/call'
            ? {
                result: {
                  content: [{ type: 'text', text: 'paid' }],
                  structuredContent: { ok: true, tool: 'payments.confirm', result: { status: 'paid' }, update: `${r['params']._meta['io.omni-ir/button']} = Notice("Paid.", tone="success")\n` },
                },
              }
            : null,
    });
    const done = new Promise<Event>((resolve) => screen.addEventListener('omni-action', resolve, { once: true }));
    await send(host, screen, 'complete', PAY);
    press(screen, 'pay');
    const call = await host.next((m) => m['method'] === 'tools/call');
    expect(call['params'].name).to.equal('payments.confirm');
    expect(call['params'].arguments).to.deep.equal({ amount: 42.5, note: '' });
    const key = call['params']._meta['io.omni-ir/idempotency-key'];
    expect(key).to.match(/^[A-Za-z0-9_\-:.]{1,200}$/);
    expect(call['params']._meta['io.omni-ir/button']).to.equal('pay');
    const event = (await done) as Event & { result: unknown };
    expect(event.result).to.deep.equal({ status: 'paid' });
    await settle(screen);
    expect(screen.document!.node('pay')?.type).to.equal('Notice');
    expect(textOf(node(screen, 'pay'))).to.contain('Paid.');
    expect(callsOf(host).length).to.equal(1);
  });

  it('each press gets its own key', async () => {
    let n = 0;
    const { screen, host } = await start({
      answer: (r) =>
        r['method'] === 'tools/call'
          ? { result: { content: [], structuredContent: { ok: true, result: { n: ++n } } } }
          : r['method'] === 'ui/initialize'
            ? { result: {} }
            : null,
    });
    await send(host, screen, 'complete', PAY);
    press(screen, 'pay');
    await host.next((m) => m['method'] === 'tools/call');
    await tick(10);
    await settle(screen);
    press(screen, 'pay');
    await tick(20);
    const keys = callsOf(host).map((m) => m['params']._meta['io.omni-ir/idempotency-key']);
    expect(keys.length).to.equal(2);
    expect(keys[0]).not.to.equal(keys[1]);
  });

  it('an error result {code, message} shows as a failed action, and nothing is applied', async () => {
    const { screen, host } = await start({
      answer: (r) =>
        r['method'] === 'tools/call'
          ? {
              result: {
                isError: true,
                content: [{ type: 'text', text: 'idempotency_conflict' }],
                structuredContent: { code: 'idempotency_conflict', message: 'This key was already used for another action.', update: 'pay = Notice("no")' },
              },
            }
          : r['method'] === 'ui/initialize'
            ? { result: {} }
            : null,
    });
    const failed = new Promise<OmniActionErrorEvent>((resolve) => screen.addEventListener('omni-action-error', resolve as EventListener, { once: true }));
    await send(host, screen, 'complete', PAY);
    press(screen, 'pay');
    const event = await failed;
    expect(event.error).to.be.instanceOf(McpActionError);
    expect((event.error as McpActionError).code).to.equal('idempotency_conflict');
    await settle(screen);
    expect(textOf(screen.shadowRoot!.querySelector('[part~="action-status"]'))).to.equal(en.actionFailed);
    expect(screen.document!.node('pay')?.type).to.equal('Button');
    expect(screen.issues.map((i) => i.code)).to.deep.equal(['handler_failed']);
  });

  it('a JSON-RPC error from the host is a failed action too', async () => {
    const { screen, host } = await start({
      answer: (r) =>
        r['method'] === 'tools/call' ? { error: { code: -32603, message: 'host said no' } } : r['method'] === 'ui/initialize' ? { result: {} } : null,
    });
    const failed = new Promise<Event>((resolve) => screen.addEventListener('omni-action-error', resolve, { once: true }));
    await send(host, screen, 'complete', PAY);
    press(screen, 'pay');
    await failed;
    await settle(screen);
    expect(textOf(screen.shadowRoot!.querySelector('[part~="action-status"]'))).to.equal(en.actionFailed);
  });

  it('a press whose params fail the schema never reaches the host', async () => {
    const { screen, host } = await start();
    await send(host, screen, 'complete', PAY.replace('$amount = 42.5', '$amount = -5'));
    press(screen, 'pay');
    await tick(20);
    expect(callsOf(host)).to.deep.equal([]);
  });

  it('reads answers as [10.35] says: result, update only as a string, refusal codes', () => {
    expect(pressOutcome({ content: [], structuredContent: { result: { a: 1 }, update: 'x = Text("y")' } })).to.deep.equal({ result: { a: 1 }, update: 'x = Text("y")' });
    expect(pressOutcome({ content: [], structuredContent: { a: 1 } })).to.deep.equal({ result: { a: 1 }, update: undefined });
    expect(pressOutcome({ content: [] })).to.deep.equal({ result: undefined });
    expect(() => pressOutcome({ isError: true, content: [] })).to.throw(McpActionError).with.property('code', 'tool_failed');
    expect(() => pressOutcome('nope')).to.throw(McpActionError);
  });
});

describe('the package’s generic page, dist/mcp-view.html ([10.25])', () => {
  /** An app's registries, as a server gives them: schemas, a confirmation sentence, a picture as a data: URL. */
  const appRegistry: ViewRegistry = { tools: registry.tools, confirm: { 'payments.confirm': 'Pay {amount} USD now?' }, assets: { parcel: { src: PIXEL, width: 64, height: 36 } } };

  /** The built generic page, or null when this run didn't build it (its assembly is tested in Node: test/server/mcp.test.mjs). */
  async function builtPage(): Promise<string | null> {
    // Read from disk: the test server would add its own script to an HTML page it serves.
    const page = (await readFile({ path: '../../../dist/mcp-view.html' })) ?? '';
    return page.includes('<!-- omni-registry -->') ? page : null;
  }

  it('takes the registries from the show_screen listing its host passes, draws, and makes no network request', async function () {
    const page = await builtPage();
    if (!page) return (this as { skip(): void }).skip();
    await drawInFrame(page, initializeWith(appRegistry)['result']);
  });

  it('takes the registries from a block a server wrote into the page', async function () {
    const page = await builtPage();
    if (!page) return (this as { skip(): void }).skip();
    const block = `<script type="application/json" id="omni-registry">${JSON.stringify(appRegistry).replace(/</g, '\\u003c')}</script>`;
    await drawInFrame(page.replace('<!-- omni-registry -->', () => block), { protocolVersion: MCP_APPS_PROTOCOL_VERSION, hostContext: { theme: 'light' } });
  });

  async function drawInFrame(page: string, initializeResult: Json) {
    // The same page under a policy that allows no network at all: any request shows as a violation.
    const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">`;
    const frame = document.createElement('iframe');
    frame.style.width = '600px';
    frame.style.height = '800px';
    // Registered before the view's script runs, so a request made while it starts is caught too.
    const watch = `<script>window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));</script>`;
    const fromView: Json[] = [];
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      const m = event.data as Json;
      fromView.push(m);
      if (m['method'] === 'ui/initialize') frame.contentWindow!.postMessage({ jsonrpc: '2.0', id: m['id'], result: initializeResult }, '*');
    };
    window.addEventListener('message', onMessage);
    try {
      const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
      frame.srcdoc = page.replace('<head>', `<head>${policy}${watch}`);
      document.body.append(frame);
      await loaded;
      const doc = frame.contentDocument!;
      for (let i = 0; i < 100 && !fromView.some((m) => m['method'] === 'ui/notifications/initialized'); i++) await tick(20);
      expect(fromView.some((m) => m['method'] === 'ui/notifications/initialized')).to.equal(true);

      const screenText = [
        'root = Card([title, pic, chart, pay])',
        'title = Heading("Your parcel")',
        'pic = Image("parcel", alt="A parcel")',
        'chart = BarChart("Deliveries", ["Mon", "Tue"], [s1])',
        's1 = Series("Parcels", [3, 5])',
        '$amount = 1',
        'pay = Button("Pay", action="pay")',
        'payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount, note: ""})',
      ].join('\n');
      frame.contentWindow!.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-input-partial', params: { arguments: { screen: screenText.slice(0, 60) } } }, '*');
      frame.contentWindow!.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { screen: screenText } } }, '*');
      const inner = () => doc.querySelector('omni-screen') as OmniScreenElement;
      for (let i = 0; i < 100 && !(inner().document?.ended && inner().shadowRoot!.querySelector('ae-chart')); i++) await tick(20);
      await settle(inner());
      await tick(300); // chart.js comes from inside the page, on the first chart
      expect(inner().document!.ended).to.equal(true);
      expect(textOf(inner().shadowRoot!.querySelector('[part~="screen"]'))).to.contain('Your parcel');
      const img = [...inner().shadowRoot!.querySelectorAll('omni-node')].map((n) => n.querySelector('img') ?? n.shadowRoot?.querySelector('img')).find(Boolean);
      expect(img?.getAttribute('src') ?? '').to.match(/^data:image\/svg\+xml/);
      expect(inner().shadowRoot!.querySelector('ae-chart')).not.to.equal(null);

      // The view's own press asks the app's confirmation ([9.1]), then goes to its parent with the key and button.
      press(inner(), 'pay');
      const dialog = inner().shadowRoot!.querySelector('ae-confirm-dialog')!;
      for (let i = 0; i < 50 && !(dialog as unknown as { open: boolean }).open; i++) await tick(20);
      await (dialog as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      expect(textOf(dialog.shadowRoot!.querySelector('[part="sentence"]'))).to.contain('Pay 1 USD');
      await pressDialog(dialog, 'confirm');
      for (let i = 0; i < 50 && !fromView.some((m) => m['method'] === 'tools/call'); i++) await tick(20);
      const call = fromView.find((m) => m['method'] === 'tools/call')!;
      expect(call['params'].name).to.equal('payments.confirm');
      expect(call['params']._meta['io.omni-ir/button']).to.equal('pay');

      const requests = frame.contentWindow!.performance.getEntriesByType('resource').map((e) => e.name);
      expect(requests).to.deep.equal([], 'no request at all');
      const violations = (frame.contentWindow as unknown as { __violations: string[] }).__violations;
      expect(violations).to.deep.equal([], 'nothing the no-network policy blocked');
    } finally {
      window.removeEventListener('message', onMessage);
      frame.remove();
    }
  }
});
