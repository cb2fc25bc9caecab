/**
 * Component state: what the reader has done to the interactive components, as plain JSON per node in the same
 * shape on every platform, so it can be saved, restored and shared with an agent. State set from outside (an
 * app, an agent) is checked here and refused with a message when its shape is wrong; setting it never sends
 * an action.
 */
import { Signal } from '../signals.js';
import type { OpDocument } from './document.js';
import { choiceOptions, fieldValueProblem, formFields, isFieldKey, keepsAsState, type FormField } from './form.js';
import { quizQuestions } from './quiz.js';
import type { ChecklistData, ListData } from './types.js';
import { isSliderName, startingValues } from './whatif.js';
import { describe } from '../stream/errors.js';
import { ownValue } from '../stream/ownProperty.js';

/** A Quiz's state. */
export interface QuizState {
  /** The chosen choice's index per question, or null. */
  readonly answers: readonly (number | null)[];
}
/** A Flashcards' state. */
export interface FlashcardsState {
  /** Indexes of the cards marked known, ascending. */
  readonly known: readonly number[];
}
/** A Poll's state: the option voted for, or null. */
export interface PollState {
  readonly vote: string | null;
}
/** A Checklist's state. */
export interface ChecklistState {
  /** Indexes of the items ticked, ascending. */
  readonly done: readonly number[];
}
/** A What-if's state: the Sliders as they are now. */
export interface WhatIfState {
  /** Each Slider's value by name. */
  readonly values: Readonly<Record<string, number>>;
}
/** A form value kept as state: files and locations stay on the device. */
export type FormStateValue = string | number | boolean | readonly string[];
/** A Form's state: the values that may leave the device, by field key. */
export interface FormState {
  readonly fields: Readonly<Record<string, FormStateValue>>;
}
/** The state of any component that has one. */
export type ComponentState = QuizState | FlashcardsState | PollState | ChecklistState | WhatIfState | FormState;

/** The components that have state. */
export const STATEFUL_TYPES: readonly string[] = Object.freeze(['Quiz', 'Flashcards', 'Poll', 'Checklist', 'WhatIf', 'Form']);

/** What the document knows about a component, to check state against it; every field optional. */
export interface StateContext {
  /** Questions (Quiz), cards (Flashcards) or items (Checklist). */
  readonly count?: number;
  /** Choices of each question (Quiz). */
  readonly choices?: readonly number[];
  /** The options a vote may name (Poll). */
  readonly options?: readonly string[];
  /** The Sliders' names (WhatIf). */
  readonly sliders?: readonly string[];
  /** The fields (Form). */
  readonly fields?: readonly FormField[];
}

/** State that passed its check (a canonical copy), or why it was refused. */
export type StateCheck = { readonly ok: true; readonly state: ComponentState } | { readonly ok: false; readonly message: string };

const MAX_ENTRIES = 10_000;
const MAX_KEYS = 256;

const no = (message: string): StateCheck => ({ ok: false, message });

/** Own enumerable keys of a plain object, or null for anything else (an array, null, a class instance's fields are fine). */
function entries(value: unknown, max: number): [string, unknown][] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: [string, unknown][] = [];
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
    if (out.length >= max) return null;
    out.push([k, (value as Record<string, unknown>)[k]]);
  }
  return out;
}


function indexes(list: unknown, what: string, count: number | undefined): readonly number[] | string {
  if (!Array.isArray(list) || list.length > MAX_ENTRIES) return `${what} must be a list of indexes`;
  const seen = new Set<number>();
  for (const i of list) {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0) return `${what} must list whole numbers from 0; it has ${describe(i)}`;
    if (count !== undefined && i >= count) return `${what} lists ${i}, but there are only ${count}`;
    seen.add(i);
  }
  return [...seen].sort((a, b) => a - b);
}

/**
 * Checks state given for a component of `type`, against what the document knows of it when `context` is given.
 * Returns a fresh copy in the canonical shape (index lists ascending without repeats, a Quiz's answers padded
 * with null to its questions), or why it was refused.
 */
