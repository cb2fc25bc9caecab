// <omni-screen>'s LiveFeedController on its own, on a bare Lit host against the in-page fake server: it follows
// a screen from a seq, hands each update over, stops when told, and out of the page counts as closed: it follows
// again from the last seq received when the host is back ([10.36]–[10.39]).
import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from './mocha.js';
import { EventStream, fakeServer, until } from './fakeServer.js';
import { LiveFeedController } from '../../../elements/omni-screen/controllers/liveFeed.js';

class LiveHost extends LitElement {
  readonly applied: [string, number][] = [];
  readonly states: [string, string, number][] = [];
  readonly feed = new LiveFeedController(this, {
    endpoint: () => '/api/live',
    init: () => ({ credentials: 'same-origin' }),
    apply: (text, seq) => this.applied.push([text, seq]),
    changed: (state, screen, lastSeq) => this.states.push([state, screen, lastSeq]),
  });
}
customElements.define('test-live-host', LiveHost);

describe('omni-screen: LiveFeedController', () => {
  it('follows from a seq, hands updates over, closes out of the page and follows again from the last seq when back', async () => {
    const feeds: EventStream[] = [];
    const server = fakeServer({
      '/api/live': () => {
        const s = new EventStream();
        feeds.push(s);
        return s;
      },
    });
    const host = document.createElement('test-live-host') as LiveHost;
    document.body.append(host);
    try {
      host.feed.follow('scr_1', 4);
      await until(() => feeds.length === 1, 'the live request');
      expect(server.to('/api/live')[0]!.url).to.equal('/api/live?screen=scr_1&after=4');
      await until(() => host.states.length > 0, 'following');
      expect(host.states[0]).to.deep.equal(['following', 'scr_1', 4]);

      feeds[0]!.send('update', { seq: 5, text: 'a = Text("x")\n' });
      await until(() => host.applied.length === 1, 'the update');
      expect(host.applied).to.deep.equal([['a = Text("x")\n', 5]]);

      host.remove();
      await until(() => feeds[0]!.cancelled, 'closed out of the page');
      document.body.append(host);
      await until(() => feeds.length === 2, 'followed again');
      expect(server.to('/api/live')[1]!.url).to.equal('/api/live?screen=scr_1&after=5');

      host.feed.stop();
      await until(() => feeds[1]!.cancelled, 'stopped');
      host.remove();
      document.body.append(host);
      await new Promise((r) => setTimeout(r, 50));
      expect(feeds.length, 'a stopped feed stays stopped').to.equal(2);
    } finally {
      host.remove();
      server.restore();
    }
  });
});
