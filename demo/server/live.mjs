// Live feeds ([10.36]–[10.40]): a screen the app keeps current gets an id with 192 random bits, tied to the
// person who asked for it. Updates are the app's own lines (never the model's), numbered from 1 per screen,
// kept in a short log for followers that come back after a gap; when the log no longer reaches back far
// enough, one catch-up update holding the latest line of each id and $key brings the screen up to date.
import { randomBytes } from 'node:crypto';
import { orderLines } from './orders.mjs';

export function createLiveFeeds({
  orders,
  dashboardTickMs = 5000,
  logSize = 100,
  idleMs = 60 * 60 * 1000,
  minGapMs = 100,
  maxScreensPerOwner = 50,
  check = null,
  log = () => {},
} = {}) {
  /** id → screen */
  const screens = new Map();

  const sweeper = setInterval(sweep, Math.max(10, Math.min(idleMs / 4, 60_000)));
  sweeper.unref?.();

  const unsubscribeOrders = orders.onChange((order) => {
    for (const s of screens.values()) {
      if (s.kind === 'order' && s.active && !s.ended && s.order === order) pushOrder(s);
    }
  });

  function sweep() {
    const now = Date.now();
    for (const s of screens.values()) {
      if (s.followers.size === 0 && now - s.lastActive > idleMs) destroy(s, 'idle');
    }
  }

  function destroy(s, why) {
    if (s.tick) clearInterval(s.tick);
    if (s.flushTimer) clearTimeout(s.flushTimer);
    screens.delete(s.id);
    // Not `end`: the screen could still change, the server just stops following it, so a follower that
    // comes back gets 404 and stops.
    for (const f of s.followers) f.close();
    s.followers.clear();
    log(`live: stopped following a ${s.kind} screen (${why})`);
  }

  /** Queues an update; updates leave at most one per `minGapMs` ([10.40]: no more than 10 a second). */
  function push(s, pairs, { end = false } = {}) {
    if (s.ended) return;
    if (pairs.length > 0) s.queue.push(pairs);
    if (end) s.endQueued = true;
    flush(s);
  }

  function flush(s) {
    if (s.flushTimer) return;
    const wait = s.lastSent + minGapMs - Date.now();
    if (wait > 0 && s.queue.length > 0) {
      s.flushTimer = setTimeout(() => {
        s.flushTimer = null;
        flush(s);
      }, wait);
      s.flushTimer.unref?.();
      return;
    }
    const pairs = s.queue.shift();
    if (pairs) {
      const text = pairs.map(([, line]) => line).join('\n') + '\n';
      if (check && !check(s, text)) {
        // A rejected update is a bug in the app's code: it is logged and never sent ([10.33]).
        log(`live: an update for a ${s.kind} screen failed its check and was not sent`);
      } else {
        const update = { seq: ++s.seq, text };
        for (const [key, line] of pairs) {
          s.latest.delete(key);
          s.latest.set(key, line);
        }
        s.log.push(update);
        if (s.log.length > logSize) s.log.shift();
        s.lastSent = Date.now();
        for (const f of s.followers) f.update(update);
      }
      if (s.queue.length > 0) return flush(s);
    }
    if (s.queue.length === 0 && s.endQueued) {
      s.ended = true;
      if (s.tick) clearInterval(s.tick);
      for (const f of s.followers) f.end();
      s.followers.clear();
    }
  }

  function pushOrder(s) {
    const lines = orderLines(s.order);
    push(s, lines, { end: s.order.status === 'delivered' });
  }

  function startDashboard(s) {
    let sales = 1240.5;
    let count = 17;
    s.tick = setInterval(() => {
      sales += 40 + Math.round(Math.random() * 22000) / 100;
      count += 1 + Math.floor(Math.random() * 3);
      push(s, [
        ['$hourSales', `$hourSales = ${sales.toFixed(2)}`],
        ['$hourOrders', `$hourOrders = "${count} orders so far"`],
      ]);
    }, Math.max(minGapMs, dashboardTickMs));
    s.tick.unref?.();
  }

  return {
    /**
     * A screen being streamed, for `owner` (a session id, or null when nobody is signed in). It can be followed
     * once `activate` says its stream ended with done.
     */
    create(kind, owner, extra = {}) {
      const s = {
        id: 'scr_' + randomBytes(24).toString('base64url'),
        kind,
        owner,
        active: false,
        ended: false,
        seq: 0,
        log: [],
        latest: new Map(),
        queue: [],
        endQueued: false,
        lastSent: 0,
        flushTimer: null,
        tick: null,
        followers: new Set(),
        lastActive: Date.now(),
        ...extra,
      };
      screens.set(s.id, s);
      // A person can't make the server hold unbounded screens: their oldest are dropped.
      const theirs = [...screens.values()].filter((x) => x.owner === owner);
      if (owner !== null && theirs.length > maxScreensPerOwner) destroy(theirs[0], 'too many screens');
      return s;
    },
    activate(s) {
      if (!screens.has(s.id) || s.active) return;
      s.active = true;
      s.lastActive = Date.now();
      if (s.kind === 'order') {
        // The screen was recorded at "Shipped": if the order is further along, the first update says so.
        if (s.order.step > 0) pushOrder(s);
        orders.startDelivery(s.order);
      } else if (s.kind === 'dashboard') startDashboard(s);
    },
    discard(s) {
      if (screens.has(s.id)) destroy(s, 'stream did not finish');
    },
    /**
     * Follows a screen from `after`. Returns null when the screen is unknown, not followed any more, or not this
     * person's (the caller answers 404 the same way for all three). Otherwise sends what the follower missed
     * and then each new update; `end()` is called when the screen won't change again.
     */
    follow(id, person, after, follower) {
      const s = screens.get(id);
      if (!s || !s.active || (s.owner !== null && s.owner !== person)) return null;
      s.lastActive = Date.now();
      const oldest = s.log.length ? s.log[0].seq : s.seq + 1;
      if (after < s.seq) {
        if (after + 1 >= oldest) {
          for (const u of s.log) if (u.seq > after) follower.update(u);
        } else {
          // The log no longer reaches back to `after`: one update, numbered as the latest, with the latest line of
          // each id and $key that the screen still has, except $keys a field reads ([10.39]).
          const lines = [...s.latest].filter(([key]) => !check?.keep || check.keep(s, key)).map(([, line]) => line);
          follower.update({ seq: s.seq, text: lines.join('\n') + '\n' });
        }
      }
      if (s.ended) {
        follower.end();
        return { unsubscribe() {} };
      }
      s.followers.add(follower);
      return {
        unsubscribe() {
          s.followers.delete(follower);
          s.lastActive = Date.now();
        },
      };
    },
    /** App code's own update for a screen: [key, line] pairs; `end` when the screen won't change again. */
    push(s, pairs, options) {
      push(s, pairs, options);
    },
    get(id) {
      return screens.get(id);
    },
    sweep,
    close() {
      clearInterval(sweeper);
      unsubscribeOrders();
      for (const s of [...screens.values()]) destroy(s, 'server closing');
    },
    get size() {
      return screens.size;
    },
  };
}