export function checkState(type: string, value: unknown, context: StateContext = {}): StateCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return no(`${type} state must be an object, not ${describe(value)}`);
  switch (type) {
    case 'Quiz': {
      const answers = ownValue(value, 'answers');
      if (!Array.isArray(answers) || answers.length > MAX_ENTRIES) return no('Quiz state is {answers: [index or null per question]}');
      const { count, choices } = context;
      if (count !== undefined && answers.length > count) return no(`Quiz state has ${answers.length} answers for ${count} questions`);
      const out: (number | null)[] = [];
      for (let q = 0; q < answers.length; q++) {
        const a: unknown = answers[q];
        if (a === null || a === undefined) out.push(null);
        else if (typeof a !== 'number' || !Number.isInteger(a) || a < 0) return no(`Quiz answer ${q + 1} must be a choice's index or null, not ${describe(a)}`);
        else if (choices?.[q] !== undefined && a >= choices[q]!) return no(`Quiz answer ${q + 1} is ${a}, but question ${q + 1} has ${choices[q]} choices`);
        else out.push(a);
      }
      while (count !== undefined && out.length < count) out.push(null);
      return { ok: true, state: { answers: out } };
    }
    case 'Flashcards':
    case 'Checklist': {
      const key = type === 'Flashcards' ? 'known' : 'done';
      const list = indexes(ownValue(value, key), `${type} state's ${key}`, context.count);
      return typeof list === 'string' ? no(list) : { ok: true, state: type === 'Flashcards' ? { known: list } : { done: list } };
    }
    case 'Poll': {
      const vote = ownValue(value, 'vote') ?? null;
      if (vote === null) return { ok: true, state: { vote } };
      if (typeof vote !== 'string') return no(`Poll state is {vote: an option or null}, not a vote of ${describe(vote)}`);
      if (context.options && !context.options.includes(vote)) return no(`Poll has no option ${JSON.stringify(vote.slice(0, 60))}`);
      return { ok: true, state: { vote } };
    }
    case 'WhatIf': {
      const given = entries(ownValue(value, 'values'), MAX_KEYS);
      if (!given) return no(`WhatIf state is {values: {slider name: number}}, with at most ${MAX_KEYS} sliders`);
      const out: [string, number][] = [];
      for (const [name, v] of given) {
        if (!isSliderName(name)) return no(`WhatIf has no slider that could be named ${JSON.stringify(name.slice(0, 60))}`);
        if (context.sliders && !context.sliders.includes(name)) return no(`WhatIf has no slider ${JSON.stringify(name)}`);
        if (typeof v !== 'number' || !Number.isFinite(v)) return no(`WhatIf value ${name} must be a number, not ${describe(v)}`);
        out.push([name, v]);
      }
      return { ok: true, state: { values: Object.fromEntries(out) } };
    }
    case 'Form': {
      const given = entries(ownValue(value, 'fields'), MAX_KEYS);
      if (!given) return no(`Form state is {fields: {name: value}}, with at most ${MAX_KEYS} fields`);
      const byKey = context.fields ? new Map(context.fields.filter((f) => f.key !== null).map((f) => [f.key!, f])) : null;
      const out: [string, FormStateValue][] = [];
      for (const [key, v] of given) {
        if (!isFieldKey(key)) return no(`Form field key ${JSON.stringify(key.slice(0, 60))} can't be used`);
        const f = byKey?.get(key);
        if (byKey && !f) return no(`the Form has no field ${JSON.stringify(key)}`);
        if (f && !keepsAsState(f.kind)) return no(`Form field ${key} (${f.type}) stays on the device; it isn't kept as state`);
        const problem = f
          ? fieldValueProblem(f.kind, v)
          : typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))
            ? null
            : fieldValueProblem('options', v);
        if (problem !== null) return no(`Form field ${key} ${problem}`);
        out.push([key, Array.isArray(v) ? [...(v as string[])] : (v as FormStateValue)]);
      }
      return { ok: true, state: { fields: Object.fromEntries(out) } };
    }
  }
  return no(`${type} has no state (only ${STATEFUL_TYPES.join(', ')} do)`);
}

/**
 * What the document knows for sure about a component, for `checkState`: nothing until it is closed (questions,
 * items, Sliders and fields may still be arriving), then its counts, Slider names and fields. Reads signals, so
 * a renderer tracks it.
 */
