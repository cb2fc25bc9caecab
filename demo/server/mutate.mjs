// POST /api/mutate ([10.14], [10.15]): runs a governed action after checking, in order, the request's origin,
// the person's rate, the body, the idempotency key, the tool, sign-in, the params against the tool's schema and
// the key's history. Logs never hold param values, which may be personal.
import { Validator } from '@cfworker/json-schema';
import { BodyError, isObject, readJson, sendError, sendJson, errorBody } from './http.mjs';
import { KEY_PATTERN, fingerprint } from './idempotency.mjs';
import { ToolError } from './tools.mjs';

export function createMutateRoute({ tools, handlers, sessions, idempotency, limiter, allowedOrigin, who, log }) {
  const validators = new Map(Object.entries(tools).map(([name, t]) => [name, new Validator(t.schema, '2020-12', false)]));

  return async function mutateRoute(req, res) {
    if (req.method !== 'POST') {
      return sendError(res, 405, 'invalid_request', 'Use POST.', { headers: { Allow: 'POST' } });
    }
    // A browser sends the cookie even when another site starts the request, so a cookie request must come
    // from this app's own pages; a request naming another origin is refused with or without a cookie.
    const origin = req.headers.origin;
    if ((origin !== undefined && !allowedOrigin(origin)) || (origin === undefined && sessions.hasCookie(req))) {
      return sendError(res, 403, 'bad_origin', 'This request did not come from this app.');
    }
    const person = sessions.fromRequest(req);
    const wait = limiter.take(who(req, person));
    if (wait !== null) {
      return sendError(res, 429, 'rate_limited', 'Too many actions. Try again shortly.', { retryable: true, headers: { 'Retry-After': String(wait) } });
    }
    let body;
    try {
      body = await readJson(req);
    } catch (error) {
      if (error instanceof BodyError) return sendError(res, 400, 'invalid_request', error.message);
      throw error;
    }
    if (!isObject(body) || typeof body.tool !== 'string' || !isObject(body.params) || ('button' in body && typeof body.button !== 'string')) {
      return sendError(res, 400, 'invalid_request', 'The body must be {"tool": "…", "params": {…}}.');
    }
    const key = req.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !KEY_PATTERN.test(key))) {
      return sendError(res, 400, 'invalid_request', 'An Idempotency-Key is 1 to 200 letters, digits or _-:.');
    }
    const { tool: name, params, button } = body;
    const tool = Object.hasOwn(tools, name) ? tools[name] : null;
    const handler = tool && Object.hasOwn(handlers, name) ? handlers[name] : null;
    if (!tool || typeof handler !== 'function') return sendError(res, 403, 'unknown_tool', 'This action is not available.');
    if (tool.signIn && !person) return sendError(res, 401, 'sign_in_required', 'Sign in to do this.');
    const checked = validators.get(name).validate(params);
    if (!checked.valid) {
      return sendError(res, 422, 'invalid_params', 'The action’s details are not valid.', { extra: { issues: issuesOf(checked.errors) } });
    }

    const owner = person ? `s:${person.id}` : `a:${who(req, null)}`;
    if (key !== undefined) {
      const started = idempotency.begin(owner, key, fingerprint(name, params));
      if (started.kind === 'replay') return sendJson(res, started.status, started.body, { 'Idempotent-Replayed': 'true' });
      if (started.kind === 'conflict') return sendError(res, 409, 'idempotency_conflict', 'This key was already used for another action.');
      if (started.kind === 'in_progress') {
        return sendError(res, 409, 'idempotency_in_progress', 'This action is still running.', { retryable: true, headers: { 'Retry-After': '1' } });
      }
    }

    let status;
    let answer;
    try {
      const out = await handler({ params, person, button, log });
      status = 200;
      answer = { ok: true, tool: name, result: isObject(out?.result) ? out.result : {} };
      if (typeof out?.update === 'string') answer.update = out.update;
      log(`mutate: ${name} ok`);
    } catch (error) {
      if (error instanceof ToolError) {
        status = error.status;
        answer = errorBody(error.code, error.message, error.retryable);
        log(`mutate: ${name} refused (${error.code})`);
      } else {
        // The action may not have happened: the key is freed so a retry with it runs again.
        if (key !== undefined) idempotency.release(owner, key);
        log(`mutate: ${name} failed: ${error?.message ?? error}`);
        return sendError(res, 500, 'tool_failed', 'The action failed. Try again.', { retryable: true });
      }
    }
    if (key !== undefined) {
      if (answer.error?.retryable) idempotency.release(owner, key);
      else idempotency.finish(owner, key, status, answer);
    }
    sendJson(res, status, answer);
  };
}

const SUMMARY = new Set(['properties', 'additionalProperties', 'patternProperties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', '$ref', 'dependentSchemas', 'unevaluatedProperties']);

/** Schema errors as [{path, message}]: only the innermost error at each place, as a JSON Pointer path. */
function issuesOf(errors) {
  const locations = errors.map((e) => e.instanceLocation.replace(/^#/, ''));
  const issues = [];
  const seen = new Set();
  errors.forEach((e, i) => {
    const path = locations[i];
    // "Property x does not match schema" only summarises the error found at x.
    if (SUMMARY.has(e.keyword) && locations.some((other) => other.startsWith(path + '/'))) return;
    const message = e.keyword === 'false' ? 'This param is not allowed.' : e.error;
    const id = `${path}\u0000${message}`;
    if (seen.has(id)) return;
    seen.add(id);
    issues.push({ path, message });
  });
  return issues;
}
