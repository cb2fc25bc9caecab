// Small HTTP helpers shared by the routes: JSON answers, the error body of [10.2]/[10.14], request bodies with a
// size limit, cookies and the security headers every answer carries.

export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The page works under a strict policy: no inline scripts or styles, nothing from other origins. */
export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function errorBody(code, message, retryable = false, extra = {}) {
  return { error: { code, message, retryable, ...extra } };
}

export function sendError(res, status, code, message, { retryable = false, headers = {}, extra = {} } = {}) {
  sendJson(res, status, errorBody(code, message, retryable, extra), headers);
}

export class BodyError extends Error {}

/** Reads a JSON body of at most `limit` bytes; the request must say it is JSON. */
export async function readJson(req, limit = 64 * 1024) {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new BodyError('The body must be JSON (Content-Type: application/json).');
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new BodyError(`The body is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BodyError('The body is not valid JSON.');
  }
}

export function parseCookies(header) {
  const out = Object.create(null);
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name && !(name in out)) out[name] = part.slice(eq + 1).trim();
  }
  return out;
}

export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
