// Idempotency keys ([10.14]): for 24 hours a repeated key from the same person gets the stored answer instead of
// running the action again; the same key with other params is refused; a key whose action is still running is
// refused as in progress (retryable). A failure the person may retry (tool_failed) frees the key.

export const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,200}$/;

/** A canonical text of tool and params (object keys sorted), so the same params in another order match. */
export function fingerprint(tool, params) {
  return JSON.stringify([tool, canonical(params)]);
}

function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]));
  }
  return value;
}

export function createIdempotencyStore({ ttlMs = 24 * 60 * 60 * 1000, maxEntries = 100_000, now = () => Date.now() } = {}) {
  /** `${person}\0${key}` → {print, state: 'running' | 'done', status, body, expires} */
  const entries = new Map();

  const sweep = () => {
    const t = now();
    for (const [k, e] of entries) if (e.expires <= t) entries.delete(k);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
  };

  return {
    /**
     * Starts an action under a key. Returns {kind: 'run'} when it should run (the key is now held),
     * {kind: 'replay', status, body}, {kind: 'conflict'} or {kind: 'in_progress'}.
     */
    begin(person, key, print) {
      const id = `${person}\0${key}`;
      const e = entries.get(id);
      if (e && e.expires > now()) {
        if (e.print !== print) return { kind: 'conflict' };
        if (e.state === 'running') return { kind: 'in_progress' };
        return { kind: 'replay', status: e.status, body: e.body };
      }
      if (entries.size >= maxEntries) sweep();
      entries.set(id, { print, state: 'running', expires: now() + ttlMs });
      return { kind: 'run' };
    },
    /** Stores the answer the action gave, to be replayed for the same key. */
    finish(person, key, status, body) {
      const e = entries.get(`${person}\0${key}`);
      if (e) Object.assign(e, { state: 'done', status, body, expires: now() + ttlMs });
    },
    /** Frees the key: the action didn't happen, so the same key may run it again. */
    release(person, key) {
      entries.delete(`${person}\0${key}`);
    },
    sweep,
    get size() {
      return entries.size;
    },
  };
}
