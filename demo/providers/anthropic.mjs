// The Anthropic Messages API as a screen writer: one streamed request per screen, the generated Omni-IR prompt as
// the system prompt, and the text deltas yielded as they arrive. Only fetch and eventsource-parser: no SDK.
import { ProviderError, endpoint, eventData, postSse } from './common.mjs';

export const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-4-5';
export const ANTHROPIC_VERSION = '2023-06-01';

/** The API's stop reasons as [10.5] names them; anything else ended normally. */
const STOP = {
  end_turn: 'end_turn',
  stop_sequence: 'end_turn',
  max_tokens: 'max_tokens',
  model_context_window_exceeded: 'max_tokens',
  refusal: 'refusal',
};

/** An `error` event in the stream: overloaded and API errors pass, a rate limit waits, the rest won't change. */
function streamError(error) {
  const type = typeof error?.type === 'string' ? error.type : 'error';
  const message = `anthropic stream error ${type}${typeof error?.message === 'string' ? `: ${error.message.slice(0, 300)}` : ''}`;
  if (type === 'overloaded_error' || type === 'api_error') return new ProviderError('unavailable', message, { retryable: true, providerType: type });
  if (type === 'rate_limit_error') return new ProviderError('rate_limited', message, { retryable: true, providerType: type });
  if (type === 'timeout_error') return new ProviderError('timeout', message, { retryable: true, providerType: type });
  return new ProviderError('model_error', message, { retryable: false, providerType: type });
}

/**
 * One streamed Messages call: yields {type: 'text', text} for each text delta and finally {type: 'done',
 * stopReason, model}; throws a ProviderError, and ends quietly when `signal` aborts. `system` is the system
 * prompt (text); `messages` the conversation, user first. The Omni-IR screen writer and the axstream chat model
 * are both this call.
 */
export async function* streamAnthropic({
  apiKey,
  baseUrl = 'https://api.anthropic.com',
  model = ANTHROPIC_DEFAULT_MODEL,
  maxTokens = 4096,
  system = '',
  messages,
  signal,
  fetch = globalThis.fetch,
  idleTimeoutMs = 60_000,
}) {
  const body = { model, max_tokens: maxTokens, stream: true, messages };
  if (system) body.system = system;
  const headers = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'x-api-key': apiKey,
    'anthropic-version': ANTHROPIC_VERSION,
  };
  let modelName = model;
  let stopReason = null;
  let stopped = false;
  for await (const event of postSse({ url: endpoint(baseUrl, '/v1/messages'), headers, body, signal, fetch, idleTimeoutMs, provider: 'anthropic' })) {
    const data = eventData(event);
    if (!data) continue;
    // The event name and data.type agree; an event the API adds later is skipped.
    switch (event.event ?? data.type) {
      case 'message_start':
        if (typeof data.message?.model === 'string') modelName = data.message.model;
        break;
      case 'content_block_start':
        if (data.content_block?.type === 'text' && typeof data.content_block.text === 'string' && data.content_block.text) {
          yield { type: 'text', text: data.content_block.text };
        }
        break;
      case 'content_block_delta':
        if (data.delta?.type === 'text_delta' && typeof data.delta.text === 'string' && data.delta.text) {
          yield { type: 'text', text: data.delta.text };
        }
        break;
      case 'message_delta':
        if (typeof data.delta?.stop_reason === 'string') stopReason = data.delta.stop_reason;
        break;
      case 'message_stop':
        stopped = true;
        break;
      case 'error':
        throw streamError(data.error);
      default:
        // ping, content_block_stop and anything new
        break;
    }
    if (stopped) break;
  }
  if (signal?.aborted) return;
  if (!stopped) throw new ProviderError('model_error', 'anthropic: the stream ended before message_stop', { retryable: true });
  yield { type: 'done', stopReason: STOP[stopReason] ?? 'end_turn', model: modelName };
}

/**
 * A model that writes screens with Claude. `system` is the system prompt, or an async function giving it (built
 * once, on the first request). `stream(prompt, {signal})` yields {type: 'text', text} for each text delta and
 * finally {type: 'done', stopReason, model}; it throws a ProviderError, and ends quietly when `signal` aborts.
 */
export function createAnthropicModel({
  apiKey,
  baseUrl = 'https://api.anthropic.com',
  model = ANTHROPIC_DEFAULT_MODEL,
  maxTokens = 4096,
  system = '',
  fetch = globalThis.fetch,
  idleTimeoutMs = 60_000,
} = {}) {
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('createAnthropicModel needs an apiKey');
  return {
    name: model,
    provider: 'anthropic',
    async *stream(prompt, { signal } = {}) {
      const systemText = typeof system === 'function' ? await system() : system;
      const messages = [{ role: 'user', content: prompt }];
      yield* streamAnthropic({ apiKey, baseUrl, model, maxTokens, system: systemText, messages, signal, fetch, idleTimeoutMs });
    },
  };
}
