/**
 * A polite announcer: one visually hidden `aria-live="polite"` region per element, for changes a person who
 * doesn't see them should hear (a notice an update adds, a step that finished, the point a chart shows).
 * Everything said within one frame is said together, once; the region is cleared first, so the same words
 * said twice are read twice.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { ownUi } from '../base/ownUi.js';
import { Signal } from '../base/signals.js';

export class AnnouncerController implements ReactiveController {
  readonly #said = new Signal.State('');
  #queue: string[] = [];
  #frame = 0;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Says `words` politely, with anything else said in this frame. Empty words are ignored. */
  announce(words: string): void {
    if (!words) return;
    this.#queue.push(words);
    if (this.#frame) return;
    this.#said.set('');
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      const all = this.#queue.join(' ');
      this.#queue = [];
      if (all) this.#said.set(all);
    });
  }

  /** Forgets what was said and what is waiting to be said (a screen started over). */
  clear(): void {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#queue = [];
    this.#said.set('');
  }

  /** What the region says now (reactive). */
  get said(): string {
    return this.#said.get();
  }

  hostDisconnected(): void {
    // Words waiting for a frame are about a moment that has passed by the time the element is back: drop them.
    this.clear();
  }

  /**
   * The live region; put it once in the element's template. `part` names it for the app's styles. It is the
   * package's own UI: what it says is for the person, never for an agent observing the page.
   */
  render(part = 'announcer'): TemplateResult {
    return html`<div class="visually-hidden" part=${part} aria-live="polite" aria-atomic="true" ${ownUi()}>${this.#said.get()}</div>`;
  }
}
