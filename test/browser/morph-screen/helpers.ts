import { fixture, html } from '@open-wc/testing';
import '../../../elements/morph-screen/index.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';
import type { MorphNodeElement } from '../../../elements/morph-screen/morphNode.js';
import { drawing } from '../../../elements/morph-screen/views/children.js';

export const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
export const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/** One op as a JSON line. */
export const op = (o: Record<string, unknown>): string => `${JSON.stringify(o)}\n`;
/** Many ops as JSON lines. */
export const ops = (...list: Record<string, unknown>[]): string => list.map(op).join('');
export const END = op({ op: 'end', complete: true, truncated: false });

/** Waits until the screen and every node element in it have drawn, including children drawn in later tasks. */
export async function settle(screen: MorphScreenElement): Promise<void> {
  for (let round = 0; round < 400; round++) {
    await screen.updateComplete;
    const nodes = [...screen.shadowRoot!.querySelectorAll('morph-node')] as MorphNodeElement[];
    await Promise.all(nodes.map((n) => n.updateComplete));
    await tick();
    const again = [...screen.shadowRoot!.querySelectorAll('morph-node')] as MorphNodeElement[];
    if (drawing.waiting === 0 && again.length === nodes.length && !screen.isUpdatePending && again.every((n) => !n.isUpdatePending)) return;
  }
  throw new Error('settle(): the screen kept updating for 400 rounds');
}

/** A screen in the page, fed `text` and ended (unless `end: false`). */
export async function mount(text = '', props: Partial<MorphScreenElement> = {}, options: { end?: boolean; theme?: 'light' | 'dark' } = {}): Promise<MorphScreenElement> {
  const screen = await fixture<MorphScreenElement>(html`<morph-screen theme=${options.theme ?? 'light'}></morph-screen>`);
  Object.assign(screen, props);
  await screen.updateComplete;
  if (text) screen.write(text);
  if (options.end !== false) screen.end();
  await settle(screen);
  return screen;
}

export const $ = <T extends Element = HTMLElement>(screen: MorphScreenElement, selector: string) => screen.shadowRoot!.querySelector(selector) as T | null;
export const $$ = <T extends Element = HTMLElement>(screen: MorphScreenElement, selector: string) => [...screen.shadowRoot!.querySelectorAll(selector)] as T[];

/** The element drawing node `id`. */
export function node(screen: MorphScreenElement, id: string): MorphNodeElement {
  const el = ($$(screen, 'morph-node') as MorphNodeElement[]).find((n) => n.nodeId === id);
  if (!el) throw new Error(`no node element for ${id}`);
  return el;
}

/** The text an element shows, its pieces joined by single spaces. */
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

/** Events of a kind fired by the screen, collected from now on. */
export function collect<K extends keyof HTMLElementEventMap>(screen: MorphScreenElement, name: K): HTMLElementEventMap[K][] {
  const out: HTMLElementEventMap[K][] = [];
  screen.addEventListener(name, (e) => out.push(e));
  return out;
}

/** Types into a control as a person would. */
export function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** A key press on an element (keydown only: what the views listen to). */
export function press(el: Element, key: string): void {
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));
}
