// Fixed-window request limits per person (their session) or, without one, per address ([10.15]).

export function createRateLimiter({ limit, windowMs = 60_000, now = () => Date.now() }) {
  const windows = new Map();
  return {
    /** Counts a request; returns null when allowed, else the seconds to wait (for Retry-After). */
    take(who) {
      const t = now();
      let w = windows.get(who);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(who, w);
        if (windows.size > 50_000) for (const [k, v] of windows) if (t - v.start >= windowMs) windows.delete(k);
      }
      if (w.count >= limit) return Math.max(1, Math.ceil((w.start + windowMs - t) / 1000));
      w.count++;
      return null;
    },
  };
}

/**
 * The client's address. Headers such as X-Forwarded-For are anyone's to write, so they are read only when the
 * request came from a proxy this server was told to trust (OMNI_TRUST_PROXY: a comma-separated list of proxy
 * addresses), and then only the address that proxy appended.
 */
export function clientAddress(req, trustedProxies) {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trustedProxies || !trustedProxies.has(peer)) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded !== 'string') return peer;
  const hops = forwarded.split(',').map((s) => s.trim()).filter(Boolean);
  return hops.at(-1) ?? peer;
}

export function parseTrustedProxies(value) {
  if (!value) return null;
  return new Set(value.split(',').map((s) => s.trim()).filter(Boolean));
}
