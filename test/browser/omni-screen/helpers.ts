import { fixture, html } from '@open-wc/testing';
import '../../../elements/omni-screen/index.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import type { OmniNodeElement } from '../../../elements/omni-screen/omniNode.js';

// The params check and the approval parts (the dialog, the checks) load on first use (a governed Button starts
// them as it appears); load them now so a press in a test never waits on the network.
await import('@cfworker/json-schema');
await import('../../../elements/shared/approvals/approvalParts.js');

export const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
export const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until the screen and every node element in it have finished updating. */
export async function settle(screen: OmniScreenElement): Promise<void> {
  for (let round = 0; round < 20; round++) {
    await screen.updateComplete;
    const nodes = [...screen.shadowRoot!.querySelectorAll('omni-node')] as OmniNodeElement[];
    const pending = nodes.filter((n) => n.isUpdatePending);
    await Promise.all(nodes.map((n) => n.updateComplete));
    await tick();
    const again = [...screen.shadowRoot!.querySelectorAll('omni-node')] as OmniNodeElement[];
    if (pending.length === 0 && again.length === nodes.length && !screen.isUpdatePending && again.every((n) => !n.isUpdatePending)) return;
  }
  // Still drawing after 20 rounds: something re-renders forever. Say so rather than test a half-drawn screen.
  throw new Error('settle(): the screen kept updating for 20 rounds');
}

/** A screen in the page with the given properties, fed `text` and ended (unless `end: false`). */
export async function mount(
  text = '',
  props: Partial<OmniScreenElement> = {},
  options: { end?: boolean; theme?: 'light' | 'dark' } = {},
): Promise<OmniScreenElement> {
  const screen = await fixture<OmniScreenElement>(html`<omni-screen theme=${options.theme ?? 'light'}></omni-screen>`);
  Object.assign(screen, props);
  await screen.updateComplete;
  if (text) screen.write(text);
  if (options.end !== false) screen.end();
  await settle(screen);
  return screen;
}

export const root = (screen: OmniScreenElement) => screen.shadowRoot!;
export const $ = <T extends Element = HTMLElement>(screen: OmniScreenElement, selector: string) =>
  screen.shadowRoot!.querySelector<T & Element>(selector) as T | null;
export const $$ = <T extends Element = HTMLElement>(screen: OmniScreenElement, selector: string) =>
  [...screen.shadowRoot!.querySelectorAll(selector)] as T[];

/** The node element drawing `id`. */
export function node(screen: OmniScreenElement, id: string): OmniNodeElement {
  const el = ([...screen.shadowRoot!.querySelectorAll('omni-node')] as OmniNodeElement[]).find((n) => n.nodeId === id);
  if (!el) throw new Error(`no node element for ${id}`);
  return el;
}

/** The text a node shows (its light DOM): its text pieces joined by single spaces. */
export function textOf(el: Element | null): string {
  if (!el) return '';
  const parts: string[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (t) parts.push(t);
  }
  return parts.join(' ');
}

/** The field control of a field node. */
export const control = <T extends HTMLElement = HTMLInputElement>(screen: OmniScreenElement, id: string) =>
  screen.shadowRoot!.querySelector(`[data-omni-field="${id}"]`) as T;

/** Types into an input as a person would (value + input event). */
export function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

export function leave(el: HTMLElement): void {
  el.dispatchEvent(new FocusEvent('blur'));
  el.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
}

/** Presses a governed or plain Button by node id. */
export function press(screen: OmniScreenElement, id: string): void {
  const button = screen.shadowRoot!.querySelector<HTMLButtonElement>(`[data-omni-button="${id}"]`) ??
    node(screen, id).querySelector('button');
  if (!button) throw new Error(`no button for ${id}`);
  button.click();
}

/** The open confirmation dialog's element in the screen. */
export const dialog = (screen: OmniScreenElement) => screen.shadowRoot!.querySelector('ae-confirm-dialog')!;

/** `<ae-chart>` is defined on the first chart drawn: wait for that and for the charts to be drawn with it. */
export async function chartsReady(screen: OmniScreenElement): Promise<void> {
  await customElements.whenDefined('ae-chart');
  await settle(screen);
}
