/**
 * What the observation says of one element: its role (ARIA, from dom-accessibility-api, with the few cases it
 * leaves out), its accessible name, its value and its states. Secrets never leave the page: a filled password,
 * one-time-code or payment field (or one the app marks) shows as dots, here and in every step that types into it.
 */
import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import { INTERACTIVE_ROLES, SECRET_MASK } from '../../../src/axstream/index.js';
import { composedClosest } from './dom.js';

/** Roles shown for what they tell (a dialog is open, a heading, an alert), without an id. */
export const STRUCTURE_ROLES: ReadonlySet<string> = new Set([
  'heading',
  'dialog',
  'alertdialog',
  'alert',
  'status',
  'log',
  'img',
  'image',
  'navigation',
  'main',
  'search',
  'complementary',
  'form',
  'region',
  'group',
  'radiogroup',
  'tablist',
  'tabpanel',
  'menu',
  'menubar',
  'toolbar',
  'progressbar',
  'meter',
  'table',
  'grid',
  'tree',
  'note',
  'figure',
  // What a drag is dropped on and what is dragged (the prompt's own example drops on a list called "Done"),
  // and the rows a person points at in a table.
  'list',
  'listitem',
  'row',
]);

/** Structure roles shown only when they have a name: unnamed, they are just boxes. */
const NEEDS_NAME: ReadonlySet<string> = new Set(['form', 'region', 'group', 'figure', 'table', 'img', 'image', 'navigation', 'complementary']);

/** Roles whose name is their content: their text is not listed again below them. */
export const NAME_FROM_CONTENT: ReadonlySet<string> = new Set([
  'button',
  'link',
  'heading',
  'tab',
  'option',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
  'gridcell',
  'switch',
  'checkbox',
  'radio',
  'row',
]);

/** Roles whose element holds typed content: nothing below them is listed. */
const EDITABLE_ROLES: ReadonlySet<string> = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);

const VALUE_CAP = 400;
const TEXT_LIKE: ReadonlySet<string> = new Set(['password', 'date', 'time', 'datetime-local', 'month', 'week']);

/** The role, or null for an element the observation passes through (a div, a span). */
export function roleOf(el: Element): string | null {
  if (el instanceof HTMLElement && el.isContentEditable && el.parentElement?.isContentEditable !== true) return 'textbox';
  // Fields with no ARIA role of their own are what a person sees: a box to type in, or a button.
  if (el instanceof HTMLInputElement && TEXT_LIKE.has(el.type)) return 'textbox';
  if (el instanceof HTMLInputElement && (el.type === 'color' || el.type === 'file')) return 'button';
  const role = getRole(el);
  if (role === 'presentation' || role === 'none' || role === 'generic') return el instanceof HTMLElement && el.tabIndex >= 0 && el.hasAttribute('tabindex') ? 'generic' : null;
  if (role === null && el instanceof HTMLElement && el.hasAttribute('tabindex') && el.tabIndex >= 0) return 'generic';
  return role;
}

/** How the observation treats an element of this role. */
export type Kind = 'interactive' | 'structure' | 'pass';

export function kindOf(role: string | null): Kind {
  if (role === null) return 'pass';
  if (INTERACTIVE_ROLES.has(role)) return 'interactive';
  if (role === 'generic') return 'interactive'; // reached only through a tabindex: someone made it focusable
  if (STRUCTURE_ROLES.has(role)) return 'structure';
  return 'pass';
}

/** True when a structure role needs a name to be worth a line. */
export function needsName(role: string): boolean {
  return NEEDS_NAME.has(role);
}

export function isEditableRole(role: string): boolean {
  return EDITABLE_ROLES.has(role);
}

/** The accessible name, as assistive technology would say it. */
export function nameOf(el: Element): string {
  try {
    return computeAccessibleName(el);
  } catch {
    return '';
  }
}

const clip = (s: string) => (s.length > VALUE_CAP ? s.slice(0, VALUE_CAP) : s);


