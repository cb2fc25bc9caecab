// What the real model adapters share: a streaming POST to the provider read as Server-Sent Events, the
// provider's failures turned into the error codes of [10.5], and a filter that drops Markdown fence lines a
// model may wrap its screen in, without holding back the rest of the text.
import { createParser } from 'eventsource-parser';

/** A failure with the fields the generate route sends as its error event. */
export class ModelError extends Error {
  constructor(code, publicMessage, retryable) {
    super(publicMessage);
    this.code = code;
    this.publicMessage = publicMessage;
    this.retryable = retryable;
  }
}

/** The provider's HTTP status as a [10.5] error: never its body, which may hold details people shouldn't see. */
export function errorForStatus(status) {
  if (status === 429) return new ModelError('rate_limited', 'The model is busy. Try again shortly.', true);
  if (status === 408) return new ModelError('timeout', 'The model took too long.', true);
  if (status === 503 || status === 529 || status === 502 || status === 504) return new ModelError('unavailable', 'The model is unavailable right now.', true);
  if (status >= 500) return new ModelError('model_error', 'The model failed.', true);
  return new ModelError('model_error', 'The model refused the request.', false);
}

/**
 * POSTs `body` and yields each SSE event ({event, data}) of the answer. Gives up with `timeout` after
 * `silenceMs` without a byte, and stops when `signal` aborts (the person went away).
 */
export async function* providerEvents({ url, headers, body, signal, fetchFn = fetch, silenceMs = 60_000 }) {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  let timer = null;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, silenceMs);
  };
  try {
    arm();
    let res;
    try {
      res = await fetchFn(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: controller.signal });
    } catch {
      if (signal?.aborted) return;
      throw timedOut ? new ModelError('timeout', 'The model took too long.', true) : new ModelError('unavailable', 'The model could not be reached.', true);
    }
    if (res.status < 200 || res.status > 299) {
      await res.body?.cancel().catch(() => {});
      throw errorForStatus(res.status);
    }
    const queue = [];
    const parser = createParser({ onEvent: (e) => queue.push({ event: e.event ?? 'message', data: e.data }) });
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (;;) {
      let step;
      try {
        step = await reader.read();
      } catch {
        if (signal?.aborted) return;
        throw timedOut ? new ModelError('timeout', 'The model stopped answering.', true) : new ModelError('unavailable', 'The connection to the model was lost.', true);
      }
      if (step.done) break;
      arm();
      parser.feed(decoder.decode(step.value, { stream: true }));
      while (queue.length) yield queue.shift();
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
    controller.abort();
  }
}

const FENCE = /^\s*```[\w-]*\s*$/;

/**
 * Drops lines that are only a Markdown fence (```, ```omni-ir). Text passes straight through except the start of
 * a line that begins with a backtick, held until the line is complete or can't be a fence.
 */
export function createFenceFilter() {
  let held = '';
  let inLine = false; // the current line already passed through: the rest of it goes straight on
  return {
    push(text) {
      let out = '';
      let rest = text;
      while (rest.length) {
        const nl = rest.indexOf('\n');
        if (inLine) {
          if (nl === -1) return out + rest;
          out += rest.slice(0, nl + 1);
          rest = rest.slice(nl + 1);
          inLine = false;
          continue;
        }
        const piece = held + (nl === -1 ? rest : rest.slice(0, nl));
        if (nl === -1) {
          if (piece.trimStart().startsWith('`') || piece.trim() === '') {
            held = piece;
          } else {
            held = '';
            inLine = true;
            out += piece;
          }
          return out;
        }
        held = '';
        if (!FENCE.test(piece)) out += piece + '\n';
        rest = rest.slice(nl + 1);
      }
      return out;
    },
    end() {
      const last = held;
      held = '';
      return FENCE.test(last) ? '' : last;
    },
  };
}
