/**
 * Which URLs from a stream may be followed or loaded: absolute http(s) only, without hidden characters or
 * credentials. Everything else is refused here, once, so no renderer has to judge a URL.
 */

const HTTP = /^https?:\/\//i;

/**
 * The URL when it may be used as a link target or image source, else null. Refused: any scheme but http and
 * https (`javascript:`, `data:`, `vbscript:`, `file:` …), relative and protocol-relative URLs, anything with
 * spaces or control characters (browsers strip or skip them, which is how `java\tscript:` and `\x01javascript:`
 * slip past naive checks), backslashes (read as slashes by browsers), credentials (`https://bank@evil.example`),
 * and URLs longer than `maxLength`. The URL is returned as written, never rewritten.
 */
export function httpUrl(raw: unknown, maxLength = 4096): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > maxLength) return null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    // C0 controls, space, DEL, backslash, and the C1 controls and no-break space browsers also trim.
    if (c <= 0x20 || c === 0x7f || c === 0x5c || (c >= 0x80 && c <= 0xa0)) return null;
  }
  if (!HTTP.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return raw;
}

/**
 * An app's rule for images from the stream, applied when they are drawn (the document keeps every http(s)
 * image, so the rule can change without reading the stream again): `'all'` loads any http(s) image, `'none'`
 * loads none, and `{origins}` loads only images from those origins (`'https://cdn.example.com'`).
 */
export type ImagePolicy = 'all' | 'none' | { readonly origins: readonly string[] };

/**
 * Turns a policy into a test for one image source. A malformed policy is a TypeError, thrown here when the app
 * sets it, never while drawing; an origin that isn't an http(s) origin is one too.
 */
export function imagePolicy(policy: ImagePolicy = 'all'): (src: string) => boolean {
  if (policy === 'all') return (src) => httpUrl(src) !== null;
  if (policy === 'none') return () => false;
  if (typeof policy !== 'object' || policy === null || !Array.isArray(policy.origins)) {
    throw new TypeError(`images must be 'all', 'none' or {origins: ['https://…']}`);
  }
  const origins = new Set<string>();
  for (const o of policy.origins) {
    const ok = typeof o === 'string' ? httpUrl(o) : null;
    const url = ok === null ? null : new URL(ok);
    if (url === null || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
      throw new TypeError(`images.origins: ${typeof o === 'string' ? `"${o}"` : String(o)} is not an http(s) origin such as "https://cdn.example.com"`);
    }
    origins.add(url.origin);
  }
  return (src) => {
    if (httpUrl(src) === null) return false;
    return origins.has(new URL(src).origin);
  };
}
