/**
 * The outline round the element a step is about to touch: a box of the runner's own, drawn over the element's
 * box in the top layer (a manual popover, so no transform or overflow of the page clips it and it sits above a
 * modal), never a style written on the page's element. It follows the element while it moves, lets every
 * pointer event through, is hidden from assistive technology (the step list says the same in words), and goes
 * away when the step ends or the runner leaves the page.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { clockOf, type Clock } from '../../shared/base/clock.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** How long the outline stays after a step is over, in case the next step moves it elsewhere. */
const LINGER_MS = 150;

export class OutlineController implements ReactiveController {
  #target: Element | null = null;
  #frame = 0;
  #linger: { readonly clock: Clock; readonly timer: unknown } | null = null;
  #element: HTMLElement | null = null;
  #last = '';

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  /** The element outlined now, if any. */
  get target(): Element | null {
    return this.#target;
  }

  /**
   * Outlines `el` (or hides the outline for null). An outline already shown moves there at the next frame, when
   * it is painted: steps that come faster than frames cost one move a frame, not one per step.
   */
  show(el: Element | null): void {
    if (el === this.#target) return;
    this.#target = el;
    if (!el) return this.hide();
    const box = this.#box();
    if (!box) return;
    if (!box.matches(':popover-open')) {
      this.#place(box);
      box.showPopover();
    }
    if (!this.#frame) this.#frame = requestAnimationFrame(this.#follow);
  }

  /** Puts the outline back on top: after a modal dialog opened above it. */
  raise(): void {
    const box = this.#box();
    if (!box || !this.#target || !box.matches(':popover-open')) return;
    box.hidePopover();
    box.showPopover();
  }

  /**
   * `el`'s step is over: the outline goes a moment later (`LINGER_MS`), unless a step outlines another element
   * first (then it just moves there), so a fast run of steps doesn't open and close the top layer at every step.
   */
  release(el: Element): void {
    if (this.#target !== el) return;
    this.#target = null;
    this.#stopLinger();
    const clock = clockOf(this.host);
    const timer = clock.setTimeout(() => {
      this.#linger = null;
      if (!this.#target) this.hide();
    }, LINGER_MS);
    this.#linger = { clock, timer };
  }

  hide(): void {
    this.#target = null;
    this.#stopLinger();
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#last = '';
    const box = this.#box();
    if (box?.matches(':popover-open')) box.hidePopover();
  }

  hostConnected(): void {}

  #stopLinger(): void {
    this.#linger?.clock.clearTimeout(this.#linger.timer);
    this.#linger = null;
  }

  hostDisconnected(): void {
    this.hide();
  }

  /** The box; put it once in the element's template. */
  render(): TemplateResult {
    return html`<div class="outline" part="outline" popover="manual" aria-hidden="true"></div>`;
  }

  #box(): HTMLElement | null {
    if (!this.#element?.isConnected) this.#element = this.host.renderRoot.querySelector<HTMLElement>('.outline');
    return this.#element;
  }

  readonly #follow = (): void => {
    this.#frame = 0;
    const target = this.#target;
    const box = this.#box();
    if (!target || !box) return;
    if (!target.isConnected) return this.hide();
    this.#place(box);
    this.#frame = requestAnimationFrame(this.#follow);
  };

  #place(box: HTMLElement): void {
    const r = this.#target!.getBoundingClientRect();
    const key = `${r.left},${r.top},${r.width},${r.height}`;
    if (key === this.#last) return;
    this.#last = key;
    // CSSOM writes, which a strict style-src allows (unlike a style attribute in markup).
    box.style.setProperty('translate', `${r.left - 3}px ${r.top - 3}px`);
    box.style.setProperty('width', `${r.width + 6}px`);
    box.style.setProperty('height', `${r.height + 6}px`);
  }
}
