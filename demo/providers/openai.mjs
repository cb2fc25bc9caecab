// The OpenAI Chat Completions API as a screen writer: one streamed request per screen, the generated Omni-IR
// prompt as the system message, and each content delta yielded as it arrives. Only fetch and eventsource-parser.
import { ProviderError, endpoint, eventData, postSse } from './common.mjs';

export const OPENAI_DEFAULT_MODEL = 'gpt-4.1-mini';

/** finish_reason as [10.5] names it; anything else (tool_calls…) ended normally. */
const STOP = { stop: 'end_turn', length: 'max_tokens', content_filter: 'refusal' };

function streamError(error) {
  const type = typeof error?.type === 'string' ? error.type : typeof error?.code === 'string' ? error.code : 'error';
  const message = `openai stream error ${type}${typeof error?.message === 'string' ? `: ${error.message.slice(0, 300)}` : ''}`;
  if (/rate_limit/.test(type)) return new ProviderError('rate_limited', message, { retryable: true, providerType: type });
  if (/server_error|overloaded|service_unavailable/.test(type)) return new ProviderError('unavailable', message, { retryable: true, providerType: type });
  return new ProviderError('model_error', message, { retryable: false, providerType: type });
}

/**
 * One streamed Chat Completions call over `messages` (system messages included, as the API takes them): yields
 * {type: 'text', text}…, then {type: 'done', stopReason, model}; throws a ProviderError, and ends quietly when
 * `signal` aborts. The Omni-IR screen writer and the axstream chat model are both this call.
 */
export async function* streamOpenAI({
  apiKey,
  baseUrl = 'https://api.openai.com',
  model = OPENAI_DEFAULT_MODEL,
  maxTokens = 4096,
  messages,
  signal,
  fetch = globalThis.fetch,
  idleTimeoutMs = 60_000,
}) {
  const body = { model, stream: true, max_completion_tokens: maxTokens, messages };
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${apiKey}` };
  let modelName = model;
  let finish = null;
  let finished = false;
  const url = endpoint(baseUrl, '/v1/chat/completions');
  for await (const event of postSse({ url, headers, body, signal, fetch, idleTimeoutMs, provider: 'openai' })) {
    if (event.data.trim() === '[DONE]') {
      finished = true;
      break;
    }
    const data = eventData(event);
    if (!data) continue;
    if (data.error) throw streamError(data.error);
    if (typeof data.model === 'string' && data.model) modelName = data.model;
    const choice = Array.isArray(data.choices) ? data.choices.find((c) => (c?.index ?? 0) === 0) : undefined;
    if (!choice) continue;
    const delta = choice.delta ?? {};
    // A refusal is prose, not the format asked for: it ends the reply as refused instead of being read.
    if (typeof delta.refusal === 'string' && delta.refusal) finish = 'content_filter';
    else if (typeof delta.content === 'string' && delta.content) yield { type: 'text', text: delta.content };
    if (typeof choice.finish_reason === 'string' && finish !== 'content_filter') finish = choice.finish_reason;
  }
  if (signal?.aborted) return;
  // [DONE] ends the stream; a server that closes after a finish_reason without it has still finished.
  if (!finished && finish === null) throw new ProviderError('model_error', 'openai: the stream ended before [DONE]', { retryable: true });
  yield { type: 'done', stopReason: STOP[finish] ?? 'end_turn', model: modelName };
}

/**
 * A model that writes screens with an OpenAI chat model (or any server speaking its streaming format). Same
 * contract as createAnthropicModel: yields {type: 'text', text}…, then {type: 'done', stopReason, model}.
 */
export function createOpenAIModel({
  apiKey,
  baseUrl = 'https://api.openai.com',
  model = OPENAI_DEFAULT_MODEL,
  maxTokens = 4096,
  system = '',
  fetch = globalThis.fetch,
  idleTimeoutMs = 60_000,
} = {}) {
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('createOpenAIModel needs an apiKey');
  return {
    name: model,
    provider: 'openai',
    async *stream(prompt, { signal } = {}) {
      const systemText = typeof system === 'function' ? await system() : system;
      const messages = [];
      if (systemText) messages.push({ role: 'system', content: systemText });
      messages.push({ role: 'user', content: prompt });
      yield* streamOpenAI({ apiKey, baseUrl, model, maxTokens, messages, signal, fetch, idleTimeoutMs });
    },
  };
}
