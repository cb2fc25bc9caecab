// Issue 15, item 11: one text path for untrusted words. Every element's views are drawn with direction controls
// (U+202A–U+202E, U+2066–U+2069) in every string a model or an agent can send: text, labels, options, narration,
// dialog sentences and params, step text. Then every rendered text node, shadow roots included, and every
// attribute that names something to assistive technology is read: none may still hold a direction control.
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { whenArmed } from './approvals.js';
import { manualClock } from './manualClock.js';
import '../../../elements/omni-screen/index.js';
import '../../../elements/morph-screen/index.js';
import '../../../elements/ax-runner/index.js';
import '../../../elements/oui-surface/index.js';
import '../../../elements/shared/elements/chart/chart.js';
import '../../../elements/shared/elements/fallback.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import type { OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import type { AeChartElement } from '../../../elements/shared/elements/chart/chart.js';
import type { AeConfirmDialogElement } from '../../../elements/shared/elements/confirmDialog.js';
import { paramDetails } from '../../../src/actions/paramDetails.js';
import { createDirectTransportPair, createOUIAgent } from '../../../src/oui/index.js';
import { everything as omniEverything, registries } from '../omni-screen/fixtures.js';
import { everything as morphEverything } from '../morph-screen/fixtures.js';
import { settle as settleOmni, press } from '../omni-screen/helpers.js';
import { settle as settleMorph } from '../morph-screen/helpers.js';
import { act, byName, reply } from '../ax-runner/helpers.js';

// The schema checker loads on first use: load it now, so a press never waits on the network.
await import('@cfworker/json-schema');

const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
const CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** A string as a hostile model sends it: reversed by an override, wrapped in an isolate. */
const bidi = (s: string) => `\u202E${s}\u202C\u2067\u2069`;
const NAMING = ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'alt', 'placeholder'];

/** Where a direction control is still shown under `root`: text nodes and naming attributes, through open shadow roots. */
function controlsShown(root: Node): string[] {
  const found: string[] = [];
  const where = (n: Node) => {
    const path: string[] = [];
    for (let at: Node | null = n; at && path.length < 6; at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)) {
      if (at instanceof Element) path.unshift(at.localName + (at.getAttribute('part') ? `[part=${at.getAttribute('part')}]` : ''));
    }
    return path.join(' > ');
  };
  const visit = (n: Node): void => {
    if (n.nodeType === Node.TEXT_NODE) {
      if (CONTROL.test(n.textContent ?? '')) found.push(`${where(n)}: ${JSON.stringify(n.textContent)}`);
      return;
    }
    if (n instanceof Element) {
      if (n.localName === 'style' || n.localName === 'script') return;
      for (const a of NAMING) {
        const v = n.getAttribute(a);
        if (v && CONTROL.test(v)) found.push(`${where(n)} [${a}]: ${JSON.stringify(v)}`);
      }
      if (n.shadowRoot) visit(n.shadowRoot);
    }
    for (const c of n.childNodes) visit(c);
  };
  visit(root);
  return found;
}

/** Every string literal of an Omni-IR screen that is words to show, wrapped in direction controls. */
function bidiOmni(text: string): string {
  // Values read as names, enums, formats or dates, not words: left as they are so the screen still draws.
  const keep = new Set(['md', 'muted', 'currency', 'EUR', 'USD', 'strong', 'date', 'success', 'email', 'row', 'secondary', 'pay', 'payments.confirm', 'percent', 'user', 'assistant', 'cabin', '16:9', '2026-09-30', '2026-01-01', '2026-12-31', '']);
  return text.replace(/"([^"\n]*)"/g, (whole, s: string) => (keep.has(s) ? whole : `"${bidi(s)}"`));
}

