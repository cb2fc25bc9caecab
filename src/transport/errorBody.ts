import { isJsonObject } from '../stream/jsonLines.js';

/** The error body a server sends when it refuses a request: `{"error": {code, message, retryable}}` ([10.2], [10.14]). */
export interface ErrorBody {
  code: string;
  message: string;
  retryable: boolean;
  /** Where the request was wrong ([10.14]'s invalid_params), each with a JSON Pointer path. */
  issues?: { path: string; message: string }[];
}

/**
 * Reads an error body from a response's text; anything else (not JSON, another shape, a field of the wrong
 * type) is null, so the caller falls back to the HTTP status ([10.3]). Never throws.
 */
export function parseErrorBody(text: string): ErrorBody | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isJsonObject(value) || !isJsonObject(value.error)) return null;
  const { code, message, retryable, issues } = value.error;
  if (typeof code !== 'string' || code === '' || typeof message !== 'string' || typeof retryable !== 'boolean') return null;
  const body: ErrorBody = { code, message, retryable };
  if (Array.isArray(issues)) {
    body.issues = issues
      .filter((i): i is Record<string, unknown> => isJsonObject(i))
      .map((i) => ({ path: typeof i.path === 'string' ? i.path : '', message: typeof i.message === 'string' ? i.message : '' }));
  }
  return body;
}
