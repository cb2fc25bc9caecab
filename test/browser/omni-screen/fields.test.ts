import { expect } from '@open-wc/testing';
import { before, describe, it } from './mocha.js';
import { $, control, leave, mount, node, press, settle, textOf, typeInto } from './helpers.js';
import { registries } from './fixtures.js';
import { en, fill } from '../../../strings/en.js';
import { checkField } from '../../../src/omni-ir/index.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';

interface FieldCase {
  id: string;
  component: 'Input' | 'DateInput' | 'Select' | 'Switch';
  props: Record<string, unknown>;
  value: unknown;
  expect: null | { message: keyof typeof en; values?: Record<string, string | number> };
}

/**
 * Field cases ([8.1]–[8.4]): the project's own, and the conformance suite's (test/conformance/suite/, the
 * repository's copy of the shared suite).
 */
async function fieldCases(): Promise<FieldCase[]> {
  const cases: FieldCase[] = [];
  for (const file of ['/test/conformance/extra/omni-ir/fields/fields-extra.json', '/test/conformance/suite/omni-ir/fields/fields.json']) {
    const answer = await fetch(file);
    if (!answer.ok) throw new Error(`${file}: ${answer.status}`);
    cases.push(...((await answer.json()) as { cases: FieldCase[] }).cases);
  }
  return cases;
}

const literal = (v: unknown) => JSON.stringify(v);
const labelFor = { Input: 'Input', DateInput: 'DateInput', Select: 'Select', Switch: 'Switch' };

/** A screen with one field of the case and a governed button whose params read it. */
function screenFor(c: FieldCase): string {
  const props = Object.entries(c.props)
    .map(([k, v]) => `, ${k}=${literal(v)}`)
    .join('');
  const options = c.component === 'Select' && !('options' in c.props) ? ', options=["A"]' : '';
  return `root = Stack([f, go])
$v = ${literal(c.value)}
f = ${labelFor[c.component]}($v, label="Field"${options}${props})
go = Button("Go", action="go")
goIt = McpMutation(go, tool="auth.sendMagicLink", params={email: $v})
`;
}

const message = (c: FieldCase) => (c.expect ? fill(en[c.expect.message], c.expect.values ?? {}) : null);

describe('omni-screen: field rules through the UI (conformance/fields/fields.json)', () => {
  let cases: FieldCase[] = [];
  before(async () => {
    cases = await fieldCases();
  });

  it('loads the cases', () => {
    expect(cases.length).to.be.greaterThan(65);
  });

  it('shows exactly the expected message on a press, for every case the stream can express', async () => {
    let throughUi = 0;
    for (const c of cases) {
      const screen = await mount(screenFor(c), { ...registries(), handler: async () => ({}) });
      const accepted = screen.document!.node('f') !== undefined;
      if (!accepted) {
        // The stream can't bind this field to such a value ([5.12], [5.20]): the engine's check is what the
        // renderer would run, so check it directly.
        expect(checkField(c.component, c.props, c.value), c.id).to.deep.equal(c.expect);
        screen.remove();
        continue;
      }
      throughUi++;
      expect(textOf(node(screen, 'f').querySelector('.field-message')), `${c.id} before press`).to.equal('');
      press(screen, 'go');
      await settle(screen);
      const shown = textOf(node(screen, 'f').querySelector('.field-message'));
      expect(shown, c.id).to.equal(message(c) ?? '');
      expect(control(screen, 'f').getAttribute('aria-invalid'), c.id).to.equal(c.expect ? 'true' : null);
      screen.remove();
    }
    expect(throughUi).to.be.greaterThan(30);
  });
});

