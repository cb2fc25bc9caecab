// Model adapters for the axstream agent loop (runAgent in src/axstream/agent.ts): a function from chat messages
// to an async iterable of the reply's text. Each is the same streamed call the Omni-IR screen writers make
// (streamAnthropic, streamOpenAI), so errors, timeouts and cancellation behave alike; only the shape of the
// conversation differs. Only fetch and eventsource-parser; a fake fetch stands in for the network in tests.
import { ANTHROPIC_DEFAULT_MODEL, streamAnthropic } from './anthropic.mjs';
import { OPENAI_DEFAULT_MODEL, streamOpenAI } from './openai.mjs';
import { textOf } from './common.mjs';

const ROLES = new Set(['system', 'user', 'assistant']);

/** Throws a TypeError unless `messages` is a list of {role, content: text}: the caller's mistake, said at once. */
function checkMessages(messages, who) {
  if (!Array.isArray(messages) || messages.length === 0) throw new TypeError(`${who} takes a non-empty list of messages`);
  for (const m of messages) {
    if (!m || !ROLES.has(m.role) || typeof m.content !== 'string') {
      throw new TypeError(`${who}: each message is {role: 'system' | 'user' | 'assistant', content: text}`);
    }
  }
}

/**
 * The Messages API takes the system prompt apart and wants turns that alternate, user first: system messages are
 * joined, and consecutive messages of one role become one.
 */
export function anthropicConversation(messages) {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const turns = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const last = turns[turns.length - 1];
    if (last && last.role === m.role) last.content = `${last.content}\n\n${m.content}`;
    else turns.push({ role: m.role, content: m.content });
  }
  if (turns.length === 0 || turns[0].role !== 'user') throw new TypeError('createAnthropicChat: the conversation must start with a user message');
  return { system: system.join('\n\n'), turns };
}

const needKey = (apiKey, who) => {
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError(`${who} needs an apiKey`);
};

/** Claude as a chat model for runAgent(): `(messages, {signal}) => AsyncIterable<string>`. */
export function createAnthropicChat({ apiKey, baseUrl, model = ANTHROPIC_DEFAULT_MODEL, maxTokens, fetch, idleTimeoutMs } = {}) {
  needKey(apiKey, 'createAnthropicChat');
  const chat = (messages, { signal } = {}) => {
    checkMessages(messages, 'createAnthropicChat');
    const { system, turns } = anthropicConversation(messages);
    return textOf(streamAnthropic({ apiKey, baseUrl, model, maxTokens, system, messages: turns, signal, fetch, idleTimeoutMs }));
  };
  return Object.assign(chat, { provider: 'anthropic', modelName: model });
}

/** An OpenAI chat model (or any server speaking Chat Completions streaming) as a chat model for runAgent(). */
export function createOpenAIChat({ apiKey, baseUrl, model = OPENAI_DEFAULT_MODEL, maxTokens, fetch, idleTimeoutMs } = {}) {
  needKey(apiKey, 'createOpenAIChat');
  const chat = (messages, { signal } = {}) => {
    checkMessages(messages, 'createOpenAIChat');
    const copy = messages.map((m) => ({ role: m.role, content: m.content }));
    return textOf(streamOpenAI({ apiKey, baseUrl, model, maxTokens, messages: copy, signal, fetch, idleTimeoutMs }));
  };
  return Object.assign(chat, { provider: 'openai', modelName: model });
}

const key = (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * The chat model the environment names, or null: Claude when ANTHROPIC_API_KEY is set (ANTHROPIC_BASE_URL,
 * ANTHROPIC_MODEL), else OpenAI when OPENAI_API_KEY is (OPENAI_BASE_URL, OPENAI_MODEL).
 */
export function chatFromEnv(env = process.env, { fetch, idleTimeoutMs, maxTokens } = {}) {
  const extra = { fetch, idleTimeoutMs, maxTokens };
  if (key(env.ANTHROPIC_API_KEY)) {
    return createAnthropicChat({ apiKey: key(env.ANTHROPIC_API_KEY), baseUrl: key(env.ANTHROPIC_BASE_URL), model: key(env.ANTHROPIC_MODEL), ...extra });
  }
  if (key(env.OPENAI_API_KEY)) {
    return createOpenAIChat({ apiKey: key(env.OPENAI_API_KEY), baseUrl: key(env.OPENAI_BASE_URL), model: key(env.OPENAI_MODEL), ...extra });
  }
  return null;
}
