// StepAnnouncementsController on a tiny host: a finished step is said at once after quiet; finished steps that
// keep coming are said together, at most once a second; a held, failed or refused step is never folded into a
// count (what was gathered is said first); flush() says what was gathered; leaving the page drops it unsaid.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../../shared/mocha.js';
import { EVERY_MS, StepAnnouncementsController } from '../../../../elements/ax-runner/controllers/stepAnnouncements.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import type { Step } from '../../../../src/axstream/index.js';
import { manualClock } from '../../shared/manualClock.js';

class TestStepsHost extends LitElement {
  /** The host's clock (an agent element's `clock`), moved by the test. */
  readonly clock = manualClock();
  readonly said: string[] = [];
  readonly steps = new StepAnnouncementsController(
    this,
    (words) => this.said.push(words),
    () => ({ one: (s) => `${s.index} ${s.status}`, many: (count, last) => `${count} done, last ${last.index}` }),
  );
}
defineElement('test-steps-host', TestStepsHost);

const step = (index: number, status: Step['status']) => ({ index, status }) as unknown as Step;

async function host() {
  return fixture<TestStepsHost>(html`<test-steps-host></test-steps-host>`);
}

describe('StepAnnouncementsController', () => {
  it('a step finishing after quiet is said on its own, at once', async () => {
    const el = await host();
    el.steps.changed(step(0, 'running'));
    el.steps.changed(step(0, 'done'));
    el.clock.advance(0);
    expect(el.said).to.deep.equal(['0 done']);
  });

  it('steps that keep finishing are said together, no sooner than EVERY_MS after the last words', async () => {
    const el = await host();
    el.steps.changed(step(0, 'done'));
    el.clock.advance(0);
    for (let i = 1; i <= 5; i++) el.steps.changed(step(i, 'done'));
    el.clock.advance(EVERY_MS - 1);
    expect(el.said).to.deep.equal(['0 done']);
    el.clock.advance(1);
    expect(el.said).to.deep.equal(['0 done', '5 done, last 5']);
    expect(el.clock.pending).to.deep.equal([]);
  });

  it('a held, failed or refused step is said in full at once, after what was gathered', async () => {
    const el = await host();
    el.steps.changed(step(0, 'done'));
    el.clock.advance(0);
    el.steps.changed(step(1, 'done'));
    el.steps.changed(step(2, 'done'));
    el.steps.changed(step(3, 'held'));
    expect(el.said).to.deep.equal(['0 done', '2 done, last 2', '3 held']);
    el.steps.changed(step(3, 'refused'));
    el.steps.changed(step(4, 'failed'));
    expect(el.said.slice(3)).to.deep.equal(['3 refused', '4 failed']);
  });

  it('flush() says what was gathered now; clear() drops it', async () => {
    const el = await host();
    el.steps.changed(step(0, 'done'));
    el.clock.advance(0);
    el.steps.changed(step(1, 'done'));
    el.steps.flush();
    expect(el.said).to.deep.equal(['0 done', '1 done']);
    el.steps.changed(step(2, 'done'));
    el.steps.clear();
    expect(el.clock.pending).to.deep.equal([]);
    el.clock.advance(EVERY_MS);
    expect(el.said).to.deep.equal(['0 done', '1 done']);
  });

  it('what was gathered when the host leaves the page is dropped, unsaid', async () => {
    const el = await host();
    el.steps.changed(step(0, 'done'));
    el.clock.advance(0);
    el.steps.changed(step(1, 'done'));
    el.remove();
    expect(el.clock.pending).to.deep.equal([]);
    el.clock.advance(EVERY_MS);
    expect(el.said).to.deep.equal(['0 done']);
  });
});
