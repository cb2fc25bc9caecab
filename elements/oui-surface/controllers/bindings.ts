/**
 * Actions declared in markup: `<form data-oui-action="id">` and `<button data-oui-action="id">` inside the
 * element (not inside a nested `<oui-surface>`). Their actions are read from the markup again whenever it
 * changes (a MutationObserver, batched to one read per microtask), and the element hears of it only when the
 * actions read differ. Their handlers look the element up when they run, so a form the app re-rendered is
 * still the one submitted.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type OUISurfaceHandler, OUIActionError, OUI_ERROR_CODES, type OUIAction } from '../../../src/oui/index.js';
import { buttonAction, boundName, formAction } from '../model/boundAction.js';
import { pressButton, runForm } from '../model/formFill.js';

const SELECTOR = 'form[data-oui-action], button[data-oui-action]';

/** The attributes whose change can change an action read from markup. */
const WATCHED = [
  'data-oui-action',
  'data-oui-description',
  'data-oui-confirm',
  'data-oui-ignore',
  'name',
  'type',
  'required',
  'pattern',
  'min',
  'max',
  'step',
  'minlength',
  'maxlength',
  'multiple',
  'value',
  'label',
  'disabled',
  'aria-label',
  'aria-labelledby',
  'title',
  'for',
  'id',
];

/** What the markup declares now. */
export interface Bound {
  readonly actions: readonly OUIAction[];
  readonly handlers: Readonly<Record<string, OUISurfaceHandler>>;
  /** What is wrong with the markup; when not empty, the surface is not registered. */
  readonly errors: readonly string[];
}

const EMPTY: Bound = { actions: [], handlers: {}, errors: [] };

type Host = ReactiveControllerHost & HTMLElement;

export class BindingsController implements ReactiveController {
  #observer: MutationObserver | null = null;
  #scheduled = false;
  #current: Bound = EMPTY;
  #key = JSON.stringify({ a: [], e: [] });

  constructor(
    private readonly host: Host,
    private readonly onChange: (bound: Bound) => void,
  ) {
    host.addController(this);
  }

  /** What the markup declares (as last read). */
  get current(): Bound {
    return this.#current;
  }

  hostConnected(): void {
    this.#observer = new MutationObserver(() => this.#schedule());
    this.#observer.observe(this.host, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: WATCHED });
    this.read();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = null;
  }

  /** Reads the markup now; tells the element when what it declares changed. */
  read(): void {
    const bound = this.#readMarkup();
    const key = JSON.stringify({ a: bound.actions, e: bound.errors });
    this.#current = bound;
    if (key === this.#key) return;
    this.#key = key;
    this.onChange(bound);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.#observer) this.read();
    });
  }

  /** The bound elements that belong to this surface (not to a surface nested in it), in document order. */
  #elements(): (HTMLFormElement | HTMLButtonElement)[] {
    const surfaces = `oui-surface, ${this.host.localName}`;
    return Array.from(this.host.querySelectorAll<HTMLFormElement | HTMLButtonElement>(SELECTOR)).filter((el) => el.closest(surfaces) === this.host);
  }

  #find(id: string): HTMLFormElement | HTMLButtonElement | undefined {
    return this.#elements().find((el) => el.getAttribute('data-oui-action') === id);
  }

  #readMarkup(): Bound {
    const actions: OUIAction[] = [];
    // No prototype: a bound id "__proto__" must be an own key like any other.
    const handlers = Object.create(null) as Record<string, OUISurfaceHandler>;
    const errors: string[] = [];
    const seen = new Set<string>();
    for (const el of this.#elements()) {
      const id = el.getAttribute('data-oui-action') ?? '';
      if (seen.has(id)) {
        errors.push(`${boundName(el)}: another element in this surface binds the same action`);
        continue;
      }
      seen.add(id);
      const read = el instanceof HTMLFormElement ? formAction(el) : buttonAction(el);
      if (!read.ok) {
        errors.push(...read.errors);
        continue;
      }
      actions.push(read.action);
      handlers[id] = (params) => {
        const now = this.#find(id);
        if (!now) throw new OUIActionError(OUI_ERROR_CODES.ACTION_NOT_FOUND, `The element bound to "${id}" is no longer on the page`);
        return now instanceof HTMLFormElement ? runForm(now, params) : pressButton(now);
      };
    }
    return { actions, handlers, errors };
  }
}
