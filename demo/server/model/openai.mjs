// The OpenAI Chat Completions API, streaming, as a model for the generate route.
import { ModelError, createFenceFilter, providerEvents } from './provider.mjs';

const STOP = { stop: 'end_turn', length: 'max_tokens', content_filter: 'refusal' };

export function createOpenAIModel({ apiKey, model = 'gpt-4o-mini', system, maxTokens = 4096, baseUrl = 'https://api.openai.com', fetchFn, silenceMs }) {
  if (!apiKey) throw new TypeError('createOpenAIModel(): apiKey is required');
  return {
    name: model,
    start(prompt, { signal } = {}) {
      let stopReason = 'end_turn';
      let modelName = model;
      async function* chunks() {
        const filter = createFenceFilter();
        const events = providerEvents({
          url: `${baseUrl}/v1/chat/completions`,
          headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' },
          body: {
            model,
            stream: true,
            max_completion_tokens: maxTokens,
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: prompt },
            ],
          },
          signal,
          fetchFn,
          silenceMs,
        });
        let finished = false;
        for await (const { data } of events) {
          if (data === '[DONE]') {
            finished = true;
            break;
          }
          let value;
          try {
            value = JSON.parse(data);
          } catch {
            continue;
          }
          if (value?.error) throw new ModelError('model_error', 'The model failed while writing the screen.', true);
          if (typeof value?.model === 'string') modelName = value.model;
          const choice = value?.choices?.[0];
          if (typeof choice?.delta?.content === 'string' && choice.delta.content) {
            const text = filter.push(choice.delta.content);
            if (text) yield text;
          }
          if (typeof choice?.finish_reason === 'string') stopReason = STOP[choice.finish_reason] ?? 'end_turn';
          if (choice?.delta?.refusal) stopReason = 'refusal';
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
