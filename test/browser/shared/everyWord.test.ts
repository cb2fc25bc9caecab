// Every word an element writes itself goes through its strings (issue 29, item 4). A locale whose every string
// is the English one between ⟦ and ⟧ is registered; each element is driven through its main views in it, and
// its composed tree (shadow roots included) is read: what is left once the marked words, the stream's own text,
// the page's own text and what Intl wrote for the locale (month names, currency signs) are taken out must hold
// no word. A word found there is a word a translator can't reach.
import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { describe, it } from './mocha.js';
import { en, type Strings } from '../../../strings/en.js';
import { registerLocale } from '../../../strings/locales.js';
import { ar } from '../../../strings/ar.js';
import { fr } from '../../../strings/fr.js';
import { fill } from '../../../strings/en.js';
import { wordsFor } from '../../../strings/locales.js';
import { reasonWords } from '../../../elements/ax-runner/views/stepWords.js';
import '../../../elements/omni-screen/index.js';
import '../../../elements/morph-screen/index.js';
import '../../../elements/ax-runner/index.js';
import '../../../elements/oui-surface/index.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import { everything as omniEverything, registries } from '../omni-screen/fixtures.js';
import { settle as settleOmni } from '../omni-screen/helpers.js';
import { everything as morphEverything } from '../morph-screen/fixtures.js';
import { settle as settleMorph } from '../morph-screen/helpers.js';
import { act, area, reply, runnerFor } from '../ax-runner/helpers.js';
import { mount as mountSurface, openDialog, todoSurface, until } from '../oui-surface/helpers.js';

const TAG = 'en-x-mark';
const marked = Object.fromEntries(Object.entries(en).map(([k, v]) => [k, `⟦${v}⟧`])) as Strings;
registerLocale(TAG, marked);

/** The latin words of `text` (case kept: a stream's "data" doesn't excuse a leaked "Data"). */
const wordsOf = (text: string) => text.match(/[A-Za-z]+/g) ?? [];

/** The words Intl writes for the locale: names of months and days, currency signs. */
function intlWords(): Set<string> {
  const out = new Set<string>();
  for (let m = 0; m < 12; m++) {
    const d = new Date(Date.UTC(2026, m, 1 + m));
    for (const month of ['long', 'short'] as const) wordsOf(new Intl.DateTimeFormat(TAG, { month, weekday: 'long', timeZone: 'UTC' }).format(d)).forEach((w) => out.add(w));
    wordsOf(new Intl.DateTimeFormat(TAG, { weekday: 'short', timeZone: 'UTC' }).format(d)).forEach((w) => out.add(w));
  }
  for (const currency of ['USD', 'EUR']) wordsOf(new Intl.NumberFormat(TAG, { style: 'currency', currency }).format(1)).forEach((w) => out.add(w));
  ['AM', 'PM'].forEach((w) => out.add(w));
  return out;
}

/** Text with every marked run taken out, innermost first (a marked sentence may hold marked words). */
function unmarked(text: string): string {
  let prev: string;
  do {
    prev = text;
    text = text.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  } while (text !== prev);
  return text;
}

const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'alt'];

/** The visible text of an element's composed tree, and its named attributes, each as one piece. */
function pieces(root: Node): string[] {
  const out: string[] = [];
  let text = '';
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent;
      return;
    }
    if (node instanceof Element) {
      if (['STYLE', 'SCRIPT', 'TEMPLATE'].includes(node.tagName)) return;
      for (const a of ATTRIBUTES) {
        const v = node.getAttribute(a);
        if (v) out.push(`[${a}] ${v}`);
      }
      // A block boundary: words of two elements never run together into one.
      text += ' ';
      if (node.shadowRoot) node.shadowRoot.childNodes.forEach(visit);
    }
    node.childNodes.forEach(visit);
    if (node instanceof Element) text += ' ';
  };
  visit(root);
  out.push(text);
  return out;
}

/** The words of `root` that are neither marked, nor the stream's, nor the page's, nor Intl's. */
function leaks(root: Node, known: string[]): string[] {
  const allowed = intlWords();
  for (const k of known) wordsOf(k).forEach((w) => allowed.add(w));
  const found = new Set<string>();
  for (const piece of pieces(root)) {
    const rest = unmarked(piece.replace(/^\[[a-z-]+\] /, ''));
    // A single capital is a Quiz choice's letter (A, B, C): a notation typed to answer, not a word.
    for (const w of wordsOf(rest)) if (!allowed.has(w) && !/^[A-Z]$/.test(w)) found.add(w);
  }
  return [...found].sort();
}

