// POST /api/agui ([10.18]–[10.20]): an AG-UI 1.0 agent endpoint that answers a run with the screen as one activity
// message of type omni-ir. The body is AG-UI's RunAgentInput; the prompt is the last user message. The run is
// RUN_STARTED, an ACTIVITY_SNAPSHOT with content {version, lines: []}, one ACTIVITY_DELTA adding each complete line
// (and a last line without a line ending), then RUN_FINISHED, or RUN_ERROR when the model fails. Events are encoded
// by @ag-ui/encoder for what the client accepts: Server-Sent Events, or AG-UI's protobuf framing.
//
// AG-UI carries the screen, never the authority to act ([10.20]): presses still go to /api/mutate. It has no
// place for a live feed's id, so screens asked for over AG-UI are not followed.
import { randomUUID } from 'node:crypto';
import { EventEncoder } from '@ag-ui/encoder';
import { BodyError, isObject, readJson, SECURITY_HEADERS, sendError } from './http.mjs';
import { FORMAT } from './version.mjs';
import { createLineCollector } from './lineCollector.mjs';
import { modelCheckProblem, promptProblem } from './screenRequest.mjs';
import { startScreen, streamScreen } from './screenStream.mjs';

/** The activity type an Omni-IR screen travels as ([10.18]). */
export const OMNI_ACTIVITY_TYPE = 'omni-ir';

/** A thread or run id this server echoes back: printable, short. */
const ID = /^[\w.:-]{1,200}$/;

/** The text of the run's last user message: a string, or its text parts joined; null when there is none. */
export function promptOf(input) {
  if (!Array.isArray(input.messages)) return null;
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (!isObject(message) || message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    if (Array.isArray(message.content)) {
      return message.content
        .filter((part) => isObject(part) && part.type === 'text' && typeof part.text === 'string')
        .map((part) => part.text)
        .join('\n');
    }
    return null;
  }
  return null;
}

export function createAgUiRoute({ model, live, orders, sessions, limiter, who, pingIntervalMs, pace, chunk, log, modelCheck = null }) {
  return async function agUiRoute(req, res) {
    if (req.method !== 'POST') return sendError(res, 405, 'invalid_request', 'Use POST.', { headers: { Allow: 'POST' } });
    const person = sessions.fromRequest(req);
    const wait = limiter.take(who(req, person));
    if (wait !== null) {
      return sendError(res, 429, 'rate_limited', 'Too many requests. Try again shortly.', { retryable: true, headers: { 'Retry-After': String(wait) } });
    }
    let input;
    try {
      input = await readJson(req);
    } catch (error) {
      if (error instanceof BodyError) return sendError(res, 400, 'invalid_request', error.message);
      throw error;
    }
    if (!isObject(input) || typeof input.threadId !== 'string' || !ID.test(input.threadId) || typeof input.runId !== 'string' || !ID.test(input.runId)) {
      return sendError(res, 400, 'invalid_request', 'The body must be an AG-UI RunAgentInput with a threadId and a runId.');
    }
    const prompt = promptOf(input);
    const problem = promptProblem(prompt);
    if (problem) return sendError(res, 400, 'invalid_request', `The run needs a last user message as its prompt. ${problem}`);
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
      screen = startScreen({ model, live, orders, person, prompt, pace, chunk, signal, followable: false });
    } catch {
      return sendError(res, 500, 'server_error', 'The model could not start.');
    }

    const encoder = new EventEncoder({ accept: req.headers.accept });
    const sse = !encoder.getContentType().includes('proto');
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': encoder.getContentType(),
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders?.();
    // [10.10]'s pings, as SSE comments an AG-UI client skips; the protobuf framing has no room for them.
    let timer = null;
    const arm = () => {
      if (!sse || res.writableEnded) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!res.writableEnded && !res.destroyed) res.write(': ping\n\n');
        arm();
      }, pingIntervalMs);
    };
    const send = (event) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(encoder.encodeBinary(event));
      arm();
    };
    const { threadId, runId } = input;
    const messageId = randomUUID();
    const lines = createLineCollector((value) =>
      send({ type: 'ACTIVITY_DELTA', messageId, activityType: OMNI_ACTIVITY_TYPE, patch: [{ op: 'add', path: '/lines/-', value }] }),
    );

    send({ type: 'RUN_STARTED', threadId, runId });
    // The version travels in content.version, not as a line ([10.18]).
    send({ type: 'ACTIVITY_SNAPSHOT', messageId, activityType: OMNI_ACTIVITY_TYPE, content: { version: FORMAT, lines: [] } });
    try {
      await streamScreen({ ...screen, live, model, signal, started, log }, {
        chunk: (text) => lines.push(text),
        live: () => {},
        done: (result) => {
          lines.end();
          send({ type: 'RUN_FINISHED', threadId, runId, result });
        },
        error: ({ code, message }) => {
          lines.end();
          send({ type: 'RUN_ERROR', code, message });
        },
      });
    } finally {
      clearTimeout(timer);
      if (!res.writableEnded) res.end();
    }
  };
}
