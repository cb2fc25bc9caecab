// The Anthropic Messages API, streaming, as a model for the generate route.
import { ModelError, createFenceFilter, providerEvents } from './provider.mjs';

const STOP = { end_turn: 'end_turn', stop_sequence: 'end_turn', max_tokens: 'max_tokens', refusal: 'refusal' };

export function createAnthropicModel({ apiKey, model = 'claude-sonnet-4-5', system, maxTokens = 4096, baseUrl = 'https://api.anthropic.com', fetchFn, silenceMs }) {
  if (!apiKey) throw new TypeError('createAnthropicModel(): apiKey is required');
  return {
    name: model,
    start(prompt, { signal } = {}) {
      let stopReason = 'end_turn';
      let modelName = model;
      async function* chunks() {
        const filter = createFenceFilter();
        const events = providerEvents({
          url: `${baseUrl}/v1/messages`,
          headers: { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01', accept: 'text/event-stream' },
          body: { model, max_tokens: maxTokens, system, stream: true, messages: [{ role: 'user', content: prompt }] },
          signal,
          fetchFn,
          silenceMs,
        });
        let finished = false;
        for await (const { event, data } of events) {
          let value;
          try {
            value = JSON.parse(data);
          } catch {
            continue;
          }
          if (event === 'message_start' && typeof value?.message?.model === 'string') modelName = value.message.model;
          else if (event === 'content_block_delta' && value?.delta?.type === 'text_delta' && typeof value.delta.text === 'string') {
            const text = filter.push(value.delta.text);
            if (text) yield text;
          } else if (event === 'message_delta' && typeof value?.delta?.stop_reason === 'string') {
            stopReason = STOP[value.delta.stop_reason] ?? 'end_turn';
          } else if (event === 'message_stop') finished = true;
          else if (event === 'error') {
            const type = value?.error?.type;
            if (type === 'overloaded_error') throw new ModelError('unavailable', 'The model is overloaded. Try again shortly.', true);
            if (type === 'rate_limit_error') throw new ModelError('rate_limited', 'The model is busy. Try again shortly.', true);
            throw new ModelError('model_error', 'The model failed while writing the screen.', true);
          }
        }
        if (signal?.aborted) return;
        if (!finished) throw new ModelError('unavailable', 'The model stopped before finishing.', true);
        const rest = filter.end();
        if (rest) yield rest;
      }
      return { live: null, text: null, chunks: chunks(), stopReason: () => stopReason, model: () => modelName };
    },
  };
}
