import { sendMouse } from '@web/test-runner-commands';
import type { ManualClock } from './manualClock.js';
import { CONFIRM_INERT_MS, type AeConfirmDialogElement } from '../../../elements/shared/elements/confirmDialog.js';

/** The `<ae-confirm-dialog>` itself, given it or the `<dialog>` inside it. */
const hostOf = (dialog: Element): AeConfirmDialogElement => {
  const root = dialog.getRootNode();
  return (dialog.localName === 'ae-confirm-dialog' ? dialog : root instanceof ShadowRoot ? root.host : dialog) as AeConfirmDialogElement;
};

/**
 * Waits until a confirmation dialog is open and its buttons take activation (CONFIRM_INERT_MS after it
 * appeared): a click before that is ignored on purpose, so a test that answers must wait as a person would. On a
 * manual clock (the dialog's or its element's `clock`: manualClock.ts) the wait is the clock moved on, once the
 * dialog is drawn; on the real one it is real time.
 */
export async function whenArmed(dialog: Element, ms = 5000): Promise<void> {
  const d = hostOf(dialog);
  const end = performance.now() + ms;
  while (!d.armed) {
    if (performance.now() > end) throw new Error('the confirmation dialog never became active');
    const clock = d.clock as Partial<ManualClock> | undefined;
    const drawn = !!d.shadowRoot?.querySelector('dialog')?.open;
    if (drawn && typeof clock?.advance === 'function') {
      clock.advance(CONFIRM_INERT_MS);
      await d.updateComplete;
    } else await new Promise((r) => setTimeout(r, drawn ? 20 : 5));
  }
}

/** The centre of `el` in the top page's viewport (through the frames it is in), where a person's pointer goes. */
export function centreOnScreen(el: Element): [number, number] {
  const r = el.getBoundingClientRect();
  let x = r.left + r.width / 2;
  let y = r.top + r.height / 2;
  for (let frame = el.ownerDocument.defaultView?.frameElement; frame; frame = frame.ownerDocument.defaultView?.frameElement) {
    const f = frame.getBoundingClientRect();
    x += f.left + frame.clientLeft;
    y += f.top + frame.clientTop;
  }
  return [Math.round(x), Math.round(y)];
}

/** Clicks `el` with the real mouse at its centre: a trusted click, as a person's (a script's `.click()` is not). */
export async function pressReally(el: Element): Promise<void> {
  await sendMouse({ type: 'click', position: centreOnScreen(el) });
}

/**
 * Presses Confirm or Cancel of an open dialog (the `<ae-confirm-dialog>` or its `<dialog>`) once its buttons
 * take activation, with the real mouse: a dialog answers only a person's input.
 */
export async function pressDialog(dialog: Element, which: 'confirm' | 'cancel'): Promise<void> {
  const host = hostOf(dialog);
  await whenArmed(host);
  await pressReally(host.shadowRoot!.querySelector(`[part="${which}"]`)!);
}

/**
 * Presses Confirm with the real mouse so that its click lands in the very instant of `deadline`: the press's
 * pointerup holds the page's thread until then, and the click follows in the same task, before any timer (the
 * deadline's own) can run. Give the deadline room for the press to arrive first (a second or more).
 */
export async function confirmAtDeadline(dialog: Element, deadline: number): Promise<void> {
  const hold = () => {
    while (Date.now() < deadline);
  };
  window.addEventListener('pointerup', hold, { capture: true, once: true });
  try {
    await pressDialog(dialog, 'confirm');
  } finally {
    window.removeEventListener('pointerup', hold, true);
  }
}
