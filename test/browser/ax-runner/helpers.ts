// Shared by the <ax-runner> browser tests: a page area to act on, a runner over it, a recorder of the events a
// page hears, and fenced replies written from objects.
import { pressDialog } from '../shared/approvals.js';
import { fixture, html } from '@open-wc/testing';
import '../../../elements/ax-runner/index.js';
import type { AxRunnerElement, AxStepEvent, AxEndEvent } from '../../../elements/ax-runner/index.js';
import { createPageBackend, type PageBackend, type PageBackendOptions } from '../../../elements/ax-runner/backend/pageBackend.js';
import type { Step } from '../../../src/axstream/step.js';

// The confirmation dialog loads on the first ask; load it now so a risky step in a test never waits on the network.
await import('../../../elements/shared/approvals/approvalParts.js');

export const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
export const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/** One act line. */
export const act = (fields: Record<string, unknown>) => JSON.stringify({ op: 'act', ...fields });
export const byId = (id: string) => ({ ax: { id } });
export const byName = (role: string, title: string) => ({ ax: { role, title } });

/** A reply: narration, then the lines in a fence. */
export function reply(narration: string, ...lines: string[]): string {
  return [narration, '```jsonl', ...lines, '```', ''].join('\n');
}

/** A fresh area of the page holding `markup` (built with DOM calls from a template, never innerHTML). */
export async function area(template: ReturnType<typeof html>): Promise<HTMLElement> {
  return fixture<HTMLElement>(html`<div class="ax-area">${template}</div>`);
}

/** A runner scoped to `scope`, in the page beside it, with any properties. */
export async function runnerFor(scope: Element | null, props: Partial<AxRunnerElement> = {}, theme: 'light' | 'dark' = 'light'): Promise<AxRunnerElement> {
  const runner = document.createElement('ax-runner');
  runner.setAttribute('theme', theme);
  Object.assign(runner, { scope, ...props });
  (scope?.parentElement ?? document.body).appendChild(runner);
  await runner.updateComplete;
  return runner;
}

/** A page backend over `scope`, for tests of the backend alone. */
export function backendFor(scope: Element, options: PageBackendOptions = {}): PageBackend {
  return createPageBackend({ scope, platform: 'other', ...options });
}

const signal = () => new AbortController().signal;

/** The observation text of a backend. */
export async function look(backend: PageBackend): Promise<string> {
  const seen = await backend.observe({ signal: signal() });
  return typeof seen === 'string' ? seen : seen.text;
}

/** Records the types of events `types` that reach `el` (or its descendants, in capture), in order. */
export function recorder(el: EventTarget, types: readonly string[]) {
  const heard: string[] = [];
  const events: Event[] = [];
  const listen = (e: Event) => {
    heard.push(e.type);
    events.push(e);
  };
  for (const t of types) el.addEventListener(t, listen, true);
  return {
    heard,
    events,
    stop: () => {
      for (const t of types) el.removeEventListener(t, listen, true);
    },
  };
}

/** Collects a runner's ax-step and ax-end events. */
export function watch(runner: AxRunnerElement) {
  const steps: Step<unknown>[] = [];
  const ends: AxEndEvent[] = [];
  runner.addEventListener('ax-step', (e: AxStepEvent) => steps.push(e.step));
  runner.addEventListener('ax-end', (e: AxEndEvent) => ends.push(e));
  return { steps, ends, statuses: (index: number) => steps.filter((s) => s.index === index).map((s) => s.status) };
}

/** The runner's confirmation dialog, once it is open. */
export async function dialogOf(runner: AxRunnerElement): Promise<HTMLElement & { open: boolean }> {
  for (let i = 0; i < 100; i++) {
    const d = runner.shadowRoot!.querySelector('ae-confirm-dialog') as (HTMLElement & { open: boolean }) | null;
    if (d?.open && d.shadowRoot?.querySelector('dialog')?.open) return d;
    await tick(10);
  }
  throw new Error('the confirmation dialog never opened');
}

/** Presses Confirm or Cancel in the runner's confirmation dialog. */
export async function answer(runner: AxRunnerElement, yes: boolean): Promise<string> {
  const d = await dialogOf(runner);
  const sentence = d.shadowRoot!.querySelector('[part="sentence"]')!.textContent ?? '';
  await pressDialog(d, yes ? 'confirm' : 'cancel');
  return sentence;
}

/** Waits until `check` is true, or fails saying what was awaited. */
export async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await tick(5);
  }
}

/** Runs `lines` in a fence through a runner over `scope`; resolves with the outcome and the runner. */
export async function runLines(scope: Element, lines: string[], props: Partial<AxRunnerElement> = {}) {
  const runner = await runnerFor(scope, props);
  const watched = watch(runner);
  const outcome = await runner.stream(reply('Working on it.', ...lines));
  return { runner, outcome, ...watched };
}
