/**
 * What acting on an element reaches beyond the element itself. A click goes to the nearest element with an
 * activation behaviour at or above the one hit (the button round an icon); a label hands it to its control,
 * wherever that is; a submit or reset button acts on its form owner, which `form="…"` can put anywhere in the
 * document; `popovertarget` and `commandfor` open or command another element; a link leads to its address. Enter
 * in a field submits its form implicitly, as browsers do. The page backend checks all of it against its scope,
 * and a form's destination against the allowed origins, before it clicks or presses: the scope holds through the
 * DOM, not only at the element the model named.
 */
import type { AxDestination } from '../../../src/axstream/index.js';
import { composedClosest, composedParent } from './dom.js';
import { isTextField } from './editing.js';
import { nameOf } from './nodeInfo.js';

/** What an element reached beyond the target is, in the words of a refusal ("it would submit a form outside…"). */
export type Touch = 'submit a form' | 'reset a form' | 'change a control through its label' | 'open or close a popover' | 'command an element';

/** What an action on an element would reach. */
export interface Reach {
  /** Elements it would change besides the one acted on, with what it would do to each. */
  readonly touches: readonly (readonly [Element, Touch])[];
  /** The form it would submit (not `method="dialog"`, which sends nothing), and the button that would. */
  readonly submits?: { readonly form: HTMLFormElement; readonly submitter: HTMLButtonElement | HTMLInputElement | null };
  /** The link it would follow. */
  readonly follows?: HTMLAnchorElement | HTMLAreaElement;
}

const NOTHING: Reach = { touches: [] };
const ACTIVATED_INPUTS: ReadonlySet<string> = new Set(['checkbox', 'radio', 'submit', 'image', 'reset', 'button', 'file', 'color']);
const SUBMIT_TYPES: ReadonlySet<string> = new Set(['submit', 'image']);
/** Inputs Enter and Space both press (checkboxes and radios take Space only). */
const KEY_PRESSED_INPUTS: ReadonlySet<string> = new Set(['submit', 'image', 'reset', 'button']);

type Invoker = (HTMLButtonElement | HTMLInputElement) & { popoverTargetElement?: Element | null; commandForElement?: Element | null };

/** True for an element a click activates: a link, a button, an activatable input, a label, a details summary. */
function activatable(el: Element): boolean {
  if ((el instanceof HTMLAnchorElement || el instanceof HTMLAreaElement) && el.hasAttribute('href')) return true;
  if (el instanceof HTMLButtonElement || el instanceof HTMLLabelElement) return true;
  if (el instanceof HTMLInputElement) return ACTIVATED_INPUTS.has(el.type);
  return el.localName === 'summary' && el.parentElement instanceof HTMLDetailsElement;
}

/** Interactive content a click stays in: a label round a text field or a select doesn't pass the click on. */
function keepsClicks(el: Element): boolean {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || (el instanceof HTMLElement && el.isContentEditable);
}

/**
 * The element a click on `el` activates: the nearest activatable one at or above it, crossing shadow roots, unless
 * the click is inside interactive content that keeps it (a text field or a select inside a label).
 */
export function activatedBy(el: Element): Element | null {
  for (let n: Node | null = el; n; n = composedParent(n)) {
    if (!(n instanceof Element)) continue;
    if (activatable(n)) return n;
    if (keepsClicks(n)) return null;
  }
  return null;
}

const isSubmitter = (el: Element): el is HTMLButtonElement | HTMLInputElement =>
  (el instanceof HTMLButtonElement || el instanceof HTMLInputElement) && SUBMIT_TYPES.has(el.type);

/** The method a submission uses: `dialog` sends nothing anywhere. */
function methodOf(form: HTMLFormElement, submitter: Element | null): string {
  const own = submitter?.getAttribute('formmethod');
  return (own !== null && own !== undefined && own !== '' ? own : (form.getAttribute('method') ?? 'get')).toLowerCase();
}

/** Where a submission goes: the submitter's `formaction` when it has one, else the form's `action` (both absolute). */
export function submissionUrl(form: HTMLFormElement, submitter: Element | null): string {
  if (submitter && (submitter.getAttribute('formaction') ?? '') !== '') return (submitter as HTMLButtonElement).formAction;
  return form.action;
}

/** What activating `control` (a button, an input, a link) reaches. */
function reachOfControl(control: Element, touches: (readonly [Element, Touch])[]): Reach {
  if (control instanceof HTMLAnchorElement || control instanceof HTMLAreaElement) return control.hasAttribute('href') ? { touches, follows: control } : { touches };
  if (!(control instanceof HTMLButtonElement || control instanceof HTMLInputElement)) return { touches };
  const invoker = control as Invoker;
  if (invoker.popoverTargetElement) touches.push([invoker.popoverTargetElement, 'open or close a popover']);
  if (invoker.commandForElement) touches.push([invoker.commandForElement, 'command an element']);
  const form = control.form;
  if (!form) return { touches };
  if (control.type === 'reset') touches.push([form, 'reset a form']);
  if (!isSubmitter(control)) return { touches };
  touches.push([form, 'submit a form']);
  return methodOf(form, control) === 'dialog' ? { touches } : { touches, submits: { form, submitter: control } };
}

