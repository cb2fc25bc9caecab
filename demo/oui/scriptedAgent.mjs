// The demo's scripted agent: a fixed plan of tool calls against the CRM page's surfaces, made the way a model's
// calls are made (agent.call with the tool name and arguments), so the page shows every step a real agent would
// cause: a form filled and submitted, a refusal that names the field, a follow-up added, an export followed to
// completion, and a removal the person must confirm. Each step waits for the tool to be there.

/** The plan: what the agent says it does, the tool and its arguments. */
export const PLAN = [
  { say: 'Adding Ada Lovelace as a lead', tool: 'add_contact', args: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines', stage: 'lead' } },
  { say: 'Trying a contact with a malformed email (the page refuses it, naming the field)', tool: 'add_contact', args: { name: 'Bad Address', email: 'not-an-email', stage: 'lead' } },
  { say: 'Planning a follow-up with Ada', tool: 'add_followup', args: { title: 'Send Ada the proposal', due: '2030-05-14' } },
  { say: 'Exporting the contacts (an async job with progress)', tool: 'export_contacts', args: { format: 'csv' } },
  { say: 'Removing Grace Hopper (the person confirms first)', tool: 'remove_contact', args: { email: 'grace@example.com' } },
];

const pause = (ms, signal) =>
  new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/**
 * Runs the plan on `agent` (createOUIAgent's handle). `log(entry)` hears `{kind, text, tone}` for each step and
 * result; `stepMs` is the pause between steps; `signal` stops the run between steps.
 */
export async function runScriptedAgent(agent, { log, stepMs = 700, signal, callTimeoutMs = 120_000 } = {}) {
  log({ kind: 'agent', text: `What the agent reads first:\n${agent.contextText() || 'No surface is registered.'}` });
  for (const step of PLAN) {
    if (signal?.aborted) return;
    if (!agent.tools().some((t) => t.name === step.tool)) {
      log({ kind: 'agent', text: `${step.tool} isn't offered on this page now: skipped`, tone: 'warning' });
      continue;
    }
    log({ kind: 'call', text: `${step.say}: ${step.tool}(${JSON.stringify(step.args)})` });
    const result = await agent.call(step.tool, step.args, {
      timeoutMs: callTimeoutMs,
      onInterim: (r) => log({ kind: 'progress', text: `${step.tool}: ${typeof r.progress === 'number' ? `${r.progress}%` : 'in progress'}` }),
    });
    log(resultEntry(step.tool, result));
    await pause(stepMs, signal);
  }
  log({ kind: 'agent', text: 'The scripted agent is done.', tone: 'success' });
}

/** A result as a log entry. */
export function resultEntry(tool, result) {
  if (result.success) return { kind: 'result', text: `${tool} → ${JSON.stringify(result.data ?? null)} (${result.durationMs ?? 0} ms)`, tone: 'success' };
  return { kind: 'result', text: `${tool} → ${result.error?.code}: ${result.error?.message}`, tone: 'danger' };
}
