// ActivityController on a tiny host: one entry per request from confirm or run to its final result, progress
// kept, and what the person hears (a start, each quarter of progress, how it ended; nothing for a confirmation
// they refused, a stop said as a stop).
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../../shared/mocha.js';
import { ActivityController } from '../../../../elements/oui-surface/controllers/activity.js';
import { AnnouncerController } from '../../../../elements/shared/controllers/announcer.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { en, fill } from '../../../../strings/en.js';
import type { OUIActivity, OUIAction } from '../../../../src/oui/index.js';

class TestActivityHost extends LitElement {
  readonly said: string[] = [];
  readonly announcer = new AnnouncerController(this);
  readonly activity = new ActivityController(this, this.announcer, () => en);
  constructor() {
    super();
    const announce = this.announcer.announce.bind(this.announcer);
    this.announcer.announce = (words: string) => (this.said.push(words), announce(words));
  }
}
defineElement('test-activity-host', TestActivityHost);

const action: OUIAction = { id: 'export_all', description: 'Export the list', input: { type: 'object' } };
const request = (id: string) => ({ requestId: id, surfaceId: 's', actionId: 'export_all', params: {} }) as never;
const heard = (a: Partial<OUIActivity> & { phase: OUIActivity['phase']; id: string }): OUIActivity =>
  ({ request: request(a.id), action, ...a }) as unknown as OUIActivity;
const result = (success: boolean, progress?: number) => ({ success, ...(progress === undefined ? {} : { progress, interim: true }) }) as never;

async function host() {
  return fixture<TestActivityHost>(html`<test-activity-host></test-activity-host>`);
}

describe('ActivityController', () => {
  it('a request runs: listed and said; progress is kept and said once per quarter; the end is said and unlisted', async () => {
    const el = await host();
    const description = 'Export the list';
    el.activity.hear(heard({ id: 'r1', phase: 'run' }));
    expect(el.activity.list.map((a) => a.phase)).to.deep.equal(['run']);
    el.activity.hear(heard({ id: 'r1', phase: 'progress', result: result(true, 10) }));
    el.activity.hear(heard({ id: 'r1', phase: 'progress', result: result(true, 30) }));
    el.activity.hear(heard({ id: 'r1', phase: 'progress', result: result(true, 40) }));
    expect(el.activity.list[0]!.progress).to.equal(40);
    el.activity.hear(heard({ id: 'r1', phase: 'done', result: result(true) }));
    expect(el.activity.list).to.deep.equal([]);
    expect(el.said).to.deep.equal([
      fill(en.ouiRunning, { description }),
      fill(en.ouiProgress, { description, progress: 30 }),
      fill(en.ouiDone, { description }),
    ]);
  });

  it('a confirmation the person refused ends without words; a stopped request is said as stopped', async () => {
    const el = await host();
    el.activity.hear(heard({ id: 'c', phase: 'confirm' }));
    el.activity.hear(heard({ id: 'c', phase: 'done', result: result(false) }));
    expect(el.said).to.deep.equal([]);
    el.activity.hear(heard({ id: 's', phase: 'run' }));
    el.activity.stopping('s');
    el.activity.hear(heard({ id: 's', phase: 'done', result: result(false) }));
    expect(el.said[el.said.length - 1]).to.equal(fill(en.ouiStopped, { description: 'Export the list' }));
  });

  it('a failure is said as one; an end for a request never listed is ignored; clear() forgets everything', async () => {
    const el = await host();
    el.activity.hear(heard({ id: 'x', phase: 'done', result: result(false) }));
    expect(el.said).to.deep.equal([]);
    el.activity.hear(heard({ id: 'f', phase: 'run' }));
    el.activity.hear(heard({ id: 'f', phase: 'done', result: result(false) }));
    expect(el.said[el.said.length - 1]).to.equal(fill(en.ouiFailed, { description: 'Export the list' }));
    el.activity.hear(heard({ id: 'g', phase: 'run' }));
    el.activity.clear();
    expect(el.activity.list).to.deep.equal([]);
  });
});
