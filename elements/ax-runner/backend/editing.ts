/**
 * Changing what a field holds the way a person's typing does, so frameworks notice: `beforeinput` (which a page
 * may cancel), the value written through the native setter of the element's own prototype (React keeps a
 * tracker on the instance's `value`; going around it makes the change visible to React's onChange), then
 * `input`. Contenteditable regions go through the browser's own editing commands.
 */

/** Inputs whose value only makes sense whole: a date or a number typed one character at a time is invalid in between. */
export const WHOLE_VALUE_TYPES: ReadonlySet<string> = new Set(['number', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);
const SELECTION_TYPES: ReadonlySet<string> = new Set(['text', 'search', 'url', 'tel', 'password']);

export type TextField = HTMLInputElement | HTMLTextAreaElement;

/** A text field (input of a typing kind, or textarea) that may be typed into now. */
export function isTextField(el: Element | null): el is TextField {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden'].includes(el.type);
}

export function isEditable(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && el.isContentEditable;
}

/** Why a field refuses typing, or null. */
export function refusal(el: TextField): string | null {
  if (el.disabled) return 'the field is disabled';
  if (el.readOnly) return 'the field is read-only';
  return null;
}

/** Sets `value` through the prototype's setter, bypassing any setter a framework put on the instance. */
export function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  let proto: object | null = Object.getPrototypeOf(el);
  while (proto) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'value');
    if (descriptor?.set) {
      descriptor.set.call(el, value);
      return;
    }
    proto = Object.getPrototypeOf(proto);
  }
  el.value = value;
}

function inputEvent(type: 'beforeinput' | 'input', inputType: string, data: string | null): InputEvent {
  return new InputEvent(type, { bubbles: true, composed: true, cancelable: type === 'beforeinput', inputType, data });
}

/** Where the selection of a field is; fields without one (email, number) are edited at their end. */
function selectionOf(el: TextField): [number, number] {
  const supports = el instanceof HTMLTextAreaElement || SELECTION_TYPES.has(el.type);
  if (supports && el.selectionStart !== null && el.selectionEnd !== null) return [el.selectionStart, el.selectionEnd];
  return [el.value.length, el.value.length];
}

function place(el: TextField, at: number): void {
  if (el instanceof HTMLTextAreaElement || SELECTION_TYPES.has(el.type)) el.setSelectionRange(at, at);
}

/** Inserts `data` at the selection, as one edit. Returns false when the page cancelled it. */
export function insertIntoField(el: TextField, data: string, inputType = 'insertText'): boolean {
  if (!el.dispatchEvent(inputEvent('beforeinput', inputType, data))) return false;
  const max = el.maxLength;
  const [start, end] = selectionOf(el);
  const before = el.value.slice(0, start);
  const after = el.value.slice(end);
  let piece = data;
  // A person can't type past maxlength either.
  if (max >= 0 && before.length + after.length + piece.length > max) piece = piece.slice(0, Math.max(0, max - before.length - after.length));
  if (piece === '' && start === end) return true;
  setNativeValue(el, before + piece + after);
  place(el, before.length + piece.length);
  el.dispatchEvent(inputEvent('input', inputType, piece));
  return true;
}

/** Sets a field's whole value at once (dates, numbers, colours), as a picker would. */
export function replaceValue(el: TextField, value: string): void {
  if (!el.dispatchEvent(inputEvent('beforeinput', 'insertReplacementText', value))) return;
  setNativeValue(el, value);
  el.dispatchEvent(inputEvent('input', 'insertReplacementText', value));
}

/** Deletes the selection, or one character before (`backward`) or after the caret. */
export function deleteInField(el: TextField, backward: boolean): void {
  const inputType = backward ? 'deleteContentBackward' : 'deleteContentForward';
  const [start, end] = selectionOf(el);
  const from = start !== end ? start : backward ? Math.max(0, start - 1) : start;
  const to = start !== end ? end : backward ? start : Math.min(el.value.length, end + 1);
  if (from === to) return;
  if (!el.dispatchEvent(inputEvent('beforeinput', inputType, null))) return;
  setNativeValue(el, el.value.slice(0, from) + el.value.slice(to));
  place(el, from);
  el.dispatchEvent(inputEvent('input', inputType, null));
}

/** Tells the page the field's value was committed, as leaving a field a person typed in does. */
export function commit(el: Element): void {
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Inserts into a contenteditable region through the browser's editing commands (which keep its undo history and
 * fire `input`), after a `beforeinput` the page may cancel; when the command is not available, the text goes in
 * at the selection by hand.
 */
export function insertIntoEditable(el: HTMLElement, data: string, inputType: 'insertText' | 'insertParagraph' = 'insertText'): void {
  if (!el.dispatchEvent(inputEvent('beforeinput', inputType, inputType === 'insertText' ? data : null))) return;
  let done = false;
  try {
    done = document.execCommand(inputType, false, inputType === 'insertText' ? data : undefined);
  } catch {
    done = false;
  }
  if (done) return;
  const selection = document.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const node = inputType === 'insertText' ? document.createTextNode(data) : document.createElement('br');
  if (range && el.contains(range.startContainer)) {
    range.deleteContents();
    range.insertNode(node);
    range.setStartAfter(node);
    range.collapse(true);
  } else el.append(node);
  el.dispatchEvent(inputEvent('input', inputType, inputType === 'insertText' ? data : null));
}

/** Deletes in a contenteditable region through the editing commands. */
export function deleteInEditable(el: HTMLElement, backward: boolean): void {
  const inputType = backward ? 'deleteContentBackward' : 'deleteContentForward';
  if (!el.dispatchEvent(inputEvent('beforeinput', inputType, null))) return;
  try {
    document.execCommand(backward ? 'delete' : 'forwardDelete');
  } catch {
    // Nothing to fall back on that would match what a person sees; the region stays as it was.
  }
}

/**
 * Chooses the option of a select whose text or value is `wanted` (case and spacing aside), or, failing that,
 * the first whose text starts with it, as typing a name into a focused list does. Returns false when none fits.
 */
export function chooseOption(select: HTMLSelectElement, wanted: string): boolean {
  const key = wanted.trim().replace(/\s+/g, ' ').toLowerCase();
  const options = Array.from(select.options).filter((o) => !o.disabled);
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const option =
    options.find((o) => norm(o.label || o.text) === key) ??
    options.find((o) => norm(o.value) === key) ??
    options.find((o) => norm(o.label || o.text).startsWith(key));
  if (!option) return false;
  pickOption(select, option);
  return true;
}

/** Selects one option as a person's choice would: only it (in a multiple list too), then `input` and `change`. */
export function pickOption(select: HTMLSelectElement, option: HTMLOptionElement): void {
  if (select.multiple) for (const o of select.options) o.selected = o === option;
  else setNativeValue(select, option.value);
  option.selected = true;
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
