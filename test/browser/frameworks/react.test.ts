// <omni-screen> inside React 19: object/function props arrive as properties, `on<event>` props listen for the
// element's own events, and a re-render with new props updates the same element. No JSX (the project compiles
// .ts only): React.createElement, which is what JSX turns into.
import { expect } from '@open-wc/testing';
// React ships CommonJS: the test runner serves it as ES modules (reactAsEsm in web-test-runner.config.mjs).
import { createElement, createRef, StrictMode, useEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, it } from '../omni-screen/mocha.js';
import { settle } from '../omni-screen/helpers.js';
import { cabinSrc, makeAssets, makeConfirm, makeTools, OTHER_PIXEL, pressAndConfirm, screenText, stream } from './shared.js';
import type { OmniAction, OmniEndEvent, OmniIssueEvent, OmniScreenElement } from '../../../elements/omni-screen/index.js';

let host: HTMLElement | null = null;
let root: Root | null = null;

afterEach(() => {
  flushSync(() => root?.unmount());
  host?.remove();
  host = root = null;
});

type Props = {
  ref: RefObject<OmniScreenElement | null>;
  tools: object;
  assets: object;
  confirm: object;
  handler: (a: OmniAction) => unknown;
  onEnd: (e: OmniEndEvent) => void;
  onIssue: (e: OmniIssueEvent) => void;
};

function Screen(p: Props) {
  return createElement('omni-screen', {
    ref: p.ref,
    theme: 'light',
    tools: p.tools,
    assets: p.assets,
    confirm: p.confirm,
    handler: p.handler,
    'onomni-end': p.onEnd,
    'onomni-issue': p.onIssue,
  });
}

function render(props: Props): void {
  flushSync(() => root!.render(createElement(Screen, props)));
}

describe('omni-screen in React 19', () => {
  it('takes tools, assets and handler as properties, fires omni-end/omni-issue, and updates in place', async () => {
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    const ref = createRef<OmniScreenElement>();
    const tools = makeTools();
    const assets = makeAssets();
    const actions: OmniAction[] = [];
    const handler = (a: OmniAction) => {
      actions.push(a);
      return { result: { ok: true } };
    };
    const ends: OmniEndEvent[] = [];
    const issues: OmniIssueEvent[] = [];
    const confirm = makeConfirm();
    const props: Props = { ref, tools, assets, confirm, handler, onEnd: (e) => ends.push(e), onIssue: (e) => issues.push(e) };
    render(props);

    const el = ref.current!;
    expect(el, 'ref holds the element').to.be.instanceOf(customElements.get('omni-screen')!);
    expect(el.tools, 'tools arrived as the same object').to.equal(tools);
    expect(el.assets, 'assets arrived as the same object').to.equal(assets);
    expect(el.confirm, 'confirm arrived as the same object').to.equal(confirm);
    expect(el.handler, 'handler arrived as the same function').to.equal(handler);
    expect(el.hasAttribute('tools'), 'no tools attribute').to.equal(false);
    expect(el.hasAttribute('assets'), 'no assets attribute').to.equal(false);

    // An unknown component is an issue ([7]): omni-issue reaches the on-prop as it is found.
    el.write(stream('Hello from React'));
    el.write('oops = Nope("x")\n');
    el.end();
    await settle(el);
    expect(screenText(el)).to.contain('Hello from React');
    expect(cabinSrc(el)).to.equal(assets['cabin']!.src);
    expect(ends, 'omni-end listener').to.have.length(1);
    expect(issues.length, 'omni-issue listener').to.be.greaterThan(0);

    // The handler property runs on a confirmed press.
    await pressAndConfirm(el);
    expect(actions.map((a) => a.tool)).to.deep.equal(['notes.send']);

    // Re-render with new props: the same element, new values, the picture redrawn.
    const tools2 = makeTools();
    const assets2 = makeAssets(OTHER_PIXEL);
    render({ ...props, tools: tools2, assets: assets2 });
    await settle(el);
    expect(ref.current, 'same element after re-render').to.equal(el);
    expect(host.querySelectorAll('omni-screen')).to.have.length(1);
    expect(el.tools).to.equal(tools2);
    expect(el.assets).to.equal(assets2);
    expect(cabinSrc(el)).to.equal(OTHER_PIXEL);
    expect(screenText(el), 'the stream is still drawn').to.contain('Hello from React');
  });

  it('removes the event listener React added when the on-prop goes away', async () => {
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    const ref = createRef<OmniScreenElement>();
    let ends = 0;
    const base: Props = { ref, tools: makeTools(), assets: makeAssets(), confirm: makeConfirm(), handler: () => undefined, onEnd: () => ends++, onIssue: () => undefined };
    render(base);
    flushSync(() => root!.render(createElement(Screen, { ...base, onEnd: undefined as unknown as Props['onEnd'] })));
    ref.current!.write(stream('Bye'));
    ref.current!.end();
    await settle(ref.current!);
    expect(ends).to.equal(0);
  });

  it('the README example under StrictMode: the effect runs twice, its cleanup aborts the first fetch, and the screen draws once', async () => {
    // The README's React example, with createElement for its JSX: stream in an effect, abort in the cleanup.
    const served = stream('Hello from StrictMode');
    let fetches = 0;
    let aborted = 0;
    const fakeFetch = (signal: AbortSignal) => {
      fetches++;
      signal.addEventListener('abort', () => aborted++);
      // Slow enough that both effects' fetches are in flight at once, as on a real network.
      return new Promise<Response>((resolve, reject) => {
        const t = setTimeout(() => resolve(new Response(served)), 30);
        signal.addEventListener('abort', () => (clearTimeout(t), reject(new DOMException('aborted', 'AbortError'))));
      });
    };
    const logged: unknown[] = [];
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    const onRejection = (e: PromiseRejectionEvent) => errors.push(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    const elRef = createRef<OmniScreenElement>();
    function ReadmeScreen({ src, tools, assets }: { src: string; tools: object; assets: object }) {
      const screen = useRef<OmniScreenElement>(null);
      useEffect(() => {
        const request = new AbortController();
        screen.current?.stream(fakeFetch(request.signal)).catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') logged.push(error);
        });
        return () => request.abort();
      }, [src]);
      return createElement('omni-screen', {
        ref: (el: OmniScreenElement | null) => {
          screen.current = el;
          elRef.current = el;
        },
        theme: 'light',
        tools,
        assets,
      });
    }
    try {
      host = document.body.appendChild(document.createElement('div'));
      root = createRoot(host);
      flushSync(() => root!.render(createElement(StrictMode, null, createElement(ReadmeScreen, { src: '/screen.txt', tools: makeTools(), assets: makeAssets() }))));
      const el = elRef.current!;
      expect(fetches, 'StrictMode ran the effect twice').to.equal(2);
      expect(aborted, 'its cleanup aborted the first fetch').to.equal(1);
      for (let i = 0; i < 100 && !el.document?.ended; i++) await new Promise((r) => setTimeout(r, 10));
      await settle(el);
      expect(el.document?.ended, 'the screen ended').to.equal(true);
      expect(screenText(el)).to.contain('Hello from StrictMode');
      expect(el.issues, 'no issue: nothing mixed').to.deep.equal([]);
      expect(el.shadowRoot!.querySelector('[part~="connection-notice"]'), 'no "connection was lost"').to.equal(null);
      expect(logged, 'only AbortErrors reached the catch').to.deep.equal([]);
      expect(errors, 'nothing uncaught').to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
