/**
 * The keyboard, as events on the focused element: modifiers go down first, the key is pressed, everything comes
 * up in reverse. Synthetic key events do nothing by themselves, so the defaults a person relies on are done here
 * when the page did not cancel the keydown: characters are typed, Backspace and Delete delete, Enter submits a
 * form, breaks a line or activates a button, Space activates, Tab moves focus, Escape closes a modal dialog,
 * Home and End move the caret, and cmd/ctrl+A selects a field's text. Other keys reach the page and nothing more
 * (no clipboard, no browser shortcuts): what they do is the page's own handling.
 */
import { platformKey } from '../../../src/axstream/index.js';
import { composedParent, deepActiveElement, isFocusable } from './dom.js';
import { chooseOption, commit, deleteInEditable, deleteInField, insertIntoEditable, insertIntoField, isEditable, isTextField, refusal, WHOLE_VALUE_TYPES, type TextField } from './editing.js';
import { activatedByKey } from './reach.js';

export type Platform = 'mac' | 'other';

/** The platform whose command key `Mod` stands for: Meta on macOS (and iOS), Control elsewhere. */
export function detectPlatform(): Platform {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const name = nav.userAgentData?.platform || nav.platform || '';
  return /mac|iphone|ipad|ipod/i.test(name) ? 'mac' : 'other';
}

const CODES: Readonly<Record<string, number>> = {
  Backspace: 8, Tab: 9, Enter: 13, Shift: 16, Control: 17, Alt: 18, Escape: 27, ' ': 32, PageUp: 33, PageDown: 34,
  End: 35, Home: 36, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, Insert: 45, Delete: 46, Meta: 91,
};

/** The `code` a US keyboard would report for a key, and the legacy keyCode apps still read. */
function physical(key: string): { code: string; keyCode: number } {
  if (key.length === 1) {
    const upper = key.toUpperCase();
    const c = upper.charCodeAt(0);
    if (c >= 65 && c <= 90) return { code: `Key${upper}`, keyCode: c };
    if (c >= 48 && c <= 57) return { code: `Digit${key}`, keyCode: c };
    if (key === ' ') return { code: 'Space', keyCode: 32 };
    return { code: '', keyCode: 0 };
  }
  if (/^F\d{1,2}$/.test(key)) return { code: key, keyCode: 111 + Number(key.slice(1)) };
  const code = key === 'Control' || key === 'Shift' || key === 'Alt' || key === 'Meta' ? `${key}Left` : key;
  return { code, keyCode: CODES[key] ?? 0 };
}

interface Modifiers {
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

function keyEvent(target: EventTarget, type: 'keydown' | 'keypress' | 'keyup', key: string, mods: Modifiers): boolean {
  const { code, keyCode } = physical(key);
  const charCode = type === 'keypress' ? key.charCodeAt(0) : 0;
  const init: KeyboardEventInit & { keyCode: number; charCode: number; which: number } = {
    bubbles: true,
    cancelable: true,
    composed: true,
    key,
    code,
    keyCode: type === 'keypress' ? charCode : keyCode,
    charCode,
    which: type === 'keypress' ? charCode : keyCode,
    view: window,
    ...mods,
  };
  return target.dispatchEvent(new KeyboardEvent(type, init));
}

/** Where key events go: the focused element, or the page's body when nothing has focus. */
export function keyTarget(): HTMLElement {
  return deepActiveElement() ?? document.body;
}

/** The keyboard of one page backend. */
export class Keyboard {
  constructor(
    private readonly platform: () => Platform,
    /** Whether the backend may act on an element (in scope, not the runner): focus never moves elsewhere. */
    private readonly allowed: (el: Element) => boolean,
    /** Clicks an element as Enter or Space on it would (the backend's activation, which checks links). */
    private readonly activate: (el: HTMLElement) => void,
    /** All elements a person could Tab to, in order. */
    private readonly tabbables: () => HTMLElement[],
    /** Checks, before Enter submits a field's form, that it may (scope, origins); throws to refuse. */
    private readonly beforeSubmit: (field: HTMLInputElement) => void = () => {},
  ) {}

  /** Presses a chord in canonical form (`['Mod', 's']`): modifiers down, key down and up, modifiers up. */
  press(chord: readonly string[]): void {
    const keys = chord.map((k) => platformKey(k, this.platform()));
    const mods: Modifiers = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    const held: string[] = [];
    const target = keyTarget();
    const main = keys[keys.length - 1]!;
    const isModifier = (k: string) => k === 'Control' || k === 'Meta' || k === 'Alt' || k === 'Shift';
    for (const k of keys) {
      if (!isModifier(k) || k === main) continue;
      if (k === 'Control') mods.ctrlKey = true;
      else if (k === 'Meta') mods.metaKey = true;
      else if (k === 'Alt') mods.altKey = true;
      else mods.shiftKey = true;
      keyEvent(target, 'keydown', k, mods);
      held.push(k);
    }
    if (isModifier(main)) {
      // A lone modifier: down and up, nothing else.
      keyEvent(target, 'keydown', main, mods);
      keyEvent(target, 'keyup', main, mods);
    } else this.#key(target, main, mods);
    for (const k of held.reverse()) {
      if (k === 'Control') mods.ctrlKey = false;
      else if (k === 'Meta') mods.metaKey = false;
      else if (k === 'Alt') mods.altKey = false;
      else mods.shiftKey = false;
      keyEvent(target, 'keyup', k, mods);
    }
  }