/** Every display string of an op stream wrapped in direction controls (not ids, types, links, enums or numbers). */
function bidiOps(stream: string): string {
  const skip = new Set(['op', 'id', 'type', 't', 'href', 'src', 'lang', 'format', 'name', 'level', 'align', 'task', 'tone', 'min', 'max', 'value', 'formula', 'accept', 'y', 'x']);
  const wrap = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') {
      if (skip.has(key) || /^-?[\d.,]+$/.test(v) || v.trim() === '') return v;
      if (key === 'options') return v.split('|').map((o) => bidi(o)).join('|');
      return bidi(v);
    }
    if (Array.isArray(v)) return key === 'formula' ? v : v.map((x) => wrap(x, key === 'rows' || key === 'columns' || key === 'items' ? key : key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wrap(x, k)]));
    return v;
  };
  return stream
    .split('\n')
    .map((line) => (line.trim() ? JSON.stringify(wrap(JSON.parse(line), '')) : line))
    .join('\n');
}

async function openDialogIn(root: ShadowRoot): Promise<AeConfirmDialogElement> {
  let d: AeConfirmDialogElement | null = null;
  for (let i = 0; i < 300; i++) {
    d = root.querySelector('ae-confirm-dialog');
    if (d?.open && d.shadowRoot?.querySelector('dialog')?.open) break;
    await tick(10);
  }
  expect(d?.open, 'the confirmation dialog opened').to.equal(true);
  await d!.updateComplete;
  return d!;
}

