// <omni-screen> inside Vue 3, from a template as an app writes it: `isCustomElement` tells the compiler the tag
// is not a Vue component, `.prop` binds a property explicitly (a plain `:x` also sets a property when the element
// has one), and `@omni-end` listens for the element's own events. Registries are kept in shallowRef: a deep
// ref() would hand the element a reactive Proxy instead of the app's object.
import { expect } from '@open-wc/testing';
import { createApp, nextTick, shallowRef, type App } from 'vue/dist/vue.esm-browser.js';
import { afterEach, describe, it } from '../omni-screen/mocha.js';
import { settle } from '../omni-screen/helpers.js';
import { cabinSrc, makeAssets, makeConfirm, makeTools, OTHER_PIXEL, pressAndConfirm, screenText, stream } from './shared.js';
import type { OmniAction, OmniEndEvent, OmniIssueEvent, OmniScreenElement } from '../../../elements/omni-screen/index.js';

let host: HTMLElement | null = null;
let app: App | null = null;

afterEach(() => {
  app?.unmount();
  host?.remove();
  host = app = null;
});

const template = `<omni-screen ref="screen" theme="light"
  :tools.prop="tools" :assets="assets" :confirm.prop="confirm" :handler.prop="handler"
  @omni-end="onEnd" @omni-issue="onIssue"></omni-screen>`;

describe('omni-screen in Vue 3', () => {
  it('takes tools, assets, confirm and handler as properties, fires omni-end/omni-issue, and updates in place', async () => {
    const tools = shallowRef(makeTools());
    const assets = shallowRef(makeAssets());
    const confirm = makeConfirm();
    const actions: OmniAction[] = [];
    const handler = (a: OmniAction) => {
      actions.push(a);
      return { result: { ok: true } };
    };
    const ends: OmniEndEvent[] = [];
    const issues: OmniIssueEvent[] = [];
    const screen = shallowRef<OmniScreenElement | null>(null);
    const firstTools = tools.value;
    const firstAssets = assets.value;

    host = document.body.appendChild(document.createElement('div'));
    app = createApp({
      template,
      setup: () => ({ screen, tools, assets, confirm, handler, onEnd: (e: OmniEndEvent) => ends.push(e), onIssue: (e: OmniIssueEvent) => issues.push(e) }),
    });
    app.config.compilerOptions.isCustomElement = (tag) => tag === 'omni-screen';
    const warnings: string[] = [];
    app.config.warnHandler = (msg) => warnings.push(msg);
    app.mount(host);
    await nextTick();

    const el = screen.value!;
    expect(el, 'template ref holds the element').to.be.instanceOf(customElements.get('omni-screen')!);
    expect(el.tools, 'tools (.prop) arrived as the same object').to.equal(firstTools);
    expect(el.assets, 'assets (plain :binding) arrived as the same object').to.equal(firstAssets);
    expect(el.confirm, 'confirm arrived as the same object').to.equal(confirm);
    expect(el.handler, 'handler arrived as the same function').to.equal(handler);
    for (const name of ['tools', 'assets', 'confirm', 'handler']) expect(el.hasAttribute(name), `no ${name} attribute`).to.equal(false);

    el.write(stream('Hello from Vue'));
    el.write('oops = Nope("x")\n');
    el.end();
    await settle(el);
    expect(screenText(el)).to.contain('Hello from Vue');
    expect(cabinSrc(el)).to.equal(firstAssets['cabin']!.src);
    expect(ends, 'omni-end listener').to.have.length(1);
    expect(issues.length, 'omni-issue listener').to.be.greaterThan(0);

    await pressAndConfirm(el);
    expect(actions.map((a) => a.tool)).to.deep.equal(['notes.send']);

    // New values from the app: Vue patches the same element.
    tools.value = makeTools();
    assets.value = makeAssets(OTHER_PIXEL);
    await nextTick();
    await settle(el);
    expect(screen.value, 'same element after re-render').to.equal(el);
    expect(host.querySelectorAll('omni-screen')).to.have.length(1);
    expect(el.tools).to.equal(tools.value).and.not.equal(firstTools);
    expect(el.assets).to.equal(assets.value);
    expect(cabinSrc(el)).to.equal(OTHER_PIXEL);
    expect(screenText(el), 'the stream is still drawn').to.contain('Hello from Vue');
    expect(warnings, 'no Vue warnings (e.g. "failed to resolve component")').to.deep.equal([]);
  });
});
