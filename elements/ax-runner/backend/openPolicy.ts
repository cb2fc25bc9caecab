/**
 * What `open` may open from a page: a web address on an allowed origin, nothing else. The model writes the text;
 * the app decides where it may lead. `javascript:`, `data:`, `blob:`, `file:` and every other scheme are refused
 * whatever the list says, and a bare word ("Notes") is an app name, which a page cannot open. Link clicks go
 * through the same check, so a click can't leave for a place `open` could not.
 */

/** Why a URL may not be opened, or the URL itself. */
export type OpenCheck = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly error: string };

const RELATIVE = /^(\/|\.\.?\/|\?|#)/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The origins `allowOrigins` names, read once: invalid entries are ignored rather than widening anything. */
export function readOrigins(allow: readonly string[] | undefined, own: string): ReadonlySet<string> {
  if (allow === undefined) return new Set([own]);
  const out = new Set<string>();
  for (const entry of allow) {
    try {
      const origin = new URL(entry).origin;
      if (origin !== 'null') out.add(origin);
    } catch {
      // Not an origin: leave it out.
    }
  }
  return out;
}

/** Checks text from the model (or a link's href) against the allowed origins. */
export function checkOpen(target: string, origins: ReadonlySet<string>, base: string): OpenCheck {
  const text = target.trim();
  if (text === '') return { ok: false, error: 'there is nothing to open' };
  if (!SCHEME.test(text) && !RELATIVE.test(text)) {
    return { ok: false, error: `"${clip(text)}" is not a web address; a page can't open apps (give a full https:// address or a path starting with /)` };
  }
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return { ok: false, error: `"${clip(text)}" is not a valid web address` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, error: `${url.protocol} addresses are never opened` };
  if (!origins.has(url.origin)) return { ok: false, error: `${url.origin} is not an origin this page allows` };
  return { ok: true, url };
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}
