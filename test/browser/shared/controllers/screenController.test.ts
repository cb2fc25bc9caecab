// The screen kernel both screens stand on: the screen controller (generations, redrawing every node when the words
// or the locale change, crash reports after the render) and the node element it redraws (draws only once its
// screen is handed, contains a failure to itself and reports it once).
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, nothing, render } from 'lit';
import { Signal } from '../../../../elements/shared/base/signals.js';
import { describe, it } from '../mocha.js';
import { ScreenNodeElement, type NodeScreen } from '../../../../elements/shared/screen/nodeElement.js';
import { ScreenController, type NodeCrash, type SourceFailure } from '../../../../elements/shared/screen/screenController.js';

interface TestNode {
  readonly id: string;
  readonly text: Signal.State<string>;
}
interface TestScreen extends NodeScreen<TestNode> {
  readonly nodes: Map<string, TestNode>;
  readonly crashes: [string, string][];
}

class TestNodeElement extends ScreenNodeElement<TestScreen, TestNode> {
  draws = 0;
  protected override draw(screen: TestScreen, id: string): unknown {
    const node = screen.nodes.get(id);
    if (!node) return 'missing';
    return this.contain(
      screen,
      node,
      () => {
        this.draws++;
        const text = node.text.get();
        if (text.startsWith('throw')) throw new Error(text);
        return text;
      },
      () => 'crashed',
    );
  }
}
customElements.define('test-kernel-node', TestNodeElement);

const screenOf = (...nodes: [string, string][]): TestScreen => {
  const crashes: [string, string][] = [];
  return {
    nodes: new Map(nodes.map(([id, text]) => [id, { id, text: new Signal.State(text) }])),
    crashes,
    crashed: (node, error) => crashes.push([node.id, (error as Error).message]),
  };
};

describe('screen kernel: the node element', () => {
  it('draws nothing until its screen is handed, then its node through the view', async () => {
    const el = (await fixture(html`<test-kernel-node .nodeId=${'a'}></test-kernel-node>`)) as TestNodeElement;
    expect(el.textContent).to.equal('');
    expect(el.draws).to.equal(0);
    el.screen = screenOf(['a', 'hello']);
    await el.updateComplete;
    expect(el.textContent).to.equal('hello');
    expect(el.shadowRoot, 'light DOM').to.equal(null);
  });

  it('contains a failure to itself, reports it once per node and message, and draws again when its data changes', async () => {
    const screen = screenOf(['a', 'throw one']);
    const el = (await fixture(html`<test-kernel-node .nodeId=${'a'} .screen=${screen}></test-kernel-node>`)) as TestNodeElement;
    expect(el.textContent).to.equal('crashed');
    el.requestUpdate();
    await el.updateComplete;
    expect(screen.crashes).to.deep.equal([['a', 'throw one']]);
    screen.nodes.get('a')!.text.set('throw two');
    await el.updateComplete;
    await el.updateComplete;
    expect(screen.crashes).to.deep.equal([['a', 'throw one'], ['a', 'throw two']]);
    screen.nodes.get('a')!.text.set('fine');
    await el.updateComplete;
    await el.updateComplete;
    expect(el.textContent).to.equal('fine');
    screen.nodes.get('a')!.text.set('throw one');
    await el.updateComplete;
    await el.updateComplete;
    expect(screen.crashes.length, 'a new failure after a good draw is a new report').to.equal(3);
  });
});

class TestScreenHost extends LitElement {
  words = { hello: 'Hello' };
  locale = 'en';
  readonly crashes: NodeCrash[] = [];
  readonly kernel = new ScreenController(this, {
    nodeTag: 'test-kernel-node',
    looks: () => ({ words: this.words, locale: this.locale }),
    report: (crash) => this.crashes.push(crash),
  });
  readonly screen = screenOf(['a', 'one'], ['b', 'two']);
  protected override render(): unknown {
    return html`<test-kernel-node .nodeId=${'a'} .screen=${this.screen}></test-kernel-node><test-kernel-node .nodeId=${'b'} .screen=${this.screen}></test-kernel-node>`;
  }
}
customElements.define('test-kernel-screen', TestScreenHost);

