import type { AeConfirmDialog } from '../../../elements/shared/elements/confirmDialog.js';

/**
 * Waits until a confirmation dialog is open and its buttons take activation (CONFIRM_INERT_MS after it
 * appeared): a click before that is ignored on purpose, so a test that answers must wait as a person would.
 */
export async function whenArmed(dialog: Element, ms = 5000): Promise<void> {
  const d = dialog as AeConfirmDialog;
  const end = performance.now() + ms;
  while (!d.armed) {
    if (performance.now() > end) throw new Error('the confirmation dialog never became active');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Presses Confirm or Cancel of an open dialog once its buttons take activation. */
export async function pressDialog(dialog: Element, which: 'confirm' | 'cancel'): Promise<void> {
  await whenArmed(dialog);
  (dialog.shadowRoot!.querySelector(`[part="${which}"]`) as HTMLButtonElement).click();
}
