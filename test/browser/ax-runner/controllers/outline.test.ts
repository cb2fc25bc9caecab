// OutlineController on a tiny host: a box of the host's own in the top layer over the element a step touches,
// following it while it moves, lingering a moment after the step, hidden on hide() and when the host leaves.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, css } from 'lit';
import { describe, it } from '../../shared/mocha.js';
import { OutlineController } from '../../../../elements/ax-runner/controllers/outline.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { manualClock } from '../../shared/manualClock.js';

class TestOutlineHost extends LitElement {
  static override styles = css`
    .outline { position: fixed; inset: auto; margin: 0; padding: 0; border: 2px solid; background: none; }
  `;
  /** The host's clock (an agent element's `clock`), moved by the test. */
  readonly clock = manualClock();
  readonly outline = new OutlineController(this);
  protected override render() {
    return this.outline.render();
  }
}
defineElement('test-outline-host', TestOutlineHost);

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

async function setup() {
  const page = await fixture<HTMLElement>(html`<div>
    <button id="a" style="position:absolute;left:40px;top:60px;width:80px;height:30px">A</button>
    <button id="b" style="position:absolute;left:200px;top:100px;width:50px;height:20px">B</button>
    <test-outline-host></test-outline-host>
  </div>`);
  const el = page.querySelector('test-outline-host') as TestOutlineHost;
  await el.updateComplete;
  const box = el.shadowRoot!.querySelector('.outline') as HTMLElement;
  return { el, box, a: page.querySelector('#a') as HTMLElement, b: page.querySelector('#b') as HTMLElement };
}

describe('OutlineController', () => {
  it('draws a manual popover hidden from assistive technology, closed until a step shows it', async () => {
    const { box } = await setup();
    expect(box.getAttribute('popover')).to.equal('manual');
    expect(box.getAttribute('aria-hidden')).to.equal('true');
    expect(box.getAttribute('part')).to.equal('outline');
    expect(box.matches(':popover-open')).to.equal(false);
  });

  it('show(): opens round the element, 3px outside its box, and moves with the next element at the next frame', async () => {
    const { el, box, a, b } = await setup();
    el.outline.show(a);
    expect(el.outline.target).to.equal(a);
    expect(box.matches(':popover-open')).to.equal(true);
    const r = a.getBoundingClientRect();
    expect(box.style.getPropertyValue('translate')).to.equal(`${r.left - 3}px ${r.top - 3}px`);
    expect(box.style.getPropertyValue('width')).to.equal(`${r.width + 6}px`);
    el.outline.show(b);
    await frame();
    await frame();
    const rb = b.getBoundingClientRect();
    expect(box.style.getPropertyValue('translate')).to.equal(`${rb.left - 3}px ${rb.top - 3}px`);
    el.outline.hide();
  });

  it('follows the element while it moves', async () => {
    const { el, box, a } = await setup();
    el.outline.show(a);
    a.style.left = '120px';
    await frame();
    await frame();
    expect(box.style.getPropertyValue('translate')).to.equal(`${a.getBoundingClientRect().left - 3}px ${a.getBoundingClientRect().top - 3}px`);
    el.outline.hide();
  });

  it('release(): the outline stays a moment, then goes, unless another step outlines something first', async () => {
    const { el, box, a, b } = await setup();
    el.outline.show(a);
    el.outline.release(a);
    expect(el.outline.target).to.equal(null);
    expect(box.matches(':popover-open')).to.equal(true);
    el.clock.advance(149);
    expect(box.matches(':popover-open')).to.equal(true);
    el.clock.advance(1);
    expect(box.matches(':popover-open')).to.equal(false);
    el.outline.show(a);
    el.outline.release(a);
    el.outline.show(b);
    el.clock.advance(400);
    expect(box.matches(':popover-open')).to.equal(true);
    expect(el.outline.target).to.equal(b);
    // Releasing an element that isn't outlined changes nothing.
    el.outline.release(a);
    expect(el.outline.target).to.equal(b);
    el.outline.hide();
  });

  it('an element that leaves the page takes the outline with it', async () => {
    const { el, box, a } = await setup();
    el.outline.show(a);
    a.remove();
    await frame();
    await frame();
    expect(box.matches(':popover-open')).to.equal(false);
    expect(el.outline.target).to.equal(null);
  });

  it('the host leaving the page hides it', async () => {
    const { el, box, a } = await setup();
    el.outline.show(a);
    const parent = el.parentElement!;
    el.remove();
    expect(el.outline.target).to.equal(null);
    parent.append(el);
    await el.updateComplete;
    expect(box.matches(':popover-open')).to.equal(false);
  });
});
