// The small helpers the clients build requests and read responses with: withQuery, withOwnHeaders, isEventStream.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isEventStream, withOwnHeaders, withQuery, type ResponseLike } from '../../../src/transport/index.js';

test('withQuery appends to relative and absolute endpoints, keeps a query, drops a fragment, escapes values', () => {
  assert.equal(withQuery('/api/generate', { version: '0.8' }), '/api/generate?version=0.8');
  assert.equal(withQuery('https://x.test/live?a=1#top', { screen: 'a b&c', after: '3' }), 'https://x.test/live?a=1&screen=a%20b%26c&after=3');
  assert.equal(withQuery('/api', {}), '/api');
});

test('withOwnHeaders: the client’s names win whatever case the app wrote them in', () => {
  assert.deepEqual(withOwnHeaders({ accept: 'text/html', 'X-App': '1' }, { Accept: 'text/event-stream' }), {
    'X-App': '1',
    Accept: 'text/event-stream',
  });
  assert.deepEqual(withOwnHeaders(undefined, { Accept: 'a' }), { Accept: 'a' });
});

const withType = (type: string | null): ResponseLike => ({
  status: 200,
  body: null,
  headers: { get: (name) => (name.toLowerCase() === 'content-type' ? type : null) },
  text: async () => '',
});

test('isEventStream: text/event-stream with or without parameters, or no type at all', () => {
  assert.equal(isEventStream(withType('text/event-stream')), true);
  assert.equal(isEventStream(withType('Text/Event-Stream; charset=utf-8')), true);
  assert.equal(isEventStream(withType(null)), true);
  assert.equal(isEventStream(withType('text/html')), false);
  assert.equal(isEventStream(withType('text/event-streamx')), false);
});