describe('omni-screen: field messages ([8.5], [8.6])', () => {
  const form = `root = Stack([email, name, go, other])
$email = ""
email = Input($email, label="Email", required=true, format="email")
$name = ""
name = Input($name, label="Name", minLength=3)
go = Button("Send", action="send")
sendIt = McpMutation(go, tool="auth.sendMagicLink", params={email: $email})
other = Button("Other", action="other")
otherIt = McpMutation(other, tool="auth.sendMagicLink", params={email: "fixed@example.com"})
`;

  async function setup(): Promise<{ screen: OmniScreenElement; calls: unknown[] }> {
    const calls: unknown[] = [];
    const screen = await mount(form, {
      ...registries(),
      handler: async (a) => {
        calls.push(a);
        return {};
      },
    });
    return { screen, calls };
  }

  const msg = (screen: OmniScreenElement, id: string) => textOf(node(screen, id).querySelector('.field-message'));

  it('shows nothing while typing, the message after leaving, and keeps it until the field passes', async () => {
    const { screen } = await setup();
    const email = control(screen, 'email');
    typeInto(email, 'ada');
    await settle(screen);
    expect(msg(screen, 'email')).to.equal('');
    leave(email);
    await settle(screen);
    expect(msg(screen, 'email')).to.equal(en.invalidEmail);
    const describedBy = email.getAttribute('aria-describedby')!;
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    const described = screen.shadowRoot!.getElementById(describedBy)!;
    expect(described.textContent).to.equal(en.invalidEmail);
    expect(described.getAttribute('aria-live')).to.equal('polite');
    typeInto(email, 'ada@example');
    await settle(screen);
    expect(msg(screen, 'email')).to.equal(en.invalidEmail);
    typeInto(email, 'ada@example.com');
    await settle(screen);
    expect(msg(screen, 'email')).to.equal('');
    expect(email.hasAttribute('aria-invalid')).to.equal(false);
    expect(email.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('a press checks the fields its params read, shows them, focuses the first and runs nothing', async () => {
    const { screen, calls } = await setup();
    const blocked: string[] = [];
    screen.addEventListener('omni-blocked', (e) => blocked.push(e.reason));
    press(screen, 'go');
    await settle(screen);
    expect(calls).to.deep.equal([]);
    expect(blocked).to.deep.equal(['fields']);
    expect(msg(screen, 'email')).to.equal(en.required);
    expect(screen.shadowRoot!.activeElement).to.equal(control(screen, 'email'));
  });

  it('a field no params read is checked and shown on a press but blocks nothing', async () => {
    const { screen, calls } = await setup();
    typeInto(control(screen, 'email'), 'ada@example.com');
    typeInto(control(screen, 'name'), 'Al');
    press(screen, 'go');
    await settle(screen);
    expect(msg(screen, 'name')).to.equal(fill(en.tooShort, { min: 3 }));
    expect(calls.length).to.equal(1);
  });

  it('a press whose params read no field still shows failing fields, and runs', async () => {
    const { screen, calls } = await setup();
    press(screen, 'other');
    await settle(screen);
    expect(msg(screen, 'email')).to.equal(en.required);
    expect(calls.length).to.equal(1);
  });

  it('uses the app’s words for messages', async () => {
    const screen = await mount(form, { ...registries(), strings: { required: 'Bitte ausfüllen.' } });
    press(screen, 'go');
    await settle(screen);
    expect(msg(screen, 'email')).to.equal('Bitte ausfüllen.');
  });

  it('opens the tab a failed field is in before focusing it', async () => {
    const screen = await mount(
      `root = Stack([tabs, go])
tabs = Tabs([a, b])
a = Tab("A", [t])
t = Text("first")
b = Tab("B", [email])
$email = ""
email = Input($email, label="Email", required=true)
go = Button("Send", action="send")
sendIt = McpMutation(go, tool="auth.sendMagicLink", params={email: $email})
`,
      registries(),
    );
    expect(screen.shadowRoot!.querySelector<HTMLElement>('#omni-panel-b')!.hidden).to.equal(true);
    press(screen, 'go');
    await settle(screen);
    expect(screen.shadowRoot!.querySelector<HTMLElement>('#omni-panel-b')!.hidden).to.equal(false);
    expect(screen.shadowRoot!.activeElement).to.equal(control(screen, 'email'));
  });
});

describe('omni-screen: state', () => {
  it('typing, choosing and switching update $state and every component reading it', async () => {
    const screen = await mount(
      `root = Stack([name, hello, size, sizeText, agree, agreeText, when, whenText])
$name = ""
name = Input($name, label="Name")
hello = Text($name)
$size = ""
size = Select($size, label="Size", options=["S", "M"])
sizeText = Badge($size)
$agree = false
agree = Switch($agree, label="Agree")
agreeText = Text($agree)
$when = ""
when = DateInput($when, label="When")
whenText = Text($when, format="date")
`,
      registries(),
    );
    typeInto(control(screen, 'name'), 'Ada');
    const select = control<HTMLSelectElement>(screen, 'size');
    select.value = '1';
    select.dispatchEvent(new Event('change'));
    control(screen, 'agree').click();
    const when = control(screen, 'when');
    when.value = '2026-09-30';
    when.dispatchEvent(new Event('input'));
    await settle(screen);
    const doc = screen.document!;
    expect([doc.state('$name'), doc.state('$size'), doc.state('$agree'), doc.state('$when')]).to.deep.equal(['Ada', 'M', true, '2026-09-30']);
    expect(textOf(node(screen, 'hello'))).to.equal('Ada');
    expect(textOf(node(screen, 'sizeText'))).to.equal('M');
    expect(textOf(node(screen, 'agreeText'))).to.equal(en.on);
    expect(control(screen, 'agree').getAttribute('aria-checked')).to.equal('true');
    expect(textOf(node(screen, 'whenText'))).to.equal('Sep 30, 2026');
  });

  it('editing state never calls the handler', async () => {
    let calls = 0;
    const screen = await mount('root = Stack([n])\n$n = ""\nn = Input($n, label="N")\n', {
      ...registries(),
      handler: async () => {
        calls++;
      },
    });
    typeInto(control(screen, 'n'), 'x');
    await settle(screen);
    expect(calls).to.equal(0);
  });

  it('a Select whose value is not an option shows nothing chosen (its placeholder)', async () => {
    const screen = await mount('root = Select($s, label="Size", options=["S", "M"], placeholder="Pick one")\n$s = "XL"\n', registries());
    const select = control<HTMLSelectElement>(screen, 'root');
    expect(select.selectedIndex).to.equal(0);
    expect(select.selectedOptions[0]!.textContent).to.equal('Pick one');
  });

  it('an Input with lines > 1 is a textarea; DateInput has min and max', async () => {
    const screen = await mount(
      'root = Stack([a, d])\n$a = ""\na = Input($a, label="A", lines=4)\n$d = "2026-01-02"\nd = DateInput($d, label="D", min="2026-01-01", max="2026-02-01")\n',
      registries(),
    );
    expect(control(screen, 'a').tagName).to.equal('TEXTAREA');
    expect(control<HTMLTextAreaElement>(screen, 'a').rows).to.equal(4);
    const d = control(screen, 'd');
    expect([d.min, d.max, d.value]).to.deep.equal(['2026-01-01', '2026-02-01', '2026-01-02']);
  });

  it('an app field edits its $key through onValueChange and gets its message ([8.7])', async () => {
    const screen = await mount(
      'root = Stack([nick, echo, go])\n$nick = ""\nnick = Nickname($nick, required=true)\necho = Text($nick)\ngo = Button("Go", action="go")\ngoIt = McpMutation(go, tool="auth.sendMagicLink", params={email: $nick})\n',
      { ...registries(), handler: async () => ({}) },
    );
    const el = node(screen, 'nick').querySelector('test-nickname') as HTMLElement & { value: unknown; invalid: boolean; errorMessage: string };
    expect(el).to.not.equal(null);
    press(screen, 'go');
    await settle(screen);
    expect(el.invalid).to.equal(true);
    expect(el.errorMessage).to.equal(en.required);
    expect(el.getAttribute('aria-invalid')).to.equal('true');
    expect(textOf(node(screen, 'nick').querySelector('.field-message'))).to.equal(en.required);
    const input = el.shadowRoot!.querySelector('input')!;
    input.value = 'Zed';
    input.dispatchEvent(new Event('input'));
    await settle(screen);
    expect(screen.document!.state('$nick')).to.equal('Zed');
    expect(el.value).to.equal('Zed');
    expect(textOf(node(screen, 'echo'))).to.equal('Zed');
    expect(el.invalid).to.equal(false);
    // A value of the wrong kind is ignored.
    el.dispatchEvent(new CustomEvent('change', { detail: { value: 42 } }));
    el.dispatchEvent(new CustomEvent('change', { detail: { value: 'Kay' } }));
    await settle(screen);
    expect(screen.document!.state('$nick')).to.equal('Kay');
    expect($(screen, 'test-nickname')).to.equal(el);
  });
});
