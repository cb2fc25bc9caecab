// POST /api/generate ([10.1]–[10.13]): checks the request, then streams the model's screen as Server-Sent Events:
// the version marker first (the server writes it, not the model), each piece as a chunk event, a live event for
// a screen the app keeps current, and one terminal done or error.
import { BodyError, isObject, readJson, sendError } from './http.mjs';
import { openSse } from './sse.mjs';
import { FORMAT, isOlderThanServed, parseVersion } from './version.mjs';

const MAX_PROMPT = 4000;

export function createGenerateRoute({ model, live, orders, sessions, limiter, who, pingIntervalMs, pace, chunk, log, modelCheck = null }) {
  return async function generateRoute(req, res, url) {
    if (req.method !== 'POST') return sendError(res, 405, 'invalid_request', 'Use POST.', { headers: { Allow: 'POST' } });
    const person = sessions.fromRequest(req);
    const wait = limiter.take(who(req, person));
    if (wait !== null) {
      return sendError(res, 429, 'rate_limited', 'Too many requests. Try again shortly.', { retryable: true, headers: { 'Retry-After': String(wait) } });
    }
    const versions = url.searchParams.getAll('version');
    if (versions.length > 1) return sendError(res, 400, 'invalid_request', 'Give at most one version.');
    if (versions.length === 1) {
      const requested = parseVersion(versions[0]);
      if (!requested) return sendError(res, 400, 'invalid_request', 'The version must be MAJOR.MINOR.');
      // [10.12]: refused only when the client reads an older format than the one written here.
      if (isOlderThanServed(requested)) {
        return sendError(res, 400, 'unsupported_version', `This server writes Omni-IR ${FORMAT}, newer than ${versions[0]}.`);
      }
    }
    let body;
    try {
      body = await readJson(req);
    } catch (error) {
      if (error instanceof BodyError) return sendError(res, 400, 'invalid_request', error.message);
      throw error;
    }
    if (!isObject(body) || typeof body.prompt !== 'string' || body.prompt.trim() === '' || body.prompt.length > MAX_PROMPT) {
      return sendError(res, 400, 'invalid_request', `The body must be {"prompt": "…"} with 1 to ${MAX_PROMPT} characters.`);
    }
    // [10.23]: a server that checks its model serves no screens until the model's setup has passed.
    if (modelCheck && !modelCheck.verified()) {
      const retryAfter = Math.max(1, Math.ceil(modelCheck.retryAfter?.() ?? 60));
      return sendError(res, 503, 'model_unverified', 'The model is being checked. Try again shortly.', {
        retryable: true,
        headers: { 'Retry-After': String(retryAfter) },
      });
    }

    const controller = new AbortController();
    const { signal } = controller;
    res.on('close', () => controller.abort());
    const started = Date.now();
    let run;
    try {
      run = model.start(body.prompt, { pace, chunk, signal });
    } catch {
      return sendError(res, 500, 'server_error', 'The model could not start.');
    }
    // The screen is followed only when it is the person's (or nobody is signed in and it is nobody's).
    let screen = null;
    if (run.live === 'order' && person) screen = live.create('order', person.id, { order: orders.ensure(person.id), text: run.text });
    else if (run.live === 'dashboard') screen = live.create('dashboard', person?.id ?? null, { text: run.text });

    const sse = openSse(res, { pingIntervalMs });
    sse.send('chunk', { text: `# omni-ir ${FORMAT}\n` });
    try {
      for await (const piece of run.chunks) {
        if (signal.aborted) break;
        sse.send('chunk', { text: piece });
      }
    } catch (error) {
      if (screen) live.discard(screen);
      const code = typeof error?.code === 'string' ? error.code : 'model_error';
      const retryable = typeof error?.retryable === 'boolean' ? error.retryable : true;
      log(`generate: the model failed (${code})`);
      sse.send('error', { code, message: typeof error?.publicMessage === 'string' ? error.publicMessage : 'The model failed while writing the screen.', retryable });
      return sse.close();
    }
    if (signal.aborted) {
      if (screen) live.discard(screen);
      return sse.close();
    }
    if (screen) {
      live.activate(screen);
      sse.send('live', { screen: screen.id });
    }
    sse.send('done', { stopReason: run.stopReason?.() ?? 'end_turn', model: run.model?.() ?? model.name, ms: Date.now() - started });
    sse.close();
  };
}
