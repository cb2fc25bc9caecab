// The axstream demo's model route: GET /api/ax/model says whether a real model is behind the demo (ANTHROPIC_API_KEY
// or OPENAI_API_KEY); POST /api/ax/chat takes the chat messages <ax-runner>'s run() built ({messages: [{role,
// content}]}) and streams the model's reply back as plain text, chunk by chunk, so the page performs each line
// of the fence as soon as it arrives. The key stays on the server. The route is the demo's: same-origin only,
// rate-limited per person, messages bounded; it relays whatever messages the page sends, so it is not meant to
// be reachable from anywhere but your own machine.
import { BodyError, isObject, readJson, sendError, sendJson, SECURITY_HEADERS } from './http.mjs';

const MAX_MESSAGES = 8;
const MAX_CHARS = 200_000;
const ROLES = new Set(['system', 'user', 'assistant']);

export function createAxChatRoutes({ model, sessions, limiter, allowedOrigin, who, log }) {
  const modelRoute = (req, res) => {
    if (req.method !== 'GET') return sendError(res, 405, 'invalid_request', 'Use GET.', { headers: { Allow: 'GET' } });
    sendJson(res, 200, { model: model ? `${model.provider ?? 'model'} ${model.modelName ?? ''}`.trim() : null });
  };

  const chatRoute = async (req, res) => {
    if (req.method !== 'POST') return sendError(res, 405, 'invalid_request', 'Use POST.', { headers: { Allow: 'POST' } });
    const origin = req.headers.origin;
    if (origin === undefined || !allowedOrigin(origin)) return sendError(res, 403, 'bad_origin', 'This request did not come from this app.');
    if (!model) return sendError(res, 503, 'no_model', 'No model is configured on this server.');
    const person = sessions.fromRequest(req);
    const wait = limiter.take(who(req, person));
    if (wait !== null) {
      return sendError(res, 429, 'rate_limited', 'Too many requests. Try again shortly.', { retryable: true, headers: { 'Retry-After': String(wait) } });
    }
    let body;
    try {
      body = await readJson(req, 512 * 1024);
    } catch (error) {
      if (error instanceof BodyError) return sendError(res, 400, 'invalid_request', error.message);
      throw error;
    }
    const messages = isObject(body) && Array.isArray(body.messages) ? body.messages : null;
    const valid =
      messages &&
      messages.length > 0 &&
      messages.length <= MAX_MESSAGES &&
      messages.every((m) => isObject(m) && ROLES.has(m.role) && typeof m.content === 'string') &&
      messages.reduce((n, m) => n + m.content.length, 0) <= MAX_CHARS;
    if (!valid) return sendError(res, 400, 'invalid_request', `The body must be {"messages": [{role, content}]}: 1 to ${MAX_MESSAGES} messages, ${MAX_CHARS} characters in all.`);

    const controller = new AbortController();
    res.on('close', () => controller.abort());
    let started = false;
    try {
      for await (const piece of model(messages.map((m) => ({ role: m.role, content: m.content })), { signal: controller.signal })) {
        if (controller.signal.aborted) break;
        if (!started) {
          res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
          started = true;
        }
        res.write(piece);
      }
    } catch (error) {
      if (controller.signal.aborted) return res.destroy();
      const code = typeof error?.code === 'string' ? error.code : 'model_error';
      log(`ax chat: the model failed (${code})`);
      // Before the first byte the failure is an error answer; after it, the only way to say so is to break off.
      if (!started) return sendError(res, 502, code, 'The model failed.', { retryable: error?.retryable === true });
      return res.destroy();
    }
    if (!started) res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end();
  };

  return { '/api/ax/model': modelRoute, '/api/ax/chat': chatRoute };
}