export function stateContext(doc: OpDocument, id: string): StateContext {
  const node = doc.node(id);
  if (!node || !node.closed) return {};
  switch (node.type) {
    case 'Quiz': {
      const qs = quizQuestions(doc, id);
      return { count: qs.length, choices: qs.map((q) => q.choices.length) };
    }
    case 'Checklist':
      return node.dataKind === 'checklist' ? { count: (node.data as ChecklistData).checks.length } : {};
    case 'Flashcards':
      if (node.dataKind === 'list') return { count: (node.data as ListData).items.length };
      return node.children.length > 0 ? { count: node.children.length } : {};
    case 'WhatIf':
      return { sliders: [...startingValues(sliderAttrs(doc, id)).keys()] };
    case 'Form':
      return { fields: formFields(doc, id) };
    case 'Poll':
      return { options: choiceOptions(node) };
  }
  return {};
}

function sliderAttrs(doc: OpDocument, id: string) {
  const out = [];
  for (const c of doc.node(id)?.children ?? []) {
    const n = doc.node(c);
    if (n?.type === 'Slider' && n.refused?.what !== 'node') out.push(n.attrs);
  }
  return out;
}

/**
 * The state a component starts with, before anyone acts: no answers, nothing known, no vote, the items the
 * stream marked done, the Sliders' starting values, no field values. Null for a component without state.
 */
export function initialState(doc: OpDocument, id: string): ComponentState | null {
  const node = doc.node(id);
  // A refused node is no component, whatever its type says.
  if (!node || node.refused?.what === 'node') return null;
  switch (node.type) {
    case 'Quiz':
      return { answers: quizQuestions(doc, id).map(() => null) };
    case 'Flashcards':
      return { known: [] };
    case 'Poll':
      return { vote: null };
    case 'Checklist': {
      const done: number[] = [];
      if (node.dataKind === 'checklist') (node.data as ChecklistData).checks.forEach((c, i) => c.done && done.push(i));
      return { done };
    }
    case 'WhatIf':
      return { values: Object.fromEntries(startingValues(sliderAttrs(doc, id))) };
    case 'Form':
      return { fields: {} };
  }
  return null;
}

/**
 * The component state of one document, per node, as signals: `get` is tracked, `set` checks the state against
 * the node and the document before keeping it. A renderer writes here when the reader acts (then sends the
 * action); an app or agent writes here to set components (and no action is sent).
 */
export class ComponentStates {
  private readonly given = new Map<string, ComponentState>();
  private readonly sigs = new Map<string, Signal.State<ComponentState | undefined>>();

  constructor(private readonly doc: OpDocument) {}

  /** The node's state: what was set, else its initial state; null for a node without state (tracked). */
  get(id: string): ComponentState | null {
    let s = this.sigs.get(id);
    if (!s) this.sigs.set(id, (s = new Signal.State(this.given.get(id))));
    return s.get() ?? initialState(this.doc, id);
  }

  /** Checks and keeps a node's state; the check's result says why when it was refused. */
  set(id: string, value: unknown): StateCheck {
    const node = this.doc.node(id);
    if (!node) return no(`no node "${String(id).slice(0, 40)}" in the document`);
    if (node.refused?.what === 'node') return no(`node "${id}" was refused (${node.refused.code}); it has no state`);
    const checked = checkState(node.type, value, stateContext(this.doc, id));
    if (!checked.ok) return checked;
    this.given.set(id, checked.state);
    this.sigs.get(id)?.set(checked.state);
    return checked;
  }

  /** Forgets what was set for a node (it goes back to its initial state). */
  clear(id: string): void {
    if (!this.given.delete(id)) return;
    this.sigs.get(id)?.set(undefined);
  }

  /** The state that was set, by node id: plain JSON to save or share. */
  toJSON(): Record<string, ComponentState> {
    return Object.fromEntries(this.given);
  }

  /**
   * Sets the state of many nodes from `{nodeId: state}`; returns what was refused and why (the rest is kept).
   */
  load(states: unknown): { readonly node: string; readonly message: string }[] {
    const list = entries(states, MAX_ENTRIES);
    if (!list) return [{ node: '', message: `state must be an object of node ids to states, not ${describe(states)}` }];
    const problems: { node: string; message: string }[] = [];
    for (const [id, s] of list) {
      const r = this.set(id, s);
      if (!r.ok) problems.push({ node: id, message: r.message });
    }
    return problems;
  }
}
