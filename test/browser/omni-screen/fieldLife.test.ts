// Fields a person can see and keep (issue 28, item 11): a required field says so before any error, focus and the
// caret stay on a control an update redraws, a Switch's label works like a label, and a Switch in forced colours
// still shows on and off.
import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { control, mount, node, settle, textOf } from './helpers.js';
import { registries } from './fixtures.js';
import { en } from '../../../strings/en.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';

const active = (screen: OmniScreenElement) => screen.shadowRoot!.activeElement as HTMLElement | null;

async function clickCentre(el: Element): Promise<void> {
  const box = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

describe('omni-screen fields a person can see and keep', () => {
  afterEach(() => emulateMedia({ forcedColors: 'none' } as never));

  it('a required field shows a visible mark beside its label, hidden from screen readers (which hear aria-required)', async () => {
    const screen = await mount(
      'root = Stack([a, b, c, d])\n$name = ""\n$note = ""\n$size = ""\n$terms = false\na = Input($name, label="Name", required=true)\nb = Input($note, label="Note")\nc = Select($size, label="Size", options=["S", "M"], required=true)\nd = Switch($terms, label="I accept the terms", required=true)\n',
      registries(),
    );
    const label = (id: string) => node(screen, id).querySelector('.field-label')!;
    for (const id of ['a', 'c', 'd']) {
      const mark = label(id).querySelector('.field-required');
      expect(mark, id).to.not.equal(null);
      expect(textOf(mark), id).to.equal(en.requiredMark);
      expect(mark!.getAttribute('aria-hidden'), id).to.equal('true');
      expect((mark as HTMLElement).offsetWidth, id).to.be.greaterThan(0);
    }
    expect(label('b').querySelector('.field-required')).to.equal(null);
    // The accessible name is the label alone.
    expect(control(screen, 'a').labels![0]!.textContent).to.contain('Name');
    await expect(screen).to.be.accessible();
  });

  it('an update turning the focused Input into a textarea keeps focus and the caret on it', async () => {
    const screen = await mount('root = Stack([f])\n$text = ""\nf = Input($text, label="Message")\n', registries());
    await clickCentre(control(screen, 'f'));
    await sendKeys({ type: 'Hello there' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    screen.applyUpdate('f = Input($text, label="Message", lines=4)');
    await settle(screen);
    const now = active(screen) as HTMLTextAreaElement;
    expect(now?.localName).to.equal('textarea');
    expect(now.value).to.equal('Hello there');
    expect([now.selectionStart, now.selectionEnd]).to.deep.equal([9, 9]);
    await sendKeys({ type: 'X' });
    expect(now.value).to.equal('Hello theXre');
  });

  it('an update redrawing the focused Button keeps focus on it', async () => {
    const screen = await mount('root = Stack([go, other])\ngo = Button("Save", action="save")\nother = Text("x")\n', registries());
    const button = () => node(screen, 'go').querySelector('button')!;
    button().focus();
    screen.applyUpdate('go = Button("Save changes", action="save", variant="danger")');
    await settle(screen);
    expect(active(screen)).to.equal(button());
    expect(textOf(button())).to.contain('Save changes');
    // Drawn anew (a Button without an action is another template): focus goes to the one in its place.
    screen.applyUpdate('go = Button("Saved", variant="secondary")');
    await settle(screen);
    expect(textOf(button())).to.contain('Saved');
    expect(active(screen)).to.equal(button());
  });

  it('a click on a Switch’s label flips it, like a label', async () => {
    const screen = await mount('root = Stack([s])\n$mail = false\ns = Switch($mail, label="Email me")\n', registries());
    const sw = node(screen, 's').querySelector<HTMLElement>('[role="switch"]')!;
    expect(sw.getAttribute('aria-checked')).to.equal('false');
    await clickCentre(node(screen, 's').querySelector('.field-label')!);
    await settle(screen);
    expect(sw.getAttribute('aria-checked')).to.equal('true');
    expect(screen.document!.state('$mail')).to.equal(true);
  });

  it('in forced colours a Switch that is on and one that is off look different', async () => {
    const screen = await mount('root = Stack([on, off])\n$a = true\n$b = false\non = Switch($a, label="On")\noff = Switch($b, label="Off")\n', registries());
    await emulateMedia({ forcedColors: 'active' } as never);
    const look = (id: string) => {
      const thumb = getComputedStyle(node(screen, id).querySelector('.switch-thumb')!).backgroundColor;
      const track = getComputedStyle(node(screen, id).querySelector('.switch')!).backgroundColor;
      return { thumb, track };
    };
    const on = look('on');
    const off = look('off');
    expect(on.track).to.not.equal(off.track);
    expect(on.thumb).to.not.equal(on.track);
    expect(off.thumb).to.not.equal(off.track);
  });
});
