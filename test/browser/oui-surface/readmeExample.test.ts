// The README's <oui-surface> example, as written there: an agent that calls as soon as it sees the surface is
// answered (issue 29 item 1: it was ACTION_NOT_FOUND three times out of three, the surface announced before the
// form's handler was bound).
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import { createDirectTransportPair, createOUIAgent } from '../../../src/oui/index.js';
import type { OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import '../../../elements/oui-surface/index.js';

describe('oui-surface: the README example', () => {
  for (const round of [1, 2, 3]) {
    it(`an agent calling the moment it sees the surface gets true and "count = 1" (round ${round})`, async () => {
      const surface = await fixture<OUISurfaceElement>(html`<oui-surface id="todos">
        <form data-oui-action="add_todo" data-oui-description="Add a todo to the list">
          <label>Title <input name="title" required maxlength="80" /></label>
          <button>Add</button>
        </form>
        <ul id="list"></ul>
      </oui-surface>`);
      const list = surface.querySelector('#list')!;
      const form = surface.querySelector('form')!;
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const item = document.createElement('li');
        item.textContent = String(new FormData(form).get('title'));
        list.append(item);
        surface.setObservation('count', list.children.length);
        form.reset();
      });
      surface.surface = {
        id: 'todo-list',
        name: 'Todos',
        description: 'The list of things to do',
        actions: [{ id: 'clear_all', description: 'Remove every todo', input: { type: 'object', properties: {} }, confirm: true }],
        observations: [{ id: 'count', description: 'How many todos there are', schema: { type: 'number' } }],
      };
      surface.handlers = { clear_all: () => (list.replaceChildren(), surface.setObservation('count', 0), { cleared: true }) };
      surface.setObservation('count', 0);
      const { server, client } = createDirectTransportPair();
      surface.transport = client;
      const agent = createOUIAgent(server);
      const answer = await new Promise<{ success: boolean; context: string; error?: unknown }>((resolve) => {
        agent.onChange(async () => {
          if (!agent.surface('todo-list') || list.children.length) return;
          const result = await agent.call('add_todo', { title: 'Buy milk' });
          resolve({ success: result.success, context: agent.contextText(), error: (result as { error?: unknown }).error });
        });
      });
      expect(answer.success, JSON.stringify(answer.error)).to.equal(true);
      expect(answer.context).to.match(/count.* = 1/);
      expect(list.textContent).to.equal('Buy milk');
    });
  }
});
