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
import { composedParent } from './dom.js';
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

/**
 * What Enter in `field` reaches: a text input submits its form implicitly (clicking its first submit button, or,
 * with none, submitting when it is the form's only field), as browsers do. Other elements: see reachOfKey.
 */
export function reachOfEnterIn(field: HTMLInputElement): Reach {
  const form = field.form;
  if (!form) return NOTHING;
  const submitter = Array.from(form.elements).find(isSubmitter) ?? null;
  if (submitter) return submitter.disabled ? NOTHING : reachOfControl(submitter, []);
  const fields = Array.from(form.elements).filter((e) => e instanceof HTMLInputElement && isTextField(e));
  if (fields.length !== 1) return NOTHING;
  return methodOf(form, null) === 'dialog' ? { touches: [[form, 'submit a form']] } : { touches: [[form, 'submit a form']], submits: { form, submitter: null } };
}

/** What pressing `key` (canonical, without modifiers) on the focused element reaches: Enter and Space activate. */
export function reachOfKey(focused: Element, key: string): Reach {
  if (key === 'Enter') {
    if (focused instanceof HTMLInputElement && isTextField(focused)) return reachOfEnterIn(focused);
    if (focused instanceof HTMLInputElement && (focused.type === 'checkbox' || focused.type === 'radio')) return NOTHING;
  } else if (key !== ' ') return NOTHING;
  if (isTextField(focused) || (focused instanceof HTMLElement && focused.isContentEditable)) return NOTHING;
  return activatable(focused) && !(focused instanceof HTMLLabelElement) ? reachOfControl(focused, []) : NOTHING;
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
