// A real model drives the page's surfaces: the tool loop of the Anthropic Messages API or OpenAI Chat
// Completions, with the tools the OUI agent generates from what the page registered (anthropicTools(),
// openAITools()) and each tool call run through agent.call(). The observations go into the system prompt as
// the agent's context text. The key stays here, on the server; the page only sees the log.

const SYSTEM = `You operate a small CRM web page for the person watching it, only through the tools given.
Each tool is an action the page offers; the page checks the arguments and may ask the person to confirm.
Do what the person asks in as few calls as needed, then say in one or two sentences what you did.
What the page shows now:
`;

const clip = (s, n = 2000) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The model the environment names for the tool loop, or null: Claude when ANTHROPIC_API_KEY is set, else OpenAI. */
export function toolModelFromEnv(env = process.env) {
  const key = (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  if (key(env.ANTHROPIC_API_KEY)) {
    return { provider: 'anthropic', apiKey: key(env.ANTHROPIC_API_KEY), baseUrl: key(env.ANTHROPIC_BASE_URL) ?? 'https://api.anthropic.com', model: key(env.ANTHROPIC_MODEL) ?? 'claude-sonnet-4-5' };
  }
  if (key(env.OPENAI_API_KEY)) {
    return { provider: 'openai', apiKey: key(env.OPENAI_API_KEY), baseUrl: key(env.OPENAI_BASE_URL) ?? 'https://api.openai.com', model: key(env.OPENAI_MODEL) ?? 'gpt-4.1-mini' };
  }
  return null;
}

async function post(fetch, url, headers, body, signal) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });
  const text = await res.text();
  if (!res.ok) throw new Error(`the model answered ${res.status}: ${clip(text.replace(/\s+/g, ' '), 300)}`);
  return JSON.parse(text);
}

/** Runs one tool call through the agent and logs it; resolves with the result as the model will read it. */
async function runTool(agent, name, args, log) {
  log({ kind: 'call', text: `${name}(${clip(typeof args === 'string' ? args : JSON.stringify(args ?? {}), 500)})` });
  const result = await agent.call(name, args ?? {}, {
    timeoutMs: 120_000,
    onInterim: (r) => log({ kind: 'progress', text: `${name}: ${typeof r.progress === 'number' ? `${r.progress}%` : 'in progress'}` }),
  });
  log(
    result.success
      ? { kind: 'result', text: `${name} → ${clip(JSON.stringify(result.data ?? null), 500)}`, tone: 'success' }
      : { kind: 'result', text: `${name} → ${result.error?.code}: ${result.error?.message}`, tone: 'danger' },
  );
  return { text: JSON.stringify(result.success ? (result.data ?? null) : result.error), isError: !result.success };
}

/**
 * Runs the model's tool loop for `prompt` on `agent`, at most `maxTurns` model calls. `log` hears each call,
 * result and the model's words; `fetch` is replaceable (tests). Rejects when the model's service fails.
 */
export async function runModelAgent(agent, prompt, { model, log, fetch = globalThis.fetch, maxTurns = 8, signal } = {}) {
  if (model.provider === 'anthropic') return anthropicLoop(agent, prompt, { model, log, fetch, maxTurns, signal });
  return openAILoop(agent, prompt, { model, log, fetch, maxTurns, signal });
}

async function anthropicLoop(agent, prompt, { model, log, fetch, maxTurns, signal }) {
  const messages = [{ role: 'user', content: prompt }];
  const headers = { 'x-api-key': model.apiKey, 'anthropic-version': '2023-06-01' };
  for (let turn = 0; turn < maxTurns && !signal?.aborted; turn++) {
    const body = { model: model.model, max_tokens: 1024, system: SYSTEM + agent.contextText(), tools: agent.anthropicTools(), messages };
    const reply = await post(fetch, `${model.baseUrl.replace(/\/+$/, '')}/v1/messages`, headers, body, signal);
    const content = Array.isArray(reply.content) ? reply.content : [];
    messages.push({ role: 'assistant', content });
    for (const block of content) if (block.type === 'text' && block.text.trim()) log({ kind: 'model', text: clip(block.text) });
    const uses = content.filter((b) => b.type === 'tool_use');
    if (reply.stop_reason !== 'tool_use' || uses.length === 0) return;
    const results = [];
    for (const use of uses) {
      const out = await runTool(agent, use.name, use.input, log);
      results.push({ type: 'tool_result', tool_use_id: use.id, content: out.text, ...(out.isError ? { is_error: true } : {}) });
    }
    messages.push({ role: 'user', content: results });
  }
  log({ kind: 'model', text: `Stopped after ${maxTurns} model calls.`, tone: 'warning' });
}

async function openAILoop(agent, prompt, { model, log, fetch, maxTurns, signal }) {
  const messages = [{ role: 'user', content: prompt }];
  const headers = { authorization: `Bearer ${model.apiKey}` };
  for (let turn = 0; turn < maxTurns && !signal?.aborted; turn++) {
    const body = { model: model.model, messages: [{ role: 'system', content: SYSTEM + agent.contextText() }, ...messages], tools: agent.openAITools() };
    const reply = await post(fetch, `${model.baseUrl.replace(/\/+$/, '')}/v1/chat/completions`, headers, body, signal);
    const message = reply.choices?.[0]?.message ?? {};
    messages.push({ role: 'assistant', content: message.content ?? null, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) });
    if (typeof message.content === 'string' && message.content.trim()) log({ kind: 'model', text: clip(message.content) });
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    if (calls.length === 0) return;
    for (const call of calls) {
      // OpenAI gives the arguments as JSON text; agent.call reads either form.
      const out = await runTool(agent, call.function?.name ?? '', call.function?.arguments ?? '{}', log);
      messages.push({ role: 'tool', tool_call_id: call.id, content: out.text });
    }
  }
  log({ kind: 'model', text: `Stopped after ${maxTurns} model calls.`, tone: 'warning' });
}
