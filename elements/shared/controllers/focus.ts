/**
 * Keeping focus where a person expects it while an element changes under them: a control that goes away
 * hands focus to the one that takes its place (Cancel ↔ Retry), never to the page; a field a press must show
 * is revealed first (its tab opened, its details expanded) and then focused.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Asks the containers around an element to show it: a tab panel opens, a closed details expands. Containers
 * listen for `ae-reveal` and push a promise onto `waits` that settles once they have drawn it open.
 * Internal: it never leaves the element's shadow root (`composed: false`), so no app hears it.
 * @internal
 */
export class RevealEvent extends Event {
  static readonly eventName = 'ae-reveal';
  readonly waits: Promise<unknown>[] = [];
  constructor() {
    super(RevealEvent.eventName, { bubbles: true, composed: false });
  }
}

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export class FocusController implements ReactiveController {
  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {}

  /**
   * Runs `change`, which redraws the part matching `selector`. If focus was inside that part, it goes after the
   * update to the first enabled button in it, else to the part itself (give it `tabindex="-1"`).
   */
  keepWithin(selector: string, change: () => void): void {
    const root = this.host.renderRoot as ShadowRoot;
    const active = root.activeElement;
    const hadFocus = !!active && !!active.closest?.(selector);
    change();
    if (!hadFocus) return;
    void this.host.updateComplete.then(() => {
      const part = root.querySelector<HTMLElement>(selector);
      const target = part?.querySelector<HTMLElement>('button:enabled') ?? part;
      target?.focus();
    });
  }

  /**
   * Reveals `el` (see RevealEvent), waits for the containers and for `alsoWait` (the element drawing its
   * message, say) to finish drawing, then focuses it, so a screen reader reads it with its message.
   */
  async reveal(el: HTMLElement, alsoWait: Promise<unknown>[] = []): Promise<void> {
    const event = new RevealEvent();
    el.dispatchEvent(event);
    await Promise.all([...event.waits, ...alsoWait]);
    if (el.isConnected) el.focus();
  }
}
