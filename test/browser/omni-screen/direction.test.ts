// Text direction controls from a stream (U+202A–U+202E, U+2066–U+2069) can't make text show other than it says:
// they are removed wherever stream text is shown, and every element holding stream text is its own bidirectional
// run, so right-to-left text in it can't reorder text outside it.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { chartsReady, dialog, mount, node, press, settle } from './helpers.js';
import { registries } from './fixtures.js';
import type { AeChartElement } from '../../../elements/shared/elements/chart/chart.js';

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const RLO = '\u202E';
const q = (s: string) => JSON.stringify(s);

/** The characters of a text node, in the order they appear on screen from left to right. */
function visualOrder(textNode: Text): string {
  const chars: { c: string; x: number }[] = [];
  const range = document.createRange();
  for (let i = 0; i < textNode.length; i++) {
    range.setStart(textNode, i);
    range.setEnd(textNode, i + 1);
    const box = range.getBoundingClientRect();
    if (box.width > 0) chars.push({ c: textNode.data[i]!, x: box.left });
  }
  return chars.sort((a, b) => a.x - b.x).map((p) => p.c).join('');
}

function textNodes(root: Node): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n as Text).data.trim()) out.push(n as Text);
  return out;
}

/** Every text prop of the catalog, carrying `p`. */
function everywhere(p: string): string {
  return `root = Stack([card, tabs, table, bar, pie, list, m, n, img, b, badge, sel, sw, d], gap="md")
card = Card([h, t, date, inp], title=${q(p)})
h = Heading(${q(p)})
t = Text(${q(p)})
date = Text(${q(p)}, format="date")
$v = ""
inp = Input($v, label=${q(p)}, placeholder=${q(p)})
tabs = Tabs([tab1])
tab1 = Tab(${q(p)}, [tt])
tt = Text(${q(p)})
table = Table([${q(p)}, "n"], [row])
row = TableRow([${q(p)}, 1])
bar = BarChart(${q(p)}, [${q(p)}], [s1])
s1 = Series(${q(p)}, [1])
pie = PieChart(${q(p)}, [sl])
sl = Slice(${q(p)}, 3)
list = List([li])
li = ListItem(${q(p)}, detail=${q(p)}, trailing=${q(p)})
m = Message(${q(p)}, from="user")
n = Notice(${q(p)}, title=${q(p)}, tone="danger")
img = Image("not-registered", alt=${q(p)})
b = Button(${q(p)}, action="pay")
bIt = McpMutation(b, tool="payments.confirm", params={amount: 1, note: ${q(p)}})
badge = Badge(${q(p)})
$s = ""
sel = Select($s, label=${q(p)}, options=[${q(p)}, "other"], placeholder=${q(p)})
$on = false
sw = Switch($on, label=${q(p)})
$day = ""
d = DateInput($day, label=${q(p)})
`;
}

describe('omni-screen: text direction controls from a stream', () => {
  it('a Badge written "\\u202Eevil" shows "evil", left to right, not "live"', async () => {
    const screen = await mount(`root = Stack([a, b, c])\na = Badge("${RLO}evil")\nb = Badge("${RLO}evil\u202C")\nc = Badge("\u2067evil\u2069 1 2")\n`, registries());
    for (const [id, want] of [['a', 'evil'], ['b', 'evil'], ['c', 'evil12']] as const) {
      const badge = node(screen, id).querySelector('.badge')!;
      expect(badge.textContent!.replace(/\s/g, ''), id).to.equal(want);
      expect(visualOrder(textNodes(badge)[0]!).replace(/\s/g, ''), id).to.equal(want);
    }
  });

  it('every text a stream wrote, in every component (charts too), is shown without direction controls, each in its own isolated run', async () => {
    const p = `${RLO}evil \u2067x 1 2\u2069 \u202Bq\u202C \u2066`;
    const screen = await mount(everywhere(p), registries());
    await chartsReady(screen);
    const charts = [...screen.shadowRoot!.querySelectorAll('ae-chart')] as AeChartElement[];
    await Promise.all(charts.map((c) => c.updateComplete));
    expect(charts.length).to.equal(2);
    const texts = [...textNodes(screen.shadowRoot!), ...charts.flatMap((c) => textNodes(c.shadowRoot!))];
    expect(texts.length).to.be.greaterThan(30);
    const withControls = texts.filter((t) => CONTROLS.test(t.data)).map((t) => `${t.parentElement!.localName}: ${JSON.stringify(t.data)}`);
    expect(withControls).to.deep.equal([]);
    // Attributes a person or assistive technology reads: names, descriptions, placeholders, alt text.
    for (const el of screen.shadowRoot!.querySelectorAll('*')) {
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        expect(CONTROLS.test(el.getAttribute(name) ?? ''), `${el.localName} ${name}`).to.equal(false);
      }
    }
    // What chart.js draws on the canvas and in its tooltips.
    for (const c of charts) {
      const data = c.chartInstance!.data;
      expect(JSON.stringify([data.labels, data.datasets.map((d) => d.label)])).to.not.match(CONTROLS);
    }
    // Each text sits in an element that is its own bidirectional run.
    const notIsolated = texts
      .filter((t) => getComputedStyle(t.parentElement!).unicodeBidi !== 'isolate')
      .map((t) => `${t.parentElement!.localName}.${t.parentElement!.className}: ${JSON.stringify(t.data)}`);
    expect(notIsolated).to.deep.equal([]);
    // The words are still there, in their own order.
    expect(node(screen, 'badge').textContent!.trim()).to.equal('evil x 1 2 q');
  });

  it('the confirmation shows a param value without direction controls', async () => {
    const screen = await mount(
      `root = Stack([b])\nb = Button("Send", action="send")\nbIt = McpMutation(b, tool="payments.confirm", params={amount: 1, note: "${RLO}evil"})\n`,
      { ...registries(), confirm: { 'payments.confirm': 'Send with the note {note}?' }, handler: async () => ({ result: {} }) },
    );
    press(screen, 'b');
    await settle(screen);
    const d = dialog(screen);
    await d.updateComplete;
    expect(d.shadowRoot!.querySelector('[part="sentence"]')!.textContent).to.equal('Send with the note evil?');
  });

  it('a value inside the renderer’s own sentence is its own run: a missing picture’s alt text, a chart’s title', async () => {
    // A picture of a family the app declared, which it has no picture for (no resolvePicture): shown as its alt text.
    const screen = await mount('root = Stack([img, bar])\nimg = Image("product-12", alt="\u05D0 5")\nbar = BarChart("\u05D1 7", ["a"], [s])\ns = Series("x", [1])\n', {
      ...registries(),
      pictures: [{ prefix: 'product-', id: 'digits', maxLength: 4 }],
    });
    await chartsReady(screen);
    const words = node(screen, 'img').querySelector('.image-missing span')!;
    expect(words.textContent).to.equal('Picture not available: \u05D0 5');
    expect(words.querySelector('bdi')!.textContent).to.equal('\u05D0 5');
    const chart = screen.shadowRoot!.querySelector('ae-chart') as AeChartElement;
    await chart.updateComplete;
    const caption = chart.shadowRoot!.querySelector('caption')!;
    expect(caption.textContent).to.equal('Data for \u05D1 7');
    expect(caption.querySelector('bdi')!.textContent).to.equal('\u05D1 7');
  });
});

