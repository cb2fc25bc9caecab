// The real models the demo server can use instead of its scripted one: Claude when ANTHROPIC_API_KEY is set,
// else an OpenAI model when OPENAI_API_KEY is, else none. The system prompt is the engine's systemPrompt()
// (src/omni-ir/prompt.ts), generated from the same catalog the parser checks with and the app's registry.
import { loadEngine } from '../../bin/loadEngine.mjs';
import { createAnthropicModel } from './anthropic.mjs';
import { createOpenAIModel } from './openai.mjs';
import { stripFences } from './fences.mjs';

export { ProviderError } from './common.mjs';
export { createAnthropicModel, ANTHROPIC_DEFAULT_MODEL } from './anthropic.mjs';
export { createOpenAIModel, OPENAI_DEFAULT_MODEL } from './openai.mjs';
export { stripFences } from './fences.mjs';
export { createAnthropicChat, createOpenAIChat, chatFromEnv } from './chat.mjs';

/** The engine's systemPrompt function, from the engine as bin/loadEngine.mjs loads it. */
export async function loadSystemPrompt() {
  return (await loadEngine()).systemPrompt;
}

/** The registry's parts the prompt describes: tools (with schemas), assets, app components, picture families. */
export function promptOptions(registry = {}) {
  const out = {};
  for (const k of ['tools', 'assets', 'components', 'pictures']) if (registry[k] !== undefined && registry[k] !== null) out[k] = registry[k];
  return out;
}

const key = (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The model the environment names, or null. Options: `registry` ({tools, assets, components, pictures}: what
 * demo/server/registry.mjs exports), `systemPrompt` (the engine's function, default loadSystemPrompt()), `fetch`,
 * `idleTimeoutMs`, `maxTokens`. Environment: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL;
 * OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL. Claude is preferred when both keys are set.
 *
 * The model has `name`, `provider`, `systemPrompt()` (resolves with the exact text sent), `stream(prompt,
 * {signal})` (yields {type: 'text', text}…, then {type: 'done', stopReason, model}; throws an error with {code,
 * message, retryable, publicMessage}; ends quietly on abort) and `start(prompt, {signal})`, the shape the demo
 * server's generate route takes from its scripted model: {screen, live, chunks, stopReason(), model()}.
 */
export function modelFromEnv(env = process.env, { registry = {}, systemPrompt, fetch, idleTimeoutMs, maxTokens } = {}) {
  const anthropicKey = key(env.ANTHROPIC_API_KEY);
  const openaiKey = key(env.OPENAI_API_KEY);
  if (!anthropicKey && !openaiKey) return null;
  let text = null;
  const system = () => {
    text ??= (async () => (systemPrompt ?? (await loadSystemPrompt()))(promptOptions(registry)))();
    // A failed build isn't kept: the next request tries again.
    text.catch(() => {
      text = null;
    });
    return text;
  };
  // Built now, not on the first request: loading the engine through tsx takes a moment.
  system().catch(() => {});
  const common = { system, ...(fetch ? { fetch } : {}), ...(idleTimeoutMs ? { idleTimeoutMs } : {}), ...(maxTokens ? { maxTokens } : {}) };
  const inner = anthropicKey
    ? createAnthropicModel({ apiKey: anthropicKey, baseUrl: key(env.ANTHROPIC_BASE_URL) ?? undefined, model: key(env.ANTHROPIC_MODEL) ?? undefined, ...common })
    : createOpenAIModel({ apiKey: openaiKey, baseUrl: key(env.OPENAI_BASE_URL) ?? undefined, model: key(env.OPENAI_MODEL) ?? undefined, ...common });
  return {
    name: inner.name,
    provider: inner.provider,
    systemPrompt: system,
    stream: (prompt, options) => inner.stream(prompt, options),
    start(prompt, { signal } = {}) {
      let stopReason = 'end_turn';
      let model = inner.name;
      async function* texts() {
        for await (const part of inner.stream(prompt, { signal })) {
          if (part.type === 'text') yield part.text;
          else if (part.type === 'done') {
            stopReason = part.stopReason;
            model = part.model;
          }
        }
      }
      return { screen: null, live: null, chunks: stripFences(texts()), stopReason: () => stopReason, model: () => model };
    },
  };
}