/** Every string value in the stream's JSON lines (the op stream, axstream replies), keys left out. */
function jsonStrings(text: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (k !== 'op' && k !== 'id') walk(x);
  };
  for (const line of text.split('\n')) {
    try {
      walk(JSON.parse(line));
    } catch {
      out.push(line);
    }
  }
  return out;
}

/** The string literals of an Omni-IR program. */
const omniStrings = (text: string) => [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);

describe('every word an element writes goes through its strings', function (this: { timeout(ms: number): void }) {
  this.timeout(20000);

  // Two ways in: the element's language (a registered locale), and the app's own `strings` property.
  const ways = {
    lang: (el: HTMLElement) => el.setAttribute('lang', TAG),
    strings: (el: HTMLElement) => Object.assign(el, { strings: marked }),
  };
  for (const [way, set] of Object.entries(ways)) {
    it(`<omni-screen> by ${way}: charts, a table, fields and a governed button`, async () => {
      const screen = await fixture<OmniScreenElement>(html`<omni-screen></omni-screen>`);
      set(screen);
      Object.assign(screen, registries());
      screen.write(omniEverything);
      screen.end();
      await settleOmni(screen);
      expect(leaks(screen, omniStrings(omniEverything))).to.deep.equal([]);
    });

    it(`<morph-screen> by ${way}: an answer with a chart, a table, a quiz, lists and a form`, async () => {
      const screen = await fixture<MorphScreenElement>(html`<morph-screen></morph-screen>`);
      set(screen);
      screen.write(morphEverything());
      screen.end();
      await settleMorph(screen);
      expect(leaks(screen, jsonStrings(morphEverything()))).to.deep.equal([]);
    });
  }

  it('<ax-runner>: a log of steps, a typing into a text box among them', async () => {
    const page = await area(html`<label>Note <input id="note" /></label><button id="save">Save</button><a href="#top" id="top">Top</a><input type="checkbox" aria-label="Fresh" />`);
    const runner: AxRunnerElement = await runnerFor(page, { policy: 'allow' });
    runner.setAttribute('lang', TAG);
    const text = reply(
      'Writing the note.',
      act({ do: 'type', target: { ax: { title: 'Note' } }, text: 'milk' }),
      act({ do: 'click', target: { ax: { title: 'Save' } } }),
      act({ do: 'key', keys: ['Tab'] }),
      act({ do: 'scroll', direction: 'down', clicks: 2 }),
      act({ do: 'click', target: { ax: { role: 'link', title: 'Top' } } }),
      act({ do: 'click', target: { ax: { role: 'AXCheckBox' } } }),
      act({ do: 'wait', ms: 0 }),
      // A step that fails: its reason is said under it, and in the status line.
      act({ do: 'click', target: { ax: { role: 'button', title: 'Publish' } } }),
    );
    await runner.stream(text);
    await runner.updateComplete;
    expect(runner.shadowRoot!.querySelector('[data-status="failed"] .error')?.textContent, 'the failed step’s reason').to.match(/^⟦Nothing on the page matches .*Publish/);
    expect(leaks(runner, [...jsonStrings(text), page.textContent ?? ''])).to.deep.equal([]);
  });

  it('<ax-runner>: a step the policy refused, and one that waited in vain, say why in the strings', async () => {
    const page = await area(html`<button id="pay">Pay</button>`);
    const refused: AxRunnerElement = await runnerFor(page, { policy: 'refuse' });
    refused.setAttribute('lang', TAG);
    const risky = reply('', act({ do: 'click', target: { ax: { title: 'Pay' } }, risk: 'risky' }));
    await refused.stream(risky);
    await refused.updateComplete;
    expect(refused.shadowRoot!.querySelector('[data-status="refused"] .error')?.textContent, 'the refusal’s reason').to.equal(`⟦${en.axWhyPolicyRefused}⟧`);
    expect(leaks(refused, [...jsonStrings(risky), page.textContent ?? ''])).to.deep.equal([]);
    const waited: AxRunnerElement = await runnerFor(page, { policy: 'allow' });
    waited.setAttribute('lang', TAG);
    const wait = reply('', act({ do: 'wait_until', target: { ax: { title: 'Receipt' } }, timeout_ms: 100, poll_ms: 50 }));
    await waited.stream(wait);
    await waited.updateComplete;
    expect(waited.shadowRoot!.querySelector('[data-status="failed"] .error')?.textContent, 'the wait’s reason').to.match(/Receipt.*100 ms/);
    expect(leaks(waited, [...jsonStrings(wait), page.textContent ?? ''])).to.deep.equal([]);
  });

  it('<oui-surface>: its indicator while an action runs, and its confirmation', async () => {
    let release!: () => void;
    const surface = todoSurface();
    const m = await mountSurface({ surface, handlers: { add_item: () => new Promise<void>((r) => (release = r)), clear_done: () => {} } });
    m.el.setAttribute('lang', TAG);
    const known = jsonStrings(JSON.stringify(surface));
    const adding = m.agent.call('add_item', { title: 'Milk' });
    await until(() => !!m.el.shadowRoot!.querySelector('[part="activity-text"]'), 'the indicator');
    await m.el.updateComplete;
    expect(leaks(m.el, known), 'the indicator').to.deep.equal([]);
    release();
    await adding;
    const clearing = m.agent.call('clear_done', {});
    await openDialog(m.el);
    expect(leaks(m.el, known), 'the confirmation').to.deep.equal([]);
    void clearing.catch(() => {});
  });
});

