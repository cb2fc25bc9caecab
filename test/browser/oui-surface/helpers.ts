// Helpers for the <oui-surface> tests: a surface in the page on one end of an in-memory transport pair, an agent
// (and a recorder of what it hears) on the other, and waits that fail with a reason instead of hanging.
import { whenArmed } from '../shared/approvals.js';
import { fixture, html } from '@open-wc/testing';
import '../../../elements/oui-surface/index.js';
import type { OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import { createDirectTransportPair, createOUIAgent, type OUIAgent, type OUISurface, type OUIRequestTransport } from '../../../src/oui/index.js';
import type { AeConfirmDialogElement } from '../../../elements/shared/elements/confirmDialog.js';

// The params check loads on first use; load it now so a request in a test never waits on the network.
await import('@cfworker/json-schema');

export const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
export const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/** Waits until `ready()` holds, or fails saying what was awaited. */
export async function until(ready: () => unknown, what = 'a condition', ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await tick(5);
  }
}

/** A fresh todo surface (callers may change their copy). */
export function todoSurface(overrides: Partial<OUISurface> = {}): OUISurface {
  return {
    id: 'todo-list',
    name: 'Todos',
    description: 'The list of things to do',
    actions: [
      {
        id: 'add_item',
        description: 'Add a todo',
        input: { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'], additionalProperties: false },
      },
      { id: 'clear_done', description: 'Remove the finished todos', input: { type: 'object', properties: {} }, confirm: true },
      {
        id: 'export_all',
        description: 'Export the list',
        input: { type: 'object', properties: {} },
        async: true,
        polling: { intervalMs: 30, maxAttempts: 50 },
      },
    ],
    observations: [
      { id: 'item_count', description: 'How many todos', schema: { type: 'number' } },
      { id: 'filter', description: 'The filter shown', schema: { type: 'object' } },
    ],
    ...overrides,
  };
}

/** What the agent's end heard, by kind. */
export function recorder(t: OUIRequestTransport) {
  const r = { registers: [] as any[], deregisters: [] as any[], observations: [] as any[], results: [] as any[] };
  t.onRegistration((x) => r.registers.push(x));
  t.onSurfaceDeregister((x) => r.deregisters.push(x));
  t.onObservation((x) => r.observations.push(x));
  t.onResult((x) => r.results.push(x));
  return r;
}

export interface Mounted {
  el: OUISurfaceElement;
  agent: OUIAgent;
  server: OUIRequestTransport;
  client: OUIRequestTransport;
  heard: ReturnType<typeof recorder>;
}

/**
 * An `<oui-surface>` in the page with `props` set (and `children` inside), connected to an agent over an
 * in-memory pair. Waits until the surface registered, unless `registered: false`.
 */
export async function mount(
  props: Partial<OUISurfaceElement> & { surface?: OUISurface },
  children = html``,
  options: { registered?: boolean; theme?: 'light' | 'dark' } = {},
): Promise<Mounted> {
  const { server, client } = createDirectTransportPair();
  const heard = recorder(server);
  const agent = createOUIAgent(server, { timeoutMs: 5000 });
  const el = await fixture<OUISurfaceElement>(html`<oui-surface theme=${options.theme ?? 'light'}>${children}</oui-surface>`);
  Object.assign(el, props);
  el.transport = client;
  await el.updateComplete;
  if (options.registered !== false) await until(() => el.registered && agent.surfaces().length > 0, 'the surface to register');
  return { el, agent, server, client, heard };
}

/** The shared confirmation dialog inside a surface. */
export function dialogOf(el: OUISurfaceElement): AeConfirmDialogElement {
  return el.shadowRoot!.querySelector('ae-confirm-dialog')!;
}

/** Waits for the confirmation dialog to open, and returns its `<dialog>`. */
export async function openDialog(el: OUISurfaceElement): Promise<HTMLDialogElement> {
  const dialog = dialogOf(el);
  await until(() => dialog.open && !!dialog.shadowRoot?.querySelector('dialog')?.open, 'the confirmation dialog');
  // Its buttons ignore activation for a moment after it appears: answer as a person would, after that.
  await whenArmed(dialog);
  return dialog.shadowRoot!.querySelector('dialog')!;
}

/** The indicator's box, its lines' text, and the polite announcer's words. */
export const indicator = (el: OUISurfaceElement) => el.shadowRoot!.querySelector<HTMLElement>('[part="indicator"]')!;
export const lines = (el: OUISurfaceElement) => [...el.shadowRoot!.querySelectorAll('[part="activity-text"]')].map((n) => n.textContent!.trim());
export const announced = (el: OUISurfaceElement) => el.shadowRoot!.querySelector('[part="announcer"]')!.textContent!.trim();
