/**
 * The fields of a screen ([8.1]–[8.7]): whether each one's message shows (only after the person left it or a
 * press checked it, [8.5]), what it says, and the edits the person makes. Built-in fields are checked by the
 * engine's `checkField`; an app field ([8.7]) takes only `required`.
 */
import { Signal } from '../../shared/base/signals.js';
import { checkField, type OmniDocument, type OmniNode, type Scalar } from '../../../src/omni-ir/index.js';
import { hasOwn } from '../../../src/stream/index.js';
import { fill, type Strings } from '../../../strings/en.js';
import { editedKey } from '../views/parts.js';
import type { AppComponentView, FieldProblem } from '../screenContext.js';

const FIELD_TYPES = new Set(['Input', 'DateInput', 'Select', 'Switch']);

export interface FieldSource {
  doc(): OmniDocument | null;
  components(): Readonly<Record<string, AppComponentView>>;
  words(): Strings;
}

export class FieldRules {
  readonly #shown = new Map<string, Signal.State<boolean>>();

  constructor(private readonly source: FieldSource) {}

  /** Every message hidden again (a screen started over). */
  clear(): void {
    this.#shown.clear();
  }

  isField(node: OmniNode): boolean {
    if (!node.app) return FIELD_TYPES.has(node.type);
    const components = this.source.components();
    const view = hasOwn(components, node.type) ? components[node.type] : undefined;
    return view?.props?.['value']?.kind === 'state';
  }

  /** What is wrong with the field now, or null. */
  check(node: OmniNode): FieldProblem | null {
    const key = editedKey(node);
    const value = key ? (this.source.doc()?.state(key) ?? null) : null;
    if (!node.app) return checkField(node.type, node.props, value) as FieldProblem | null;
    // An app field takes only `required`: empty text, no number, or a switch not on fails it.
    if (node.props['required'] !== true) return null;
    const decl = this.source.components()[node.type]?.props?.['value'];
    const holds = decl && decl.kind === 'state' ? decl.holds : 'text';
    if (holds === 'boolean') return value === true ? null : { message: 'turnOn' };
    if (holds === 'number') return typeof value === 'number' && Number.isFinite(value) ? null : { message: 'required' };
    return typeof value === 'string' && value.trim() !== '' ? null : { message: 'required' };
  }

  /** The message the field shows now, in the screen's words, or null (reactive). */
  message(node: OmniNode): string | null {
    // Read the signal first, so the node draws again when the message is revealed or hidden.
    if (!this.#signal(node.id).get()) return null;
    const problem = this.check(node);
    if (!problem) return null;
    const w = this.source.words() as Record<string, string>;
    const template = hasOwn(w, problem.message) ? w[problem.message]! : w['fieldErrors']!;
    return fill(template, problem.values ?? {});
  }

  /** The person changed the field: its $key takes the value; a message shown stays until the field passes. */
  edit(node: OmniNode, value: Scalar): void {
    const key = editedKey(node);
    const doc = this.source.doc();
    if (!key || !doc || !doc.hasState(key)) return;
    doc.setState(key, value);
    const shown = this.#signal(node.id);
    if (shown.get() && !this.check(node)) shown.set(false);
  }

  /** The person left the field: from now on its message shows while it fails. */
  leave(node: OmniNode): void {
    if (this.check(node)) this.#signal(node.id).set(true);
  }

  /**
   * A press checks every field on the screen and shows each failing one's message ([8.6]). Returns the ids of
   * the failing fields whose $key the press reads: those stop it.
   */
  checkForPress(reads: ReadonlySet<string>): string[] {
    const doc = this.source.doc();
    if (!doc) return [];
    const blocking: string[] = [];
    for (const field of this.#onScreen(doc)) {
      if (!this.check(field)) continue;
      this.#signal(field.id).set(true);
      const key = editedKey(field);
      if (key && reads.has(key)) blocking.push(field.id);
    }
    return blocking;
  }

  /** The fields on the screen now, in screen order: reachable from root through children. */
  #onScreen(doc: OmniDocument): OmniNode[] {
    const out: OmniNode[] = [];
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const node = doc.node(id);
      if (!node) return;
      if (this.isField(node)) out.push(node);
      for (const child of node.children) walk(child);
    };
    walk('root');
    return out;
  }

  #signal(id: string): Signal.State<boolean> {
    let s = this.#shown.get(id);
    if (!s) this.#shown.set(id, (s = new Signal.State(false)));
    return s;
  }
}
