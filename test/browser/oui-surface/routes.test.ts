// Activation: routes against the page's path, followed through pushState, replaceState and the back button
// (the Navigation API where the browser has it, wrapped history methods where it doesn't), the `path` property
// for routers that keep their own, and the entity the page shows.
import { expect } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it } from '../shared/mocha.js';
import { isPathWrapper, watchPath } from '../../../elements/oui-surface/model/watchPath.js';
import type { OUIStateEvent } from '../../../elements/oui-surface/index.js';
import { mount, tick, todoSurface, until } from './helpers.js';

let home = '';
beforeEach(() => {
  home = location.href;
});
afterEach(() => {
  // The test runner's own page: put its address back, whatever a test did.
  history.replaceState(history.state, '', home);
});

const routed = (routes: string | string[]) => todoSurface({ activation: { routes } });

/** Goes back one entry and waits for the popstate it fires. */
async function back(): Promise<void> {
  const popped = new Promise<void>((r) => addEventListener('popstate', () => r(), { once: true }));
  history.back();
  await popped;
}

describe('oui-surface: routes', () => {
  it('stays unregistered off its routes, registers on pushState to one, deregisters on pushState away', async () => {
    history.replaceState(null, '', '/inbox');
    const states: OUIStateEvent[] = [];
    const m = await mount({ surface: routed(['/contacts', '/contacts/*']) }, undefined, { registered: false });
    m.el.addEventListener('oui-state', (e) => states.push(e));
    await tick(20);
    expect(m.el.registered).to.equal(false);
    expect(m.heard.registers).to.have.length(0);
    history.pushState(null, '', '/contacts/42?tab=notes#top');
    await until(() => m.agent.surfaces().length === 1, 'registration after pushState');
    history.pushState(null, '', '/contacts/42/edit');
    await until(() => m.heard.deregisters.length === 1, 'deregistration after pushState');
    expect(m.agent.surfaces()).to.deep.equal([]);
    expect(states.map((s) => [s.registered, s.active])).to.deep.equal([
      [true, true],
      [false, false],
    ]);
  });

  it('follows replaceState and the back button (popstate)', async () => {
    history.replaceState(null, '', '/settings');
    const m = await mount({ surface: routed('/settings/**') }, undefined, { registered: false });
    history.replaceState(null, '', '/settings/profile');
    await until(() => m.el.registered, 'registration after replaceState');
    history.pushState(null, '', '/elsewhere');
    await until(() => !m.el.registered, 'deregistration after pushState');
    await back();
    await until(() => m.el.registered, 'registration after going back');
    expect(m.heard.registers).to.have.length(2);
    expect(m.heard.deregisters).to.have.length(1);
  });

  it('a request while inactive is SURFACE_UNAVAILABLE', async () => {
    history.replaceState(null, '', '/contacts');
    const m = await mount({ surface: routed('/contacts'), handlers: { add_item: () => 1 } });
    history.pushState(null, '', '/inbox');
    await until(() => !m.el.registered, 'deregistration');
    const result = await m.agent.request('todo-list', 'add_item', { title: 'x' });
    expect(result.error?.code).to.equal('SURFACE_UNAVAILABLE');
  });

  it('matches the path property instead of the location when set, and the entity the page shows', async () => {
    history.replaceState(null, '', '/anything');
    const m = await mount({ surface: todoSurface({ activation: { routes: '/projects/*', entity: { type: 'project' } } }), path: '/projects/7' }, undefined, { registered: false });
    await tick(20);
    expect(m.el.registered, 'no entity yet').to.equal(false);
    m.el.entity = { type: 'project', id: '7' };
    await until(() => m.el.registered, 'registration with the entity');
    history.pushState(null, '', '/somewhere-else');
    await tick(20);
    expect(m.el.registered, 'the path property wins over the location').to.equal(true);
    m.el.path = '/projects';
    await until(() => !m.el.registered, 'deregistration on the new path');
  });

  it('declares routes in markup with surface-id, surface-name, surface-description and routes', async () => {
    history.replaceState(null, '', '/notes');
    const m = await mount({}, undefined, { registered: false });
    m.el.setAttribute('surface-id', 'notes-board');
    m.el.setAttribute('surface-name', 'Notes');
    m.el.setAttribute('surface-description', 'Sticky notes');
    m.el.setAttribute('routes', '/notes /notes/*');
    await until(() => m.el.registered, 'registration of the markup surface');
    expect(m.el.definition).to.deep.equal({ id: 'notes-board', name: 'Notes', description: 'Sticky notes', actions: [], activation: { routes: ['/notes', '/notes/*'] } });
  });
});

describe('oui-surface: the path watcher', () => {
  it('without the Navigation API, wraps pushState and replaceState once per page, hears popstate, and unwraps when the last listener goes', async () => {
    const original = { push: history.pushState, replace: history.replaceState };
    const a: string[] = [];
    const b: string[] = [];
    const stopA = watchPath(window, (p) => a.push(p), { navigationApi: false });
    const stopB = watchPath(window, (p) => b.push(p), { navigationApi: false });
    expect(isPathWrapper(history.pushState)).to.equal(true);
    expect(isPathWrapper(history.replaceState)).to.equal(true);
    // Wrapped once: the wrapper calls the browser's own method, not another wrapper of ours.
    history.pushState(null, '', '/one');
    history.replaceState(null, '', '/two');
    history.replaceState(null, '', '/two');
    await back();
    expect(a).to.deep.equal(['/one', '/two', new URL(home).pathname]);
    expect(b).to.deep.equal(a);
    stopA();
    expect(isPathWrapper(history.pushState), 'still wrapped for the other listener').to.equal(true);
    stopB();
    expect(history.pushState).to.equal(original.push);
    expect(history.replaceState).to.equal(original.replace);
  });

  it('leaves another script’s wrapper around ours in place when it stops, and ours then only passes calls through', async () => {
    const original = history.pushState;
    const heard: string[] = [];
    const stop = watchPath(window, (p) => heard.push(p), { navigationApi: false });
    const ours = history.pushState;
    const theirs: string[] = [];
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      theirs.push(String(args[2]));
      return ours.apply(this, args);
    };
    const wrappedByThem = history.pushState;
    stop();
    expect(history.pushState, 'their wrapper stays').to.equal(wrappedByThem);
    history.pushState(null, '', '/after');
    expect(location.pathname).to.equal('/after');
    expect(theirs).to.deep.equal(['/after']);
    expect(heard, 'ours no longer tells anyone').to.deep.equal([]);
    history.pushState = original;
  });

  it('with the Navigation API, hears pushState, replaceState and popstate without wrapping anything', async () => {
    if (!('navigation' in window)) throw new Error('this Chromium has no Navigation API');
    const original = history.pushState;
    const heard: string[] = [];
    const stop = watchPath(window, (p) => heard.push(p));
    expect(history.pushState).to.equal(original);
    history.pushState(null, '', '/nav-one');
    history.replaceState(null, '', '/nav-two');
    await back();
    await tick(10);
    expect(heard).to.deep.equal(['/nav-one', '/nav-two', new URL(home).pathname]);
    stop();
  });
});
