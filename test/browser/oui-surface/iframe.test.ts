// The postMessage transport across a real iframe on another origin: the page inside runs <oui-surface>, the
// agent runs outside. Messages go only to the named origin and are read only from the named window and origin:
// a wrong origin hears nothing, and another frame posting to the same window is ignored.
import { expect } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { createOUIAgent, createPostMessageTransport, type OUIAgent, type OUITransport } from '../../../src/oui/index.js';
import { tick, until } from './helpers.js';

// The test page is on one origin; the frame is served by the same server under the other name of loopback.
const here = new URL(location.href);
const otherHost = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const frameOrigin = `${here.protocol}//${otherHost}:${here.port}`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function frame(id: string): Promise<HTMLIFrameElement> {
  const iframe = document.createElement('iframe');
  iframe.title = `Frame ${id}`;
  iframe.src = `${frameOrigin}/test/browser/oui-surface/frame.html?id=${id}&parent=${encodeURIComponent(here.origin)}`;
  const loaded = new Promise((r) => iframe.addEventListener('load', r, { once: true }));
  document.body.append(iframe);
  cleanups.push(() => iframe.remove());
  await loaded;
  return iframe;
}

function agentFor(iframe: HTMLIFrameElement, targetOrigin = frameOrigin): { agent: OUIAgent; transport: OUITransport } {
  const transport = createPostMessageTransport({ target: iframe.contentWindow!, targetOrigin, listen: window });
  const agent = createOUIAgent(transport, { timeoutMs: 5000 });
  cleanups.push(() => (agent.dispose(), transport.close()));
  return { agent, transport };
}

describe('oui-surface: postMessage across an iframe', () => {
  it('the agent outside sees the framed surface, calls its form action, and reads the observation it pushes', async () => {
    expect(frameOrigin).to.not.equal(here.origin);
    const iframe = await frame('framed-list');
    const { agent } = agentFor(iframe);
    await until(() => agent.surface('framed-list'), 'the framed surface to register', 8000);
    expect(agent.tools().map((t) => t.name)).to.deep.equal(['add_item']);
    const result = await agent.call('add_item', { title: 'Milk' });
    expect(result.success).to.equal(true);
    expect((result.data as any).values).to.deep.equal({ title: 'Milk' });
    await until(() => agent.observations('framed-list').get('titles'), 'the observation');
    expect(agent.observations('framed-list').get('titles')).to.deep.equal(['Milk']);
    const refused = await agent.call('add_item', {});
    expect(refused.error?.code).to.equal('INVALID_PARAMS');
    expect(refused.error?.message).to.match(/title/);
  });

  it('an agent that names the wrong origin for the frame hears nothing, and the frame hears nothing from it', async () => {
    const iframe = await frame('framed-list');
    const { agent, transport } = agentFor(iframe, here.origin);
    await tick(400);
    expect(transport.connected).to.equal(false);
    expect(agent.surfaces()).to.deep.equal([]);
  });

  it('another frame posting to the same window is ignored: only the named window is read', async () => {
    const mine = await frame('framed-list');
    const intruder = await frame('intruder-list');
    const { agent } = agentFor(mine);
    await until(() => agent.surface('framed-list'), 'the framed surface', 8000);
    await tick(200);
    expect(agent.surfaces().map((s) => s.id)).to.deep.equal(['framed-list']);
    void intruder;
  });
});