describe('numbers are written the way the locale writes them', () => {
  it('<omni-screen lang="fr">: a Table’s numbers and a confirmation’s placeholders say 3,5', async () => {
    const screen = await fixture<OmniScreenElement>(html`<omni-screen lang="fr"></omni-screen>`);
    Object.assign(screen, {
      ...registries(),
      confirm: { 'payments.confirm': 'Payer {amount} ?' },
      handler: async () => ({ result: { ok: true } }),
    });
    screen.write(`root = Stack([table, pay])
table = Table(["Article", "Prix"], [row])
row = TableRow(["Café", 3.5])
$amount = 3.5
pay = Button("Payer", action="pay")
payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount})
`);
    screen.end();
    await settleOmni(screen);
    expect(screen.shadowRoot!.querySelector('td.num')!.textContent!.trim()).to.equal('3,5');
    const button = screen.shadowRoot!.querySelector<HTMLButtonElement>('[data-omni-button="pay"]')!;
    const box = button.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    const dialog = screen.shadowRoot!.querySelector('ae-confirm-dialog')!;
    await until(() => !!dialog.shadowRoot?.querySelector('dialog')?.open, 'the confirmation');
    expect(dialog.shadowRoot!.querySelector('[part="sentence"]')!.textContent).to.equal('Payer 3,5 ?');
  });
});

describe('a step’s reason is said in the person’s language, its numbers as the locale writes them', () => {
  it('<ax-runner lang="fr">: a wait in vain says its time as 2 000 ms, in French; an unknown code says the English', async () => {
    registerLocale('fr', fr);
    const w = wordsFor('fr');
    const target = { kind: 'ax', role: 'dialog', title: 'Reçu' } as const;
    const said = reasonWords(w, 'fr', { code: 'not_appeared', target, ms: 2000, last: { code: 'no_match', target } }, 'english');
    const ms = new Intl.NumberFormat('fr').format(2000);
    expect(ms).to.not.equal('2000');
    expect(said).to.equal(fill(fr.axWhyNotAppeared, { target: fill(fr.axElement, { role: fr.axRoleOther, name: 'Reçu' }), ms }));
    expect(reasonWords(w, 'fr', { code: 'from_a_newer_engine' } as never, 'the English sentence')).to.equal('the English sentence');
  });

  it('<ax-runner>: a failed step’s time follows the locale when only the numbers change (ru speaks English words here)', async () => {
    const page = await area(html`<p>Nothing yet.</p>`);
    const runner: AxRunnerElement = await runnerFor(page, { policy: 'allow' });
    runner.setAttribute('lang', 'en');
    await runner.stream(reply('', act({ do: 'wait_until', target: { ax: { title: 'Receipt' } }, timeout_ms: 1000, poll_ms: 500 })));
    await runner.updateComplete;
    const reason = () => runner.shadowRoot!.querySelector('[data-status="failed"] .error')!.textContent;
    expect(reason()).to.equal('“Receipt” did not appear within 1,000 ms.');
    runner.setAttribute('lang', 'ru');
    await runner.updateComplete;
    expect(reason()).to.equal(`“Receipt” did not appear within ${new Intl.NumberFormat('ru').format(1000)} ms.`);
  });
});

describe('Arabic reads right to left', () => {
  it('a page part in Arabic with dir="rtl": the screen speaks Arabic and lays itself out from the right', async () => {
    registerLocale('ar', ar);
    const wrap = await fixture<HTMLDivElement>(html`<div lang="ar" dir="rtl"><omni-screen></omni-screen></div>`);
    const screen = wrap.querySelector('omni-screen')!;
    screen.write('root = Stack([gone])\n');
    screen.end();
    await settleOmni(screen);
    expect(screen.shadowRoot!.querySelector('.fallback')!.textContent!.trim()).to.equal(ar.missing);
    expect(getComputedStyle(screen).direction).to.equal('rtl');
  });
});