/** autocomplete tokens of fields whose value is a secret: passwords, one-time codes, payment cards. */
const SECRET_TOKENS = /^(current-password|new-password|one-time-code|cc-.+)$/;

/**
 * True for a field whose value must never be shown or said: a password field (also one switched to plain text
 * with `autocomplete="current-password"`), a one-time code, a payment card field (`autocomplete="cc-…"`), or one
 * the app marks with `data-ax-secret` (on it or an ancestor).
 */
export function isSecretField(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLInputElement && el.type === 'password') return true;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    const tokens = (el.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
    if (tokens.some((t) => SECRET_TOKENS.test(t))) return true;
  }
  return composedClosest(el, '[data-ax-secret]:not([data-ax-secret="false"])') !== null;
}

/** The current value of a field, a select, an editable region or a range; undefined when it has none. */
export function valueOf(el: Element, role: string): string | undefined {
  if (el instanceof HTMLInputElement) {
    if (el.type === 'checkbox' || el.type === 'radio' || el.type === 'button' || el.type === 'submit' || el.type === 'reset' || el.type === 'image') return undefined;
    if (el.value === '') return undefined;
    return isSecretField(el) ? SECRET_MASK : clip(el.value);
  }
  if (el instanceof HTMLTextAreaElement) return el.value === '' ? undefined : isSecretField(el) ? SECRET_MASK : clip(el.value);
  if (el instanceof HTMLSelectElement) {
    const chosen = Array.from(el.selectedOptions, (o) => o.label || o.text);
    return chosen.length ? clip(chosen.join(', ')) : undefined;
  }
  if (el instanceof HTMLProgressElement || el instanceof HTMLMeterElement) return String(el.value);
  if (role === 'textbox' && el instanceof HTMLElement && el.isContentEditable) {
    const text = (el.textContent ?? '').slice(0, VALUE_CAP * 2).replace(/\s+/g, ' ').trim();
    return text === '' ? undefined : clip(text);
  }
  const text = el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow');
  return text === null || text === '' ? undefined : clip(text);
}

const ariaTrue = (el: Element, name: string) => el.getAttribute(name) === 'true';

function userInvalid(el: Element): boolean {
  try {
    return el.matches(':user-invalid');
  } catch {
    return false;
  }
}

/** States worth telling the model, at most eight, in a fixed order. */
export function statesOf(el: Element, role: string, focused: Element | null): string[] {
  const states: string[] = [];
  const checked = el.getAttribute('aria-checked');
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    if (el.indeterminate) states.push('mixed');
    else if (el.checked) states.push('checked');
  } else if (checked === 'true') states.push('checked');
  else if (checked === 'mixed') states.push('mixed');
  if (el instanceof HTMLOptionElement ? el.selected : ariaTrue(el, 'aria-selected')) states.push('selected');
  if (ariaTrue(el, 'aria-pressed')) states.push('pressed');
  const expanded = el.getAttribute('aria-expanded');
  if (expanded === 'true') states.push('expanded');
  else if (expanded === 'false') states.push('collapsed');
  else if (el.localName === 'summary' && el.parentElement instanceof HTMLDetailsElement) {
    states.push(el.parentElement.open ? 'expanded' : 'collapsed');
  }
  if (el.matches(':disabled') || ariaTrue(el, 'aria-disabled')) states.push('disabled');
  if ((el as HTMLInputElement).readOnly === true || ariaTrue(el, 'aria-readonly')) states.push('readonly');
  if ((el as HTMLInputElement).required === true || ariaTrue(el, 'aria-required')) states.push('required');
  const invalid = el.getAttribute('aria-invalid');
  if ((invalid !== null && invalid !== 'false') || userInvalid(el)) states.push('invalid');
  const current = el.getAttribute('aria-current');
  if (current !== null && current !== 'false') states.push('current');
  if (role === 'dialog' || role === 'alertdialog') {
    if (el instanceof HTMLDialogElement ? el.matches(':modal') : ariaTrue(el, 'aria-modal')) states.push('modal');
  }
  if (focused === el) states.push('focused');
  return states.slice(0, 8);
}
