// People, for the demo: a `demo_session` cookie set when a page loads stands for a signed-in person. Everything
// a person owns (orders, screens, idempotency keys) hangs off their session id; nothing in a request's params
// can name someone else's.
import { randomBytes } from 'node:crypto';
import { parseCookies } from './http.mjs';

export const COOKIE = 'demo_session';
const ID = /^[A-Za-z0-9_-]{43}$/;

export function createSessions({ maxSessions = 10_000, idleMs = 24 * 60 * 60 * 1000, onCreate = () => {}, onDrop = () => {} } = {}) {
  /** id → {id, created, seen} */
  const sessions = new Map();

  function sweep(now = Date.now()) {
    const drop = (id) => {
      sessions.delete(id);
      onDrop(id);
    };
    for (const [id, s] of sessions) if (now - s.seen > idleMs) drop(id);
    // Oldest first: a Map keeps insertion order.
    while (sessions.size > maxSessions) drop(sessions.keys().next().value);
  }

  return {
    /** The session a request carries, or null (no cookie, a malformed one, or one this server doesn't know). */
    fromRequest(req) {
      const id = parseCookies(req.headers.cookie)[COOKIE];
      if (!id || !ID.test(id)) return null;
      const s = sessions.get(id);
      if (!s) return null;
      s.seen = Date.now();
      return s;
    },
    /** Whether the request sent a session cookie at all, known or not (a browser sends it cross-site too). */
    hasCookie(req) {
      return COOKIE in parseCookies(req.headers.cookie);
    },
    create() {
      const id = randomBytes(32).toString('base64url');
      const s = { id, created: Date.now(), seen: Date.now() };
      sessions.set(id, s);
      sweep();
      onCreate(s);
      return s;
    },
    cookieHeader(session) {
      return `${COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`;
    },
    sweep,
    get size() {
      return sessions.size;
    },
  };
}