/** What a click on `el` reaches (a double click reaches the same, twice). */
export function reachOfClick(el: Element): Reach {
  const target = activatedBy(el);
  if (!target) return NOTHING;
  if (target instanceof HTMLLabelElement) {
    const control = target.control;
    if (!control) return NOTHING;
    return reachOfControl(control, [[control, 'change a control through its label']]);
  }
  return reachOfControl(target, []);
}

/** Widgets a page makes of any element by role: its own script does what a click on them does. */
const ROLE_CONTROLS = ['button', 'link', 'checkbox', 'radio', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option']
  .map((r) => `[role="${r}"]`)
  .join(',');

/**
 * The control a click on `el` activates: the nearest activatable element at or above it (a label hands the click
 * to its control), else the nearest widget by role (a `role="button"` card). Null when the click activates nothing.
 */
export function controlOf(el: Element): Element | null {
  const target = activatedBy(el);
  if (target) return target instanceof HTMLLabelElement ? target.control : target;
  return composedClosest(el, ROLE_CONTROLS);
}

/** The submit button Enter in a field of `form` clicks (its first), or null when it has none. */
const defaultButton = (form: HTMLFormElement) => Array.from(form.elements).find(isSubmitter) ?? null;

/** True when Enter in `field` submits its form with no button to click: it is the form's only text field. */
function submitsAlone(form: HTMLFormElement): boolean {
  return Array.from(form.elements).filter((e) => e instanceof HTMLInputElement && isTextField(e)).length === 1;
}

/**
 * The control pressing `key` (`Enter`, or Space as `' '` or `'Space'`) on the focused element activates, as
 * browsers do: Enter and Space press a button (a submit button too) and a summary; Space, not Enter, toggles a
 * checkbox or a radio; Enter, never Space, follows a link; Enter in a text input submits its form implicitly,
 * through its default button (null when that is disabled) or, with none, the input itself when it is the form's
 * only field. Null when the key activates nothing (it types, or there is nothing to press). The keyboard acts on
 * this answer and the page backend judges the step on it: one rule for both.
 */
export function activatedByKey(focused: Element, key: string): Element | null {
  const enter = key === 'Enter';
  if (!enter && key !== ' ' && key !== 'Space') return null;
  if (isTextField(focused)) {
    const form = focused instanceof HTMLInputElement && enter ? focused.form : null;
    if (!form) return null;
    const button = defaultButton(form);
    if (button) return button.disabled ? null : button;
    return submitsAlone(form) ? focused : null;
  }
  if (focused instanceof HTMLElement && focused.isContentEditable) return null;
  if (focused instanceof HTMLAnchorElement || focused instanceof HTMLAreaElement) return enter && focused.hasAttribute('href') ? focused : null;
  if (focused instanceof HTMLButtonElement || (focused.localName === 'summary' && focused.parentElement instanceof HTMLDetailsElement)) return focused;
  if (!(focused instanceof HTMLInputElement)) return null;
  if (focused.type === 'checkbox' || focused.type === 'radio') return enter ? null : focused;
  return KEY_PRESSED_INPUTS.has(focused.type) ? focused : null;
}

/** The control typing `text` on the focused element activates first: its first `"\n"` (Enter) or `" "` that presses something. */
export function activatedByText(focused: Element, text: string): Element | null {
  for (const ch of text) {
    const control = ch === '\n' ? activatedByKey(focused, 'Enter') : ch === ' ' ? activatedByKey(focused, ' ') : null;
    if (control) return control;
  }
  return null;
}

/**
 * What Enter in `field` reaches: a text input submits its form implicitly (clicking its default button, or, with
 * none, submitting when it is the form's only field), as browsers do.
 */
export function reachOfEnterIn(field: HTMLInputElement): Reach {
  return reachOfKey(field, 'Enter');
}

function implicitSubmission(form: HTMLFormElement): Reach {
  return methodOf(form, null) === 'dialog' ? { touches: [[form, 'submit a form']] } : { touches: [[form, 'submit a form']], submits: { form, submitter: null } };
}

/** What pressing a control with a key reaches (see activatedByKey): a text input stands for its form's implicit submission. */
function reachOfPressed(control: Element | null): Reach {
  if (!control) return NOTHING;
  if (control instanceof HTMLInputElement && isTextField(control)) return control.form ? implicitSubmission(control.form) : NOTHING;
  return reachOfControl(control, []);
}

/** What pressing `key` (canonical, without modifiers) on the focused element reaches. */
export function reachOfKey(focused: Element, key: string): Reach {
  return reachOfPressed(activatedByKey(focused, key));
}

/** What typing `text` on the focused element reaches: what its first activating character presses. */
export function reachOfText(focused: Element, text: string): Reach {
  return reachOfPressed(activatedByText(focused, text));
}

/**
 * Where activating `el` sends the person or their data, for an approval to name and a check to compare: a link's
 * address, or the form a button (or Enter in a text field) submits, with the form's name.
 */
export function destinationOf(el: Element): AxDestination | undefined {
  const reach = el instanceof HTMLInputElement && isTextField(el) ? reachOfEnterIn(el) : reachOfClick(el);
  if (reach.submits) {
    const { form, submitter } = reach.submits;
    const name = nameOf(form).replace(/\s+/g, ' ').trim();
    const url = submissionUrl(form, submitter);
    return name === '' ? { kind: 'form', url } : { kind: 'form', url, form: name };
  }
  if (reach.follows) return { kind: 'link', url: reach.follows.href };
  return undefined;
}
