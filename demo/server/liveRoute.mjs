// GET /api/live?screen=…&after=N ([10.37]): what the follower missed, then each update as it happens, pings
// while nothing happens, and `end` when the screen won't change again.
import { sendError } from './http.mjs';
import { openSse } from './sse.mjs';

export function createLiveRoute({ live, sessions, limiter, who, pingIntervalMs }) {
  return function liveRoute(req, res, url) {
    if (req.method !== 'GET') return sendError(res, 405, 'invalid_request', 'Use GET.', { headers: { Allow: 'GET' } });
    const person = sessions.fromRequest(req);
    const wait = limiter.take(who(req, person));
    if (wait !== null) {
      return sendError(res, 429, 'rate_limited', 'Too many requests. Try again shortly.', { retryable: true, headers: { 'Retry-After': String(wait) } });
    }
    const id = url.searchParams.get('screen');
    const afterText = url.searchParams.get('after') ?? '0';
    if (!id || id.length > 200 || !/^\d{1,15}$/.test(afterText)) {
      return sendError(res, 400, 'invalid_request', 'Give screen and after (a whole number).');
    }
    const after = Number(afterText);
    let sse = null;
    const pending = [];
    let ended = false;
    const follower = {
      update(u) {
        if (sse) sse.send('update', u);
        else pending.push(u);
      },
      end() {
        ended = true;
        if (sse) {
          sse.send('end', {});
          sse.close();
        }
      },
      close() {
        sse?.close();
      },
    };
    const following = live.follow(id, person?.id ?? null, after, follower);
    // Unknown, no longer followed, or someone else's: one answer for all three.
    if (!following) return sendError(res, 404, 'not_found', 'No such screen.');
    sse = openSse(res, { pingIntervalMs });
    for (const u of pending) sse.send('update', u);
    if (ended) {
      sse.send('end', {});
      sse.close();
    }
    res.on('close', () => following.unsubscribe());
  };
}
