// POST /api/generate ([10.1]–[10.13]): checks the request, then streams the model's screen as Server-Sent Events:
// the version marker first (the server writes it, not the model), each piece as a chunk event, a live event for
// a screen the app keeps current, and one terminal done or error.
import { BodyError, isObject, readJson, sendError } from './http.mjs';
import { openSse } from './sse.mjs';
import { FORMAT } from './version.mjs';
import { MAX_PROMPT, modelCheckProblem, promptProblem, versionProblem } from './screenRequest.mjs';
import { startScreen, streamScreen } from './screenStream.mjs';

export function createGenerateRoute({ model, live, orders, sessions, limiter, who, pingIntervalMs, pace, chunk, log, modelCheck = null }) {
  return async function generateRoute(req, res, url) {
    if (req.method !== 'POST') return sendError(res, 405, 'invalid_request', 'Use POST.', { headers: { Allow: 'POST' } });
    const person = sessions.fromRequest(req);
    const wait = limiter.take(who(req, person));
    if (wait !== null) {
      return sendError(res, 429, 'rate_limited', 'Too many requests. Try again shortly.', { retryable: true, headers: { 'Retry-After': String(wait) } });
    }
    const version = versionProblem(url.searchParams.getAll('version'));
    if (version) return sendError(res, 400, version.code, version.message);
    let body;
    try {
      body = await readJson(req);
    } catch (error) {
      if (error instanceof BodyError) return sendError(res, 400, 'invalid_request', error.message);
      throw error;
    }
    if (!isObject(body) || promptProblem(body.prompt)) {
      return sendError(res, 400, 'invalid_request', `The body must be {"prompt": "…"} with 1 to ${MAX_PROMPT} characters.`);
    }
    const unverified = modelCheckProblem(modelCheck);
    if (unverified) {
      return sendError(res, 503, unverified.code, unverified.message, { retryable: true, headers: { 'Retry-After': String(unverified.retryAfter) } });
    }

    const controller = new AbortController();
    const { signal } = controller;
    res.on('close', () => controller.abort());
    const started = Date.now();
    let screen;
    try {
      screen = startScreen({ model, live, orders, person, prompt: body.prompt, pace, chunk, signal });
    } catch {
      return sendError(res, 500, 'server_error', 'The model could not start.');
    }

    const sse = openSse(res, { pingIntervalMs });
    sse.send('chunk', { text: `# omni-ir ${FORMAT}\n` });
    await streamScreen({ ...screen, live, model, signal, started, log }, {
      chunk: (text) => sse.send('chunk', { text }),
      live: (id) => sse.send('live', { screen: id }),
      done: (fields) => sse.send('done', fields),
      error: (fields) => sse.send('error', fields),
    });
    sse.close();
  };
}