describe('one text path: no direction control reaches the screen (issue 15, item 11)', () => {
  it('<omni-screen>: every component of the catalog, with bidi words in every string', async () => {
    const screen = await fixture<OmniScreenElement>(html`<omni-screen theme="light"></omni-screen>`);
    Object.assign(screen, registries());
    await screen.updateComplete;
    screen.write(bidiOmni(omniEverything));
    screen.end();
    await settleOmni(screen);
    await customElements.whenDefined('ae-chart');
    await settleOmni(screen);
    expect(screen.shadowRoot!.textContent).to.contain('Everything');
    expect(controlsShown(screen)).to.deep.equal([]);
  });

  it('<omni-screen>: the confirmation of a governed Button, its sentence and every param', async () => {
    const screen = await fixture<OmniScreenElement>(html`<omni-screen theme="light"></omni-screen>`);
    Object.assign(screen, {
      ...registries(),
      confirm: { 'payments.confirm': 'Pay {amount} with the note “{note}”?' },
      handler: async () => ({}),
    });
    await screen.updateComplete;
    screen.write(`root = Stack([go])
go = Button("${bidi('Pay gnp.exe')}", action="go")
goIt = McpMutation(go, tool="payments.confirm", params={amount: 5, note: "${bidi('evil')}"})
`);
    screen.end();
    await settleOmni(screen);
    press(screen, 'go');
    const d = await openDialogIn(screen.shadowRoot!);
    expect(d.shadowRoot!.querySelector('[part="sentence"]')!.textContent).to.equal('Pay 5 with the note “evil”?');
    expect(controlsShown(screen)).to.deep.equal([]);
    d.dismiss();
  });

  it('<oui-surface>: the indicator and the confirmation of an agent’s request', async () => {
    const { server, client } = createDirectTransportPair();
    const agent = createOUIAgent(server, { timeoutMs: 5000 });
    const el = await fixture<OUISurfaceElement>(html`<oui-surface theme="light"></oui-surface>`);
    el.surface = {
      id: 'bank',
      name: 'Bank',
      description: 'Money',
      actions: [{ id: 'transfer', description: bidi('Send money'), input: { type: 'object', required: ['to'] }, confirm: true }],
    };
    el.handlers = { transfer: () => 1 };
    el.transport = client;
    await el.updateComplete;
    for (let i = 0; i < 300 && !(el.registered && agent.surfaces().length > 0); i++) await tick(10);
    const call = agent.call('transfer', { to: bidi('mallory'), [bidi('memo')]: { lines: [bidi('rent')] } });
    const d = await openDialogIn(el.shadowRoot!);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="activity-text"]')!.textContent).to.contain('Send money');
    expect(controlsShown(el)).to.deep.equal([]);
    d.dismiss();
    await call;
  });

  it('shared pieces: the chart (title, labels, series names), a fallback’s message, the dialog', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <ae-chart></ae-chart>
      <ae-fallback></ae-fallback>
      <ae-confirm-dialog></ae-confirm-dialog>
    </div>`);
    const chart = wrap.querySelector('ae-chart') as AeChartElement;
    Object.assign(chart, { kind: 'bar', chartTitle: bidi('Sales'), labels: [bidi('Q1'), bidi('Q2')], series: [{ name: bidi('2025'), values: [1, 2] }, { name: bidi('2026'), values: [3, 4] }], showTable: true });
    const fallback = wrap.querySelector('ae-fallback')!;
    fallback.message = bidi('The part named evil could not be shown');
    const dialog = wrap.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
    dialog.clock = manualClock();
    const asked = dialog.request({ sentence: bidi('Delete everything?'), details: paramDetails({ [bidi('name')]: bidi('value') }) });
    await chart.updateComplete;
    await fallback.updateComplete;
    await whenArmed(dialog);
    expect(chart.shadowRoot!.textContent).to.contain('Sales');
    expect(controlsShown(wrap)).to.deep.equal([]);
    for (const run of [chart.shadowRoot!.querySelector('.title')!, fallback.shadowRoot!.querySelector('.sentence')!, dialog.shadowRoot!.querySelector('[part="sentence"] .run')!]) {
      expect(getComputedStyle(run).unicodeBidi, run.className).to.equal('isolate');
    }
    dialog.dismiss();
    await asked;
  });

  // <morph-screen>'s views show model words through the one text path (issue 15 item 11; its own walk is
  // test/browser/morph-screen/bidi.test.ts).
  it('<morph-screen>: every node type, with bidi words in every string (Poll options, Buttons, paragraphs)', async () => {
    const screen = await fixture<MorphScreenElement>(html`<morph-screen theme="light"></morph-screen>`);
    await screen.updateComplete;
    screen.write(bidiOps(morphEverything()));
    await settleMorph(screen);
    expect(screen.shadowRoot!.textContent).to.contain('Everything at once');
    expect(controlsShown(screen)).to.deep.equal([]);
  });

  it('<morph-screen>: the repros as the issue writes them', async () => {
    const screen = await fixture<MorphScreenElement>(html`<morph-screen theme="light"></morph-screen>`);
    await screen.updateComplete;
    const lines = [
      { op: 'node', id: '0', type: 'Poll', attrs: { q: 'Which?', name: 'pick' }, data: { items: ['\u202Eevil', 'good'] } },
      { op: 'node', id: '1', type: 'Button', attrs: { ask: 'Pay' }, spans: 'Pay \u202Egnp.exe' },
      { op: 'node', id: '2', type: 'p', spans: 'I will click \u202ElecnaC\u202C now' },
      { op: 'end', complete: true, truncated: false },
    ];
    screen.write(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    await settleMorph(screen);
    expect(controlsShown(screen)).to.deep.equal([]);
  });

  // <ax-runner>'s narration and step words are being moved to the one text path on another branch (issue 15,
  // items 1–6 and 11): the narration case fails until that branch lands.
  it('<ax-runner>: the narration, the step text and the approval sentence', async () => {
    const area = await fixture<HTMLElement>(html`<div class="ax-area"><button>Delete drafts</button><input aria-label="Note" /></div>`);
    const runner = document.createElement('ax-runner') as AxRunnerElement;
    runner.setAttribute('theme', 'light');
    Object.assign(runner, { scope: area });
    area.parentElement!.appendChild(runner);
    await runner.updateComplete;
    const done = runner.stream(
      reply(
        'I will click \u202ElecnaC\u202C',
        act({ do: 'click', target: byName('textbox', 'Note') }),
        act({ do: 'type', text: bidi('Milk') }),
        act({ do: 'click', target: byName('button', 'Delete drafts'), risk: 'risky' }),
      ),
    );
    const d = await openDialogIn(runner.shadowRoot!);
    const shown = controlsShown(runner);
    d.dismiss();
    await done;
    await runner.updateComplete;
    expect([...shown, ...controlsShown(runner)]).to.deep.equal([]);
  });
});
