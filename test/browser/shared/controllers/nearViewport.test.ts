// NearViewportController and the near-the-viewport watch under it, on a tiny host: a chart far below costs
// nothing until the page comes near it, work is done one per task, and printing brings every waiting one near.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../mocha.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { forget, inTurn, NearViewportController, whenNear } from '../../../../elements/shared/elements/chart/nearViewport.js';

const print = () => dispatchEvent(new Event('beforeprint'));
/** An element a viewport's height and more below the top of the page (far from the viewport), and one at the top. */
async function nearAndFar(): Promise<{ near: HTMLElement; far: HTMLElement; box: HTMLElement }> {
  const box = await fixture<HTMLElement>(html`<div><p>near</p><div style="block-size: 400vh"></div><p>far</p></div>`);
  const [near, far] = [...box.querySelectorAll('p')] as HTMLElement[];
  return { near: near!, far: far!, box };
}

describe('NearViewportController and the near-the-viewport watch', () => {
  it('calls near for an element near the viewport, and looked for both; a far one waits', async () => {
    const { near, far, box } = await nearAndFar();
    const seen: string[] = [];
    const looked = { near: false, far: false };
    whenNear(near, (now) => seen.push(`near ${now}`), () => (looked.near = true));
    whenNear(far, (now) => seen.push(`far ${now}`), () => (looked.far = true));
    await waitUntil(() => looked.near && looked.far, 'the page looked');
    expect(seen).to.deep.equal(['near false']);
    forget(far);
    box.remove();
  });

  it('before the page prints, every element still waiting comes near at once, and only once', async () => {
    const { far, box } = await nearAndFar();
    const seen: boolean[] = [];
    whenNear(far, (now) => seen.push(now), () => {});
    print();
    expect(seen).to.deep.equal([true]);
    print();
    expect(seen).to.deep.equal([true]);
    box.remove();
  });

  it('an element forgotten (it left the page) is looked at, and no longer comes near', async () => {
    const { far, box } = await nearAndFar();
    const seen: boolean[] = [];
    let looked = 0;
    whenNear(far, (now) => seen.push(now), () => looked++);
    forget(far);
    expect(looked).to.equal(1);
    print();
    expect(seen).to.deep.equal([]);
    box.remove();
  });

  it('does work one per task, in the order asked', async () => {
    const log: string[] = [];
    const first = inTurn(async () => {
      log.push('first');
      queueMicrotask(() => log.push('after first, same task'));
    });
    const second = inTurn(async () => void log.push('second'));
    await Promise.all([first, second]);
    expect(log).to.deep.equal(['first', 'after first, same task', 'second']);
  });

  class TestNearHost extends LitElement {
    readonly nearBy: boolean[] = [];
    readonly near = new NearViewportController(this, (now) => this.nearBy.push(now));
  }
  defineElement('test-near-host', TestNearHost);

  it('the controller watches once, says when the page looked, and stops when its element leaves', async () => {
    const box = await fixture<HTMLElement>(html`<div><div style="block-size: 400vh"></div><test-near-host></test-near-host></div>`);
    const host = box.querySelector('test-near-host') as TestNearHost;
    host.near.watch();
    host.near.watch();
    await host.near.looked();
    expect(host.near.near).to.equal(false);
    print();
    expect(host.nearBy).to.deep.equal([true]);
    expect(host.near.near).to.equal(true);
    box.remove();
    const again = document.createElement('test-near-host') as TestNearHost;
    document.body.append(again);
    again.near.watch();
    again.remove();
    // Left the page before the page looked: nothing waits for it.
    await again.near.looked();
    print();
    expect(again.nearBy).to.deep.equal([]);
  });
});

