/** Screens and registries the omni-screen tests share. */
import type { AppComponentView, Picture, ToolSchema } from '../../../elements/omni-screen/index.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';

/** A 1×1 transparent PNG: a picture that needs no network. */
export const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const assets: Record<string, Picture> = {
  cabin: { src: PIXEL, width: 160, height: 90 },
};

export const tools: Record<string, ToolSchema> = {
  'payments.confirm': {
    type: 'object',
    properties: { amount: { type: 'number', exclusiveMinimum: 0 }, email: { type: 'string' }, note: { type: 'string' } },
    required: ['amount'],
    additionalProperties: false,
  },
  'auth.sendMagicLink': {
    type: 'object',
    properties: { email: { type: 'string', minLength: 3 } },
    required: ['email'],
  },
};

/** An app's own element for the Gauge component ([8.7]): shows its props as text in its shadow root. */
export class TestGauge extends HTMLElement {
  static created = 0;
  #label = '';
  #level = 0;
  constructor() {
    super();
    TestGauge.created++;
    const root = this.attachShadow({ mode: 'open' });
    const p = document.createElement('p');
    p.className = 'gauge';
    root.append(p, document.createElement('slot'));
  }
  set label(v: string) {
    this.#label = v;
    this.#draw();
  }
  get label() {
    return this.#label;
  }
  set level(v: number) {
    this.#level = v;
    this.#draw();
  }
  get level() {
    return this.#level;
  }
  #draw() {
    this.shadowRoot!.querySelector('p')!.textContent = `${this.#label}: ${this.#level}`;
  }
}
defineElement('test-gauge', TestGauge);

/** An app field ([8.7]): a text box that reports edits through onValueChange. */
export class TestNickname extends HTMLElement {
  value: string | null = null;
  invalid = false;
  errorMessage = '';
  label = '';
  onValueChange?: (v: unknown) => void;
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open', delegatesFocus: true });
    const label = document.createElement('label');
    label.textContent = 'Nickname';
    const input = document.createElement('input');
    label.append(input);
    input.addEventListener('input', () => this.onValueChange?.(input.value));
    root.append(label);
  }
}
defineElement('test-nickname', TestNickname);

export const components: Record<string, AppComponentView> = {
  Gauge: {
    tag: 'test-gauge',
    description: 'A gauge showing a level.',
    props: { label: { kind: 'text' }, level: { kind: 'number', integer: true, minimum: 0, maximum: 5 } },
    positional: ['label', 'children'],
    children: { max: 3 },
  },
  Widget: {
    tag: '',
    description: 'A widget this app has no view for.',
    props: { text: { kind: 'text' } },
    positional: ['text'],
  },
  Nickname: {
    tag: 'test-nickname',
    description: 'A nickname field.',
    props: { value: { kind: 'state', holds: 'text' } },
    positional: ['value'],
    field: true,
  },
};

/** One screen with all 27 catalog components, an app component with a view and one without. */
export const everything = `root = Stack([title, card, tabs, table, bar, line, pie, list, msgs, notice, media, gauge, widget], gap="md")
title = Heading("Everything", level=1)
card = Card([intro, amount, date, badge, skel, rating, sep, form, actions], title="Payment")
intro = Text("Welcome back", tone="muted")
$amount = 42.5
amount = Text($amount, format="currency", currency="EUR", tone="strong")
date = Text("2026-09-30", format="date")
badge = Badge("New", tone="success")
skel = Skeleton(lines=2)
rating = Rating(4, max=5)
sep = Divider()
form = Stack([email, note, when, size, agree])
$email = ""
email = Input($email, label="Email", placeholder="you@example.com", required=true, format="email")
$note = ""
note = Input($note, label="Note", lines=3, maxLength=20)
$when = ""
when = DateInput($when, label="Date", min="2026-01-01", max="2026-12-31")
$size = ""
size = Select($size, label="Size", options=["S", "M", "L"], placeholder="Pick a size")
$agree = false
agree = Switch($agree, label="I agree", required=true)
actions = Stack([pay, cancel], direction="row")
pay = Button("Pay", action="pay")
payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount, email: $email})
cancel = Button("Cancel", variant="secondary")
tabs = Tabs([tabA, tabB])
tabA = Tab("First", [tabAText])
tabAText = Text("Inside A")
tabB = Tab("Second", [tabBText])
tabBText = Text("Inside B")
table = Table(["Item", "Qty", "Price"], [row1, row2])
row1 = TableRow(["Coffee", 2, 3.5])
row2 = TableRow(["Tea", 1, 2])
bar = BarChart("Sales", ["Q1", "Q2"], [s1, s2], format="currency", currency="USD")
s1 = Series("2025", [10, 20])
s2 = Series("2026", [15, 25])
line = LineChart("Visits", ["Mon", "Tue"], [s3])
s3 = Series("Visits", [5, 7])
pie = PieChart("Share", [sl1, sl2], format="percent")
sl1 = Slice("A", 0.6)
sl2 = Slice("B", 0.4)
list = List([li1, li2])
li1 = ListItem("Cabin", detail="2 nights", trailing="$200", image="cabin")
li2 = ListItem("Tent", detail="1 night")
msgs = Stack([m1, m2])
m1 = Message("Hi there", from="user")
m2 = Message("Hello!", from="assistant")
notice = Notice("Your changes are saved.", tone="success", title="Saved")
media = Image("cabin", alt="A cabin in the pines", ratio="16:9")
gauge = Gauge("Speed", level=3)
widget = Widget("No view for this")
`;

/** The catalog component names ([6]), for checking that the fixture really holds every one. */
export const CATALOG = [
  'Stack', 'Card', 'Heading', 'Text', 'Input', 'Button', 'Divider', 'Badge', 'Skeleton', 'Image', 'Rating',
  'DateInput', 'List', 'ListItem', 'Message', 'Select', 'Switch', 'Table', 'TableRow', 'Tabs', 'Tab', 'Notice',
  'BarChart', 'LineChart', 'PieChart', 'Series', 'Slice',
];

export const registries = () => ({ tools, assets, components });