describe('screen kernel: the screen controller', () => {
  const nodesOf = (host: TestScreenHost) => [...host.renderRoot.querySelectorAll('test-kernel-node')] as TestNodeElement[];
  const settle = async (host: TestScreenHost) => {
    await host.updateComplete;
    for (const n of nodesOf(host)) await n.updateComplete;
  };

  it('counts generations: only the latest is current', async () => {
    const host = (await fixture(html`<test-kernel-screen></test-kernel-screen>`)) as TestScreenHost;
    const first = host.kernel.next();
    expect(host.kernel.isCurrent(first)).to.equal(true);
    const second = host.kernel.next();
    expect(second).to.equal(first + 1);
    expect(host.kernel.generation).to.equal(second);
    expect(host.kernel.isCurrent(first)).to.equal(false);
  });

  it('draws every node again when the words or the locale change, and only then', async () => {
    const host = (await fixture(html`<test-kernel-screen></test-kernel-screen>`)) as TestScreenHost;
    await settle(host);
    const draws = () => nodesOf(host).map((n) => n.draws);
    expect(draws()).to.deep.equal([1, 1]);
    host.requestUpdate();
    await settle(host);
    expect(draws(), 'nothing the nodes read changed').to.deep.equal([1, 1]);
    host.words = { hello: 'Hallo' };
    host.requestUpdate();
    await settle(host);
    expect(draws()).to.deep.equal([2, 2]);
    host.locale = 'de';
    host.requestUpdate();
    await settle(host);
    expect(draws()).to.deep.equal([3, 3]);
  });

  it('reports a crash after the render that caught it, as node_crashed', async () => {
    const host = (await fixture(html`<test-kernel-screen></test-kernel-screen>`)) as TestScreenHost;
    host.kernel.crashed({ line: 7, id: 'x', type: 'Chart' }, new Error('boom'));
    expect(host.crashes).to.deep.equal([]);
    await Promise.resolve();
    expect(host.crashes).to.deep.equal([{ code: 'node_crashed', severity: 'error', line: 7, id: 'x', message: 'Chart "x" failed while rendering: boom' }]);
  });

  it('ends a read as it ended: rethrows a newer read’s error, ends nothing after an abort or for an old answer, says a failed source', async () => {
    const host = (await fixture(html`<test-kernel-screen></test-kernel-screen>`)) as TestScreenHost;
    let ends = 0;
    const end = () => ends++;
    const abort = new DOMException('replaced', 'AbortError');
    expect(() => host.kernel.endRead({ status: 'superseded', error: abort }, end)).to.throw(DOMException);
    host.kernel.endRead({ status: 'aborted' }, end);
    host.kernel.endRead({ status: 'ended' }, end, false);
    expect(ends).to.equal(0);
    host.kernel.endRead({ status: 'ended' }, end);
    expect(ends).to.equal(1);
    const words = ({ status, notTheFormat }: SourceFailure) => (notTheFormat ? 'a page' : status > 0 ? `answered ${status}` : 'lost');
    expect(host.kernel.sourceNotice(words, 'notice')).to.equal(nothing);
    const failure = new Error('gone');
    expect(() => host.kernel.endRead({ status: 'failed', error: failure, httpStatus: 503 }, end)).to.throw(failure);
    expect(ends).to.equal(2);
    const notice = document.createElement('div');
    render(host.kernel.sourceNotice(words, 'notice'), notice);
    expect(notice.querySelector('[part="notice"][role="note"]')!.textContent).to.equal('answered 503');
    host.kernel.clearSourceFailure();
    expect(host.kernel.sourceNotice(words, 'notice')).to.equal(nothing);
    const page = new Error('a web page');
    expect(() => host.kernel.endRead({ status: 'failed', error: page, notTheFormat: true }, end)).to.throw(page);
    render(host.kernel.sourceNotice(words, 'notice'), notice);
    expect(notice.querySelector('[part="notice"]')!.textContent).to.equal('a page');
  });
});
