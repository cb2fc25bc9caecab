import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $$, mount, node, settle, tick } from './helpers.js';
import { PIXEL, registries } from './fixtures.js';

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '</style><style>*{background:url(https://evil.example/s.png)}</style>',
  'url(https://evil.example/u.png)',
  '<script>alert(1)</script>',
  '" onmouseover="alert(1)',
  '{amount} {title} ${x}',
  '<a href="https://evil.example/a">link</a>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<svg onload=alert(1)>',
  '&lt;b&gt;',
];

const q = (s: string) => JSON.stringify(s);

/** Every text prop of every catalog component, carrying payload `p`. */
function hostile(p: string): string {
  return `root = Stack([card, tabs, table, bar, line, pie, list, m, n, img, b, badge, sel, sw, d, r], gap="md")
card = Card([h, t, cur, date, inp, area], title=${q(p)})
h = Heading(${q(p)})
t = Text(${q(p)})
$amount = ${q(p)}
cur = Text($amount, format="currency")
date = Text(${q(p)}, format="date")
$v = ${q(p)}
inp = Input($v, label=${q(p)}, placeholder=${q(p)})
area = Input($v, label=${q(p)}, lines=3)
tabs = Tabs([tab1])
tab1 = Tab(${q(p)}, [tt])
tt = Text(${q(p)})
table = Table([${q(p)}, "n"], [row])
row = TableRow([${q(p)}, 1])
bar = BarChart(${q(p)}, [${q(p.slice(0, 60))}], [s1])
s1 = Series(${q(p)}, [1])
line = LineChart(${q(p)}, [${q(p.slice(0, 60))}], [s2])
s2 = Series(${q(p)}, [2])
pie = PieChart(${q(p)}, [sl])
sl = Slice(${q(p)}, 3)
list = List([li])
li = ListItem(${q(p)}, detail=${q(p)}, trailing=${q(p)})
m = Message(${q(p)}, from="user")
n = Notice(${q(p)}, title=${q(p)}, tone="danger")
img = Image("cabin", alt=${q(p)})
b = Button(${q(p)}, action="pay")
bIt = McpMutation(b, tool="payments.confirm", params={amount: 1, note: ${q(p)}})
badge = Badge(${q(p)})
$s = ${q(p)}
sel = Select($s, label=${q(p)}, options=[${q(p)}, "other"], placeholder=${q(p)})
$on = false
sw = Switch($on, label=${q(p)})
$day = ""
d = DateInput($day, label=${q(p)})
r = Rating(3)
`;
}

/** The tags the catalog's own templates (and the shared elements they use) create in the screen's shadow root. */
const ALLOWED = new Set(
  'div p span bdi h1 h2 h3 label input textarea select option button hr ul li img table thead tbody tr th td omni-node ae-chart ae-confirm-dialog test-gauge'.split(
    ' ',
  ),
);

function scan(rootNode: ShadowRoot): string[] {
  const problems: string[] = [];
  for (const el of rootNode.querySelectorAll('*')) {
    const tag = el.localName;
    if (!ALLOWED.has(tag)) problems.push(`unexpected <${tag}>`);
    for (const attr of el.getAttributeNames()) {
      if (/^on/i.test(attr)) problems.push(`<${tag}> has ${attr}`);
      if (attr === 'style' || attr === 'href' || attr === 'srcdoc' || attr === 'xlink:href') problems.push(`<${tag}> has ${attr}`);
    }
    if (tag === 'img' && el.getAttribute('src') !== PIXEL) problems.push(`<img src=${el.getAttribute('src')}>`);
  }
  return problems;
}

describe('omni-screen: a hostile stream', () => {
  it('creates no element or attribute outside the catalog’s templates and loads nothing, for every payload in every text prop', async () => {
    const before = performance.getEntriesByType('resource').length;
    const alerts: unknown[] = [];
    const original = window.alert;
    window.alert = (m?: unknown) => void alerts.push(m);
    try {
      for (const p of PAYLOADS) {
        const screen = await mount(hostile(p), registries());
        await tick(50);
        await settle(screen);
        const errors = screen.issues.filter((i) => i.severity === 'error');
        expect(errors, `${p}: ${JSON.stringify(errors)}`).to.deep.equal([]);
        expect(scan(screen.shadowRoot!), p).to.deep.equal([]);
        // The payload is there, as text.
        expect(node(screen, 't').querySelector('p')!.textContent).to.equal(p);
        expect(node(screen, 'h').querySelector('h2')!.textContent).to.equal(p);
        expect($$(screen, 'img').length).to.equal(1);
        screen.remove();
      }
      await tick(100);
    } finally {
      window.alert = original;
    }
    expect(alerts).to.deep.equal([]);
    const loaded = performance
      .getEntriesByType('resource')
      .slice(before)
      .map((e) => e.name)
      .filter((name) => new URL(name).origin !== location.origin || /\/(x|s\.png|u\.png|a)$/.test(new URL(name).pathname));
    expect(loaded).to.deep.equal([]);
  });

  it('rejects a picture location in the stream: an Image shows its alt text, and nothing loads', async () => {
    const before = performance.getEntriesByType('resource').length;
    const screen = await mount('root = Stack([a, b])\na = Image("https://evil.example/p.png", alt="Spy")\nb = Image("not-registered", alt="Unknown picture")\n', registries());
    await tick(50);
    expect($$(screen, 'img').length).to.equal(0);
    expect(screen.issues.map((i) => i.code)).to.include.members(['invalid_props', 'unknown_asset']);
    expect(node(screen, 'root').querySelector('.stack > .fallback, .image-missing')).to.not.equal(null);
    const loaded = performance.getEntriesByType('resource').slice(before).map((e) => e.name);
    expect(loaded.filter((n) => n.includes('evil'))).to.deep.equal([]);
  });
});
