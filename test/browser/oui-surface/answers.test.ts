// Issue 27 on the element: a result comes after the state it changed (the handler, then one render); an action
// id `__proto__` runs; a surface id mounted twice is handed over to the latest mount; a bound form offers, fills
// and reports only what it submits; execute(), accept and active.
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import type { OuiSurface } from '../../../elements/oui-surface/index.js';
import { mount, todoSurface, until } from './helpers.js';

describe('oui-surface: results after the state they changed', () => {
  it('answers after one render: what the view set as it drew the new state reaches the agent first (5 of 5 calls)', async () => {
    let count = 0;
    // The app's view draws on the next frame, as a framework would, and tells the surface what it shows.
    const draw = () => requestAnimationFrame(() => m.el.setObservation('item_count', count));
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => (count++, draw(), { ok: true }) } });
    for (let i = 1; i <= 5; i++) {
      const order: string[] = [];
      const offObs = m.server.onObservation((u) => order.push(u.observationId));
      const offRes = m.server.onResult(() => order.push('result'));
      const result = await m.agent.call('add_item', { title: `t${i}` });
      const seen = m.agent.observations('todo-list').get('item_count');
      offObs();
      offRes();
      expect(result.success).to.equal(true);
      expect(seen, `call ${i}`).to.equal(i);
      expect(order.filter((o) => !o.endsWith(':status'))).to.deep.equal(['item_count', 'result']);
    }
  });
});