  /** Types one character into the focused element: keydown, keypress, the edit, keyup. */
  typeCharacter(ch: string): void {
    const target = keyTarget();
    const shifted = ch !== ch.toLowerCase();
    this.#key(target, ch, { ctrlKey: false, metaKey: false, altKey: false, shiftKey: shifted });
  }

  #key(target: HTMLElement, key: string, mods: Modifiers): void {
    const allowed = keyEvent(target, 'keydown', key, mods);
    const command = mods.ctrlKey || mods.metaKey || mods.altKey;
    const printable = key.length === 1 || key === ' ';
    if (allowed && !command && (printable || key === 'Enter')) {
      // keypress is legacy, but some pages still listen for it; cancelling it stops the character too.
      const pressOk = keyEvent(target, 'keypress', key === 'Enter' ? '\r' : key, mods);
      if (pressOk) this.#default(target, key, mods);
    } else if (allowed) this.#default(target, key, mods);
    keyEvent(deepActiveElement() ?? target, 'keyup', key, mods);
  }

  /** What the browser would do for an uncancelled keydown. */
  #default(target: HTMLElement, key: string, mods: Modifiers): void {
    const command = mods.ctrlKey || mods.metaKey || mods.altKey;
    const field = isTextField(target) && refusal(target) === null ? target : null;
    const editable = isEditable(target) ? target : null;
    const commandKey = this.platform() === 'mac' ? mods.metaKey : mods.ctrlKey;
    if (command) {
      if (commandKey && key.toLowerCase() === 'a' && !mods.altKey) {
        if (field) field.select();
        else if (editable) document.getSelection()?.selectAllChildren(editable);
      }
      return;
    }
    switch (key) {
      case 'Enter':
        return this.#enter(target, field, editable);
      case ' ': {
        if (field || editable) return this.#insert(field, editable, ' ');
        const control = activatedByKey(target, ' ');
        if (control) this.activate(control as HTMLElement);
        return;
      }
      case 'Tab':
        return this.#tab(target, mods.shiftKey);
      case 'Backspace':
      case 'Delete':
        if (field) deleteInField(field, key === 'Backspace');
        else if (editable) deleteInEditable(editable, key === 'Backspace');
        return;
      case 'Escape':
        return closeModal(target);
      case 'Home':
      case 'End':
        if (field && !(field instanceof HTMLInputElement && WHOLE_VALUE_TYPES.has(field.type))) {
          const at = key === 'Home' ? 0 : field.value.length;
          try {
            field.setSelectionRange(at, at);
          } catch {
            // Fields without a caret (email, number) have nowhere to move it.
          }
        }
        return;
      default:
        if (key.length === 1 || (key.length === 2 && key.charCodeAt(0) >= 0xd800)) {
          if (target instanceof HTMLSelectElement) chooseOption(target, key);
          else this.#insert(field, editable, key);
        }
    }
  }

  #insert(field: TextField | null, editable: HTMLElement | null, text: string): void {
    if (field) insertIntoField(field, text);
    else if (editable) insertIntoEditable(editable, text);
  }

  #enter(target: HTMLElement, field: HTMLInputElement | HTMLTextAreaElement | null, editable: HTMLElement | null): void {
    if (field instanceof HTMLTextAreaElement) return void insertIntoField(field, '\n', 'insertLineBreak');
    if (editable) return insertIntoEditable(editable, '', 'insertParagraph');
    if (field) commit(field);
    // What Enter presses here is the one rule the page backend judged the step on (reach.ts).
    const control = activatedByKey(target, 'Enter');
    if (!control) return;
    if (control === target && target instanceof HTMLInputElement && isTextField(target)) {
      // The form's only field, and no button to click: the form is submitted as such.
      this.beforeSubmit(target);
      target.form?.requestSubmit();
    } else this.activate(control as HTMLElement);
  }

  #tab(from: HTMLElement, backwards: boolean): void {
    const order = this.tabbables().filter((el) => this.allowed(el));
    if (order.length === 0) return;
    const at = order.indexOf(from);
    let next: HTMLElement;
    if (at === -1) {
      // Focus is outside the scope's order: start from the first element after it in the document.
      const after = order.find((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      next = backwards ? order[order.length - 1]! : (after ?? order[0]!);
    } else next = order[(at + (backwards ? -1 : 1) + order.length) % order.length]!;
    next.focus();
    if (isTextField(next)) next.select?.();
  }
}

/** Escape in an open modal dialog asks it to close (its `cancel` event may refuse). */
function closeModal(from: Element): void {
  for (let n: Node | null = from; n; n = composedParent(n)) {
    if (n instanceof HTMLDialogElement && n.open) {
      const dialog = n as HTMLDialogElement & { requestClose?: () => void };
      if (typeof dialog.requestClose === 'function') dialog.requestClose();
      else if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
      return;
    }
  }
}

/** Tab order within a root: elements with a positive tabindex first (by it), then the rest in document order. */
export function tabOrder(root: Element | Document, visible: (el: Element) => boolean): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (node: Element | Document | ShadowRoot | DocumentFragment) => {
    const kids = node instanceof HTMLSlotElement ? (node.assignedElements().length ? node.assignedElements() : Array.from(node.children)) : Array.from(node.children);
    for (const el of kids) {
      if (isFocusable(el, true) && visible(el)) found.push(el as HTMLElement);
      if (el.shadowRoot) visit(el.shadowRoot);
      else visit(el);
    }
  };
  visit(root);
  const positive = found.filter((el) => el.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  return [...positive, ...found.filter((el) => el.tabIndex === 0)];
}

