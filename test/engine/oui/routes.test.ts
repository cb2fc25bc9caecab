import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isActive, matchRoute } from '../../../src/oui/index.ts';

const cases: [string, string, boolean][] = [
  ['/settings', '/settings', true],
  ['/settings', '/settings/', true],
  ['/settings/', '/settings', true],
  ['/settings', '/settings/profile', false],
  ['/settings', '/Settings', false],
  ['/orders', '/orders?page=2#top', true],
  ['/orders', '/orders#top', true],
  ['/', '/', true],
  ['/', '', true],
  ['/', '/a', false],
  ['/projects/*', '/projects/42', true],
  ['/projects/*', '/projects/42/edit', false],
  ['/projects/*', '/projects', false],
  ['/projects/*', '/projects/', false],
  ['/projects/**', '/projects/42', true],
  ['/projects/**', '/projects/42/edit/now', true],
  ['/projects/**', '/projects', false],
  ['/projects/*/edit', '/projects/42/edit', true],
  ['/projects/*/edit', '/projects/42/view', false],
  ['/a/**/z', '/a/b/c/z', true],
  ['/a/**/z', '/a/z', false],
  ['/**', '/anything/at/all', true],
  ['/**/**/**/x', `/${'a/'.repeat(40)}y`, false],
  ['/projects/:id', '/projects/42', true],
  ['/projects/:id', '/projects/42/edit', false],
  ['/projects/:id', '/projects', false],
  ['/projects/:id', '/projects/', false],
  ['/projects/:projectId/files/:file_name', '/projects/7/files/a.txt', true],
  ['/projects/:id/**', '/projects/7/a/b', true],
];

for (const [pattern, path, want] of cases) {
  test(`matchRoute(${JSON.stringify(pattern)}, ${JSON.stringify(path)}) is ${want}`, () => {
    assert.equal(matchRoute(pattern, path), want);
  });
}

test('isActive: no activation or no routes is active everywhere, even with no known path', () => {
  assert.equal(isActive(undefined, '/x'), true);
  assert.equal(isActive({}, undefined), true);
  assert.equal(isActive({ condition: 'prose only' }, '/x'), true);
});

test('isActive: a list matches when any route does; an unknown path matches none', () => {
  assert.equal(isActive({ routes: ['/a', '/b/*'] }, '/b/1'), true);
  assert.equal(isActive({ routes: ['/a', '/b/*'] }, '/c'), false);
  assert.equal(isActive({ routes: '/a' }, undefined), false);
});

test('isActive: an entity must be shown, of its type and (when named) its id', () => {
  const activation = { routes: '/lists/*', entity: { type: 'list', id: '7' } };
  assert.equal(isActive(activation, '/lists/7'), false);
  assert.equal(isActive(activation, '/lists/7', { type: 'list', id: '7' }), true);
  assert.equal(isActive(activation, '/lists/7', { type: 'list', id: '8' }), false);
  assert.equal(isActive(activation, '/lists/7', { type: 'card', id: '7' }), false);
  assert.equal(isActive({ entity: { type: 'list' } }, '/x', { type: 'list', id: 'any' }), true);
});
