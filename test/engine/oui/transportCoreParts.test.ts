// The parts of the transport core on their own: fitting an event to the socket's size limit, and keeping what the
// other side registered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitMessage, hearRegistration } from '../../../src/oui/transportCore.ts';
import type { OUIRegistrationMessage } from '../../../src/oui/index.ts';
import { todoSurface } from './helpers.ts';

const size = (_type: string, payload: unknown) => JSON.stringify(payload).length;

test('fitting to the size limit: a small event goes as it is; a result too large goes without its data; anything else too large is refused', () => {
  const result = { requestId: 'r', surfaceId: 's', actionId: 'a', success: true, data: 'x'.repeat(500), timestamp: 1 };
  assert.deepEqual(fitMessage('action:result', result, Infinity, size), { payload: result });
  const fitted = fitMessage('action:result', result, 400, size);
  assert.ok('payload' in fitted && fitted.shrunk);
  assert.equal((fitted.payload as { data?: unknown }).data, undefined);
  assert.match(fitted.shrunk!, /its data was left out/);
  const update = { surfaceId: 's', observationId: 'count', value: 'x'.repeat(500), timestamp: 1 };
  assert.match((fitMessage('observation:update', update, 400, size) as { refused: string }).refused, /observation:update event of about \d+ bytes, more than the 400/);
});

test('the registrations heard: kept until deregistered, a new one of the same id replacing the old', () => {
  const heard = new Map<string, OUIRegistrationMessage>();
  hearRegistration(heard, 'surface:register', { surface: todoSurface(), timestamp: 1 });
  hearRegistration(heard, 'surface:register', { surface: todoSurface({ name: 'Again' }), timestamp: 2 });
  assert.equal(heard.size, 1);
  assert.equal(heard.get('todo-list')!.surface.name, 'Again');
  hearRegistration(heard, 'observation:update', { surfaceId: 'todo-list' });
  hearRegistration(heard, 'surface:deregister', { surfaceId: 'todo-list', timestamp: 3 });
  assert.equal(heard.size, 0);
});
