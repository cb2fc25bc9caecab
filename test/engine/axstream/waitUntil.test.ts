// wait_until against a backend that tells of changes (issue 17, item 10): it looks again when the screen changed,
// not on a timer; a screen that changes all the time is looked at no more often than poll_ms; the deadline holds;
// every subscription to changes ends with its look. A backend that can't tell of changes is polled, as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBurst, type AxNode, type Backend } from '../../../src/axstream/index.ts';
import { act, fakeBackend, fakeClock, fence, later, screen, type Ref } from './helpers.ts';

/** A fake backend whose screen changes when the test says, telling whoever waits. */
function changing() {
  let tree: AxNode<Ref>[] = [];
  let looks = 0;
  let subscribed = 0;
  let ended = 0;
  const waiting = new Set<() => void>();
  const fake = fakeBackend({ tree: () => (looks++, tree) });
  const backend: Backend<Ref> = {
    ...fake.backend,
    changed(within, { signal }) {
      subscribed++;
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, within);
        waiting.add(done);
        signal.addEventListener('abort', () => (ended++, done()), { once: true });
      });
    },
  };
  return {
    backend,
    fake,
    get looks() {
      return looks;
    },
    get subscribed() {
      return subscribed;
    },
    get ended() {
      return ended;
    },
    change(next: AxNode<Ref>[]) {
      tree = next;
      for (const w of [...waiting]) w();
    },
  };
}

test('wait_until looks again when the screen changes, not every poll_ms', async () => {
  const page = changing();
  const burst = createBurst<Ref>({ backend: page.backend });
  burst.write(fence(act({ do: 'wait_until', target: { ax: { role: 'dialog', title: 'Share' } }, poll_ms: 20, timeout_ms: 5000 }), act({ do: 'click', target: { ax: { title: 'Share' } } })));
  burst.end();
  await later(150);
  assert.equal(page.looks, 1, 'nothing changed: no second look, whatever poll_ms says');
  page.change(screen(['share', 'dialog', 'Share']));
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'stream_ended');
  assert.equal(page.looks, 3, 'one look after the change, and the click’s own');
  assert.deepEqual(page.fake.log, ['click @share']);
  assert.equal(page.ended, page.subscribed, 'every subscription ended with its look');
});

test('a screen that changes all the time is looked at no more often than poll_ms, and the deadline holds', async () => {
  const clock = fakeClock();
  let looks = 0;
  const fake = fakeBackend({ tree: () => (looks++, []) });
  const backend: Backend<Ref> = { ...fake.backend, changed: () => undefined };
  const burst = createBurst<Ref>({ backend, clock });
  burst.write(fence(act({ do: 'wait_until', target: { ax: { title: 'Never' } }, poll_ms: 120, timeout_ms: 300 })));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'action_failed');
  // The first change is looked at at once; the ones that keep coming, poll_ms apart.
  assert.deepEqual(clock.slept, [120, 120, 60]);
  assert.equal(looks, 5);
});

test('the backend is told how long the wait may still last', async () => {
  const clock = fakeClock();
  const within: number[] = [];
  const fake = fakeBackend({ tree: () => [] });
  const backend: Backend<Ref> = { ...fake.backend, changed: (ms) => void within.push(ms) };
  const burst = createBurst<Ref>({ backend, clock });
  burst.write(fence(act({ do: 'wait_until', target: { ax: { title: 'Never' } }, poll_ms: 100, timeout_ms: 250 })));
  burst.end();
  await burst.outcome;
  assert.deepEqual(within, [250, 250, 150, 50, 0]);
});

test('a stop while waiting for a change ends the wait at once', async () => {
  const page = changing();
  const burst = createBurst<Ref>({ backend: page.backend });
  burst.write(fence(act({ do: 'wait_until', target: { ax: { title: 'Never' } }, timeout_ms: 30_000 })));
  await later(20);
  burst.stop();
  // "At once": the outcome settles on the stop, long before the wait's 30 s (no speed asserted: never 5 s).
  const late = new Promise<'late'>((resolve) => setTimeout(resolve, 5_000, 'late').unref());
  const outcome = await Promise.race([burst.outcome, late]);
  assert.notEqual(outcome, 'late', 'the stop ended the wait');
  if (outcome === 'late') return;
  assert.equal(outcome.reason, 'aborted');
  await later(0);
  assert.equal(page.ended, page.subscribed);
});

test('a backend that can’t tell of changes is still polled every poll_ms', async () => {
  const clock = fakeClock();
  const fake = fakeBackend({ tree: () => [] });
  const burst = createBurst<Ref>({ backend: fake.backend, clock });
  burst.write(fence(act({ do: 'wait_until', target: { ax: { title: 'Never' } }, poll_ms: 50, timeout_ms: 120 })));
  burst.end();
  await burst.outcome;
  assert.deepEqual(clock.slept, [50, 50, 20]);
});
