import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { Signal } from '../shared/base/signals.js';
import { AgentElement } from '../shared/base/agentElement.js';
import { AnnouncerController } from '../shared/controllers/announcer.js';
import { FocusController } from '../shared/controllers/focus.js';
import { StreamIntakeController } from '../shared/controllers/streamIntake.js';
import {
  ComponentStates,
  createOpStream,
  imagePolicy,
  matchChoice,
  plainText,
  sharedStatesFor,
  STATEFUL_TYPES,
  withSharedState,
  type ComponentState,
  type ImagePolicy,
  type MorphAction,
  type OpDocument,
  type OpStream,
  type QuestionData,
} from '../../src/ops/index.js';
import { type Source, type SourceInput, errorText, assertSource, hasOwn, isJsonObject } from '../../src/stream/index.js';
import { fill } from '../../strings/en.js';
import { IssueQueue } from './model/issueQueue.js';
import { FormTracker } from './model/formTracker.js';
import { ScreenPacing } from '../shared/screen/pacing.js';
import { QuizTracker } from './model/quizTracker.js';
import { MorphActionEvent, MorphEndEvent, MorphIssueEvent, MorphStateEvent, type DiagOrigin, type IssueSource, type MorphIssue } from './events.js';
import type { MorphContext } from './screenContext.js';
import { screenStyles } from './styles.js';
import { appTags, type AppComponentEntry } from '../shared/screen/appComponents.js';
import { ScreenController } from '../shared/screen/screenController.js';
import { children } from './views/children.js';
import { viewStyles } from './views/index.js';

/** Anything `stream()` reads: a fetch Response, a ReadableStream, an async or sync iterable of text or UTF-8 bytes, or a string. */
export type StreamSource = Source;

/**
 * The app's hook from an action to the model's next turn: return the next answer's op stream (anything
 * `stream()` takes, or a promise of it) and the screen draws it in place of this one; return nothing to
 * handle the action some other way. Called for `ask`, `submit`, `quiz` and `vote` (a `state` action has no
 * model turn), after `morph-action`, unless a listener called `preventDefault()`.
 */
export type MorphRespond = (action: MorphAction) => SourceInput | void | null | PromiseLike<SourceInput | void | null>;

/**
 * The app's own elements for component names: name → `{ tag }` (`{ Map: { tag: 'my-map' } }`), the registry
 * shape `<omni-screen>` takes too.
 */
export type ComponentTags = Readonly<Record<string, AppComponentEntry>>;

const untracked = <T>(fn: () => T): T => Signal.subtle.untrack(fn);

/** One document and everything that belongs to it; `reset()` makes a new one. */
interface Answer {
  readonly generation: number;
  readonly stream: OpStream;
  readonly doc: OpDocument;
  readonly states: ComponentStates;
  readonly context: MorphContext;
  /** State given before its node arrived, applied when it closes (or refused at the end). */
  readonly waitingState: Map<string, unknown>;
  /** What `morph-issue` carried for this answer, in order: `issues`. */
  readonly issues: MorphIssue[];
  ended: boolean;
  /** `end()` was called: the input is over, and a `write()` starts a new answer. */
  inputEnded: boolean;
}

/**
 * `<morph-screen>` draws an answer document that arrives as an op stream (`{"op":"open",…}` JSON lines, or SSE
 * `data:` lines carrying them) while it streams: prose, tables, code, charts, quizzes, polls, checklists,
 * flashcards, what-if sliders, tabs and forms. Feed it with `write()`/`end()` or `stream()`.
 *
 * Each node draws in its own small element, made once: an op re-renders only the nodes it touched, and a
 * field keeps its focus and caret while the answer grows. A component still streaming shows a shimmering
 * block of its size; once the input is over, one whose data never came says so, and nothing stays busy. A bad
 * op never takes the rest with it: a refused node keeps its place (a small block saying a part can't be shown,
 * where it had content), a bad span or item is left out, a value the format doesn't define uses its default,
 * a picture that fails to load says what it showed. However much arrives at once, writing and drawing share a
 * budget per task, so the page keeps painting and answering.
 *
 * The stream is untrusted: its words are text, shown without the direction controls that would make them show
 * something else (`streamText()`), each run isolated; links and images are http(s) only (links open in a new
 * tab with `rel="noopener noreferrer"`; images also pass the `images` policy); it never picks a colour, a class
 * or a tag.
 *
 * Taps become the format's actions (`morph-action`); the `respond` hook can turn one into the next answer.
 * What the person did is component state, readable and settable as plain JSON (`state`), and can be bound to
 * AG-UI shared state under the `morphscreen` key (`messageId`, `applySharedState()`, `toSharedState()`).
 *
 * @summary Draws an answer document from an op stream while it streams, and turns taps into the format's actions.
 *
 * @fires {MorphActionEvent} morph-action - A person's tap made an action; `action` is exactly the format's action object (`ask`, `submit`, `quiz`, `vote`, `state`). Cancelable: `preventDefault()` keeps `respond` from running.
 * @fires {MorphIssueEvent} morph-issue - An issue: an op the engine refused or changed (`origin` engine), the stream's own diag op (`stream`), or the element's (`element`: `node_crashed`, `state_refused`, `respond_failed`).
 * @fires {MorphEndEvent} morph-end - The stream ended: by its `end` op, or its input ending without one (`end` null). Once per answer.
 * @fires {MorphStateEvent} morph-state - The person changed a component's state: `node`, `component`, `state`. State the app sets sends none.
 *
 * @slot map-<id> - The app's own map for the Map component of node `<id>` (e.g. `slot="map-3"`), shown above its table of places.
 *
 * @csspart answer - The column holding the answer (`aria-busy="true"` while it streams or the next turn is awaited).
 * @csspart notice - The answer's own notices: the connection was lost, the answer was cut short, the next answer couldn't be loaded.
 * @csspart status - The line saying the next answer is being written (while `respond` works).
 * @csspart fallback - The block standing in for a part that didn't arrive, was refused or failed to draw.
 * @csspart link - A link from the stream.
 * @csspart image - An image from the stream.
 * @csspart image-blocked - The words standing in for an image the policy refused.
 * @csspart table - A table's scroll region.
 * @csspart code - A code block.
 * @csspart card - A Card.
 * @csspart badge - A Badge.
 * @csspart button - A Button (and the element's own buttons in components).
 * @csspart chart - A Chart (`<ae-chart>`).
 * @csspart map - A Map: the app's map slot and its table of places.
 * @csspart follow-ups - The list of FollowUps; each is a `follow-up`.
 * @csspart follow-up - One follow-up button.
 * @csspart gallery - A Gallery.
 * @csspart question - A Question; its choices are `choice`.
 * @csspart choice - A choice of a Question or an option of a Poll.
 * @csspart quiz - A Quiz.
 * @csspart quiz-score - The score line of a finished Quiz.
 * @csspart poll - A Poll.
 * @csspart checklist - A Checklist.
 * @csspart flashcards - A Flashcards.
 * @csspart flashcard - The card shown.
 * @csspart what-if - A WhatIf.
 * @csspart slider - A What-if Slider's range.
 * @csspart result - A What-if Result.
 * @csspart tabs - A Tabs; each tab button is `tab`.
 * @csspart tab - One tab of a tab list.
 * @csspart details - A Details.
 * @csspart form - A Form.
 * @csspart field - The control of a field.
 * @csspart field-group - The group of a Radio or Checkboxes.
 * @csspart switch - A Switch's control.
 * @csspart error - A field's message.
 * @csspart announcer - The visually hidden polite live region.
 *
 * @cssprop --ae-accent - Links, primary buttons, the open tab, chosen answers.
 * @cssprop --ae-success - A right answer, a done task.
 * @cssprop --ae-danger - A wrong answer, a field's message.
 */
export class MorphScreenElement extends AgentElement {
  static override styles = [AgentElement.styles, screenStyles, ...viewStyles];

  /**
   * The app's hook from an action to the next turn: `(action) => source | Promise<source> | void`. When it
   * returns a source (a Response, a promise of one, a ReadableStream, an async iterable, a string), the screen
   * starts over with it, like `reset()` then `stream(source)`: the next answer replaces this one. For a
   * conversation with one element per turn, handle `morph-action` instead and return nothing here. While
   * the hook works the answer is marked busy; a hook that throws leaves the answer as it is, tells the reader
   * the next answer couldn't be loaded (a Form it was sending can be sent again), and reports `respond_failed`
   * (`morph-issue`). Focus on the answer replaced (the control pressed) goes to the answer's column, not to the
   * page, and the live region says when the next answer has been written.
   */
  @property({ attribute: false }) respond?: MorphRespond;

  /** The AG-UI message this answer is, for its component state in shared state (`morphscreen[messageId]`). */
  @property({ attribute: 'message-id' }) messageId?: string;

  #images: ImagePolicy = 'all';
  readonly #imageTest = new Signal.State<(src: string) => boolean>(imagePolicy('all'));
  #components: ComponentTags = {};
  readonly #tags = new Signal.State<Readonly<Record<string, string>>>({});
  readonly #answer: Signal.State<Answer>;
  readonly #waitingTurn = new Signal.State(false);
  /** The app's hook failed to bring the next answer: the reader is told, until the next turn or answer. */
  readonly #turnFailed = new Signal.State(false);
  /** The generation (each answer a new one), redrawing on words and locale, crash reports: the screen kernel. */
  readonly #kernel = new ScreenController(this, {
    nodeTag: 'morph-node',
    looks: () => ({ words: this.words, locale: this.resolvedLocale }),
    report: (crash) => this.#issue('element', crash),
  });

  readonly #intake = new StreamIntakeController(this, '<morph-screen>.stream()', 'the op stream');
  readonly #announcer = new AnnouncerController(this);
  readonly #focus = new FocusController(this);
  readonly #issueQueue = new IssueQueue();
  /** What each `stream()`, and `write()`, still has to write: a big answer goes in a budget per task. */
  readonly #pacing = new ScreenPacing();

  constructor() {
    super();
    this.#answer = new Signal.State(this.#start());
  }

  /**
   * Which stream images load: `'all'` (any http(s) image, the default), `'none'`, or
   * `{origins: ['https://cdn.example.com']}`. Applied when images are drawn, so changing it redraws the
   * images without reading the stream again. A malformed policy is a TypeError, thrown here.
   */
  get images(): ImagePolicy {
    return this.#images;
  }
  set images(policy: ImagePolicy) {
    const test = imagePolicy(policy ?? 'all');
    this.#images = policy ?? 'all';
    this.#imageTest.set(test);
  }

  /**
   * The app's own elements for component names: `{ Map: { tag: 'my-map' }, Timeline: { tag: 'my-timeline' } }`
   * (the registry shape of `<omni-screen>`; a bare tag string is left out, with a warning in development
   * builds). The screen makes
   * one element per component and sets its attributes as properties (safe names only), plus `attrs`, `spans`,
   * `data`, `closed` and `nodeId`; the component's children draw into its light DOM (show them with a
   * `<slot>`). A registered name wins over the element's own view; an invalid tag is ignored; until the tag
   * is defined the component draws as a neutral container.
   */
  get components(): ComponentTags {
    return this.#components;
  }
  set components(tags: ComponentTags) {
    this.#components = tags ?? {};
    this.#tags.set(appTags(tags, '<morph-screen>'));
  }

  /**
   * Component state by node id, as plain JSON: Quiz `{answers}`, Flashcards `{known}`, Poll `{vote}`,
   * Checklist `{done}`, WhatIf `{values}`, Form `{fields}` (files and locations stay on the device). Reading
   * gives every such component of the document as it is now. Setting updates the components and sends no
   * action: each entry is checked against its node; one refused is reported (`morph-issue`, `state_refused`)
   * and the rest are kept; an entry for a node that hasn't arrived yet is applied when it closes. `null`
   * forgets everything set.
   */
  get state(): Record<string, ComponentState> {
    const { doc, states } = this.#answer.get();
    return untracked(() => {
      const out: Record<string, ComponentState> = {};
      const visit = (id: string) => {
        const node = doc.node(id);
        if (!node) return;
        if (STATEFUL_TYPES.includes(node.type) && node.refused?.what !== 'node') {
          const s = states.get(id);
          if (s) out[id] = JSON.parse(JSON.stringify(s)) as ComponentState;
        }
        for (const c of node.children) visit(c);
      };
      for (const id of doc.roots) visit(id);
      return out;
    });
  }
  set state(value: Record<string, unknown> | null) {
    const answer = untracked(() => this.#answer.get());
    if (value === null || value === undefined) {
      for (const id of Object.keys(answer.states.toJSON())) answer.states.clear(id);
      answer.waitingState.clear();
      return;
    }
    if (!isJsonObject(value)) throw new TypeError('<morph-screen>.state must be an object of node ids to states, or null');
    for (const id of Object.keys(value)) this.#setState(answer, id, value[id]);
  }

  /** The document drawn now (its fields are signals; read it after `morph-end` or in an effect). */
  get document(): OpDocument {
    return this.#answer.get().doc;
  }

  /**
   * Every issue of this answer so far, in order: what each `morph-issue` carried as `issue` (the engine's, the
   * stream's diag ops, the element's own). Empty again when the screen starts over (`reset()`, a new stream).
   */
  get issues(): readonly MorphIssue[] {
    return [...untracked(() => this.#answer.get()).issues];
  }

  /**
   * Feeds a chunk of the stream: text, or UTF-8 bytes split anywhere (JSON lines or SSE, told by the first line).
   * It is read at once, unless this task has already spent its time on answers (the page's own loop writing a
   * whole answer in one task): then it is read in the next tasks, in order, as `stream()` reads, so the page
   * keeps painting and answering input; `updateComplete` waits for it, and an `end()` meanwhile ends the answer
   * after it. One stream at a time: a `write()` after `end()` starts a new answer (as `reset()` does), and one
   * while `stream()` reads replaces that stream (it rejects with an AbortError).
   */
  write(chunk: string | Uint8Array | ArrayBuffer): void {
    if (this.#intake.reading || untracked(() => this.#answer.get()).inputEnded) this.#startOver('<morph-screen>.write()');
    // It writes at once while the task's budget lasts, else later.
    this.#pacing.writer((text) => this.#write(text), this.#isCurrent()).push(chunk);
  }

  /** Whether the answer drawn now is still the one drawn when this was asked. */
  #isCurrent(): () => boolean {
    const answer = untracked(() => this.#answer.get());
    return () => untracked(() => this.#answer.get()) === answer;
  }

  #write(chunk: string | Uint8Array | ArrayBuffer): void {
    const answer = untracked(() => this.#answer.get());
    answer.stream.write(chunk);
    this.#afterWrite(answer);
  }

  /**
   * The input ended: a last line without a newline counts, and `morph-end` goes out if it hasn't — at once, or,
   * when written chunks still wait for their task, once they are read.
   */
  end(): void {
    const answer = untracked(() => this.#answer.get());
    if (answer.inputEnded) return;
    answer.inputEnded = true;
    const waiting = this.#pacing.written;
    if (waiting?.pending) {
      void waiting.done().then(() => {
        if (untracked(() => this.#answer.get()) === answer) this.#endNow(answer);
      });
      return;
    }
    this.#endNow(answer);
  }

  #endNow(answer: Answer): void {
    answer.stream.end();
    this.#afterWrite(answer);
    this.#ended(answer);
  }

  /** Clears the answer (its `issues` too) and starts a new document. A `stream()` still reading stops (it resolves, writing nothing more). */
  reset(): void {
    this.#intake.abort();
    this.#pacing.stop();
    this.#announcer.clear();
    this.#kernel.clearSourceFailure();
    this.#waitingTurn.set(false);
    this.#turnFailed.set(false);
    this.#answer.set(this.#start());
  }

  /**
   * Reads a whole op stream into the screen and ends it however the source ends: a Response (or a promise of
   * one: `stream(fetch(url))`), a ReadableStream, an async or sync iterable of text or bytes, or a string;
   * JSON lines or SSE `data:` lines, told by the first line. Resolves when the stream has ended. Rejects with
   * the source's error (or a `SourceError`, with its `status`, for an error status) after ending the answer,
   * which then says what happened (the server answered 404, or the connection was lost); rejects with a
   * TypeError, touching nothing, when `source` is none of those kinds. A source that delivers a lot at once is
   * written a slice at a time, with a turn for the page about every frame, so input and painting go on.
   *
   * One stream at a time: `stream()` starts a new answer (as `reset()` does) and stops a `stream()` still
   * reading, which rejects with a `DOMException` named `AbortError` and writes nothing more; a `write()` replaces
   * it the same way. `reset()` stops it too: it then resolves and writes nothing more.
   */
  async stream(source: SourceInput): Promise<void> {
    assertSource(source, '<morph-screen>.stream()');
    this.#startOver('<morph-screen>.stream()');
    const current = this.#isCurrent();
    const read = await this.#pacing.read(this.#intake, source, (chunk) => this.#write(chunk), current);
    this.#kernel.endRead(read, () => this.end(), current());
  }

  /** Starts a new answer for a new source: whatever `stream()` still reads is replaced by `by` (an AbortError). */
  #startOver(by: string): void {
    this.#intake.supersede(by);
    this.reset();
  }

  /**
   * Answers a Question as if the person had chosen: `given` names a choice by its letter (`"B"`), its number
   * from 1 (`2`, `"2"`) or its words (`"Jupiter"`), the engine's matching. The state changes and the actions
   * a tap would send go out. False when the Question isn't there yet, the answer names no single choice, or
   * it was answered already.
   */
  answer(questionId: string, given: string | number): boolean {
    const { doc, context } = untracked(() => this.#answer.get());
    return untracked(() => {
      const node = doc.node(questionId);
      if (!node || node.type !== 'Question' || node.dataKind !== 'question') return false;
      const choice = matchChoice(given, (node.data as QuestionData).items.map((i) => plainText(i)));
      if (choice === null) return false;
      const quiz = node.parent === null ? undefined : doc.node(node.parent);
      if (quiz?.type !== 'Quiz') return context.quizzes.answerLone(node.id, choice);
      const index = quiz.children.filter((c) => doc.node(c)?.type === 'Question').indexOf(node.id);
      return context.quizzes.answer(quiz.id, index, choice);
    });
  }

  /**
   * Sets component state from AG-UI shared state: the states under `morphscreen[messageId]`, by node id, as
   * `state` does (checked; sends no action). Needs `messageId`.
   */
  applySharedState(shared: unknown): void {
    const messageId = this.#messageIdOrThrow('applySharedState');
    const answer = untracked(() => this.#answer.get());
    for (const [id, s] of sharedStatesFor(shared, messageId)) this.#setState(answer, id, s);
  }

  /**
   * A copy of AG-UI shared state with this answer's component state written under `morphscreen[messageId]`,
   * by node id; everything else is kept, and `shared` itself is never changed. Needs `messageId`.
   */
  toSharedState(shared: unknown = {}): Record<string, unknown> {
    const messageId = this.#messageIdOrThrow('toSharedState');
    let out = withSharedState(shared, messageId, '', null);
    // withSharedState copies; the empty node id written and removed above just makes the message's entry exist.
    for (const [id, s] of Object.entries(this.state)) out = withSharedState(out, messageId, id, s);
    return out;
  }

  #messageIdOrThrow(method: string): string {
    if (typeof this.messageId !== 'string' || this.messageId === '') throw new TypeError(`<morph-screen>.${method}(): set messageId first`);
    return this.messageId;
  }

  /** Waits, too, for what `write()` put off to a later task to be read. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.#pacing.written?.done();
    return super.getUpdateComplete();
  }

  protected override render(): TemplateResult {
    const answer = this.#answer.get();
    const doc = answer.doc;
    const w = this.words;
    const end = doc.end;
    const waiting = this.#waitingTurn.get();
    const busy = waiting || (answer.stream.transport !== null && !doc.finished && end === null);
    return html`<div class="answer" part="answer" aria-busy=${busy ? 'true' : nothing}>
        ${keyed(answer.generation, html`<div class="answer-body">${children(doc.roots, answer.context)}</div>`)}
        ${end?.truncated ? html`<p class="screen-notice" part="notice" role="note">${w.answerTruncated}</p>` : nothing}
        ${this.#kernel.sourceNotice(({ status, notTheFormat }) => (notTheFormat ? w.answerNotTheFormat : status > 0 ? fill(w.answerServerAnswered, { status }) : w.answerConnectionLost), 'notice')}
        ${this.#turnFailed.get() ? html`<p class="screen-notice" part="notice" role="alert">${w.answerNextFailed}</p>` : nothing}
        <p class="visually-hidden" part="status" role="status">${waiting ? w.answerWriting : ''}</p>
      </div>
      ${this.#announcer.render()}`;
  }

  // ——— one answer ———

  #start(): Answer {
    const generation = this.#kernel.next();
    const stream = createOpStream();
    const doc = stream.document;
    const states = new ComponentStates(doc);
    this.#issueQueue.follow(doc);
    const fire = (e: Event) => this.#fire(e);
    const changed = (id: string) => {
      const node = doc.node(id);
      const s = untracked(() => states.get(id));
      if (node && s) fire(new MorphStateEvent(id, node.type, JSON.parse(JSON.stringify(s)) as ComponentState));
    };
    const act = (action: MorphAction) => this.#act(action, generation);
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const screen = this;
    const forms = new FormTracker(doc, states, {
      act,
      stateChanged: changed,
      announce: (words) => this.#announcer.announce(words),
      focusField: (id) => this.#focusField(id),
      get words() {
        return screen.words;
      },
    });
    const quizzes = new QuizTracker(doc, states, act, changed);
    const broken = new Signal.State<ReadonlySet<string>>(new Set());
    const context: MorphContext = {
      doc,
      states,
      forms,
      quizzes,
      get words() {
        return screen.words;
      },
      get locale() {
        return screen.resolvedLocale;
      },
      imageAllowed: (src) => this.#imageTest.get()(src),
      imageFailed: (src) => broken.get().has(src),
      imageBroke: (src) => {
        if (!untracked(() => broken.get()).has(src)) broken.set(new Set([...untracked(() => broken.get()), src]));
      },
      appTag: (type) => {
        const tags = this.#tags.get();
        return hasOwn(tags, type) ? tags[type] : undefined;
      },
      act,
      stateChanged: changed,
      announce: (words) => this.#announcer.announce(words),
      reveal: (el) => this.#focus.reveal(el),
      crashed: (node, error) => this.#kernel.crashed(node, error),
      noted: (node, code, message) => queueMicrotask(() => this.#issue('element', { code, severity: 'warning', line: node.line, id: node.id, message })),
    };
    return { generation, stream, doc, states, context, waitingState: new Map(), issues: [], ended: false, inputEnded: false };
  }

  #afterWrite(answer: Answer): void {
    this.#issueQueue.flush(answer.doc, (origin, from) => this.#issue(origin, from));
    if (answer.waitingState.size > 0) {
      for (const [id, s] of [...answer.waitingState]) {
        const node = answer.doc.node(id);
        if (node && untracked(() => node.closed)) {
          answer.waitingState.delete(id);
          this.#setState(answer, id, s, true);
        }
      }
    }
    if (untracked(() => answer.doc.end) !== null) this.#ended(answer);
  }

  #ended(answer: Answer): void {
    if (answer.ended) return;
    answer.ended = true;
    const doc = answer.doc;
    // Nodes that never came won't come now: their state is refused; the rest is checked as they are.
    const waiting = [...answer.waitingState];
    answer.waitingState.clear();
    for (const [id, value] of waiting) this.#setState(answer, id, value, true);
    this.#fire(new MorphEndEvent(untracked(() => doc.end), untracked(() => doc.issues)));
  }

  /** `shown`: the state was kept while its node was open; refused now that the node is whole, it is taken back. */
  #setState(answer: Answer, id: string, value: unknown, shown = false): void {
    const node = answer.doc.node(id);
    if (!node) {
      if (answer.ended) this.#refuseState(id, `no node "${id.slice(0, 40)}" in the answer`);
      else answer.waitingState.set(id, value); // kept until the node arrives and closes
      return;
    }
    // Open, only its shape can be checked now: it is checked again, against what it holds, when it closes.
    if (!answer.ended && !untracked(() => node.closed)) answer.waitingState.set(id, value);
    const result = answer.states.set(id, value);
    if (result.ok) return;
    if (shown) answer.states.clear(id);
    this.#refuseState(id, result.message);
  }

  #refuseState(id: string, message: string): void {
    this.#issue('element', { code: 'state_refused', severity: 'error', line: null, id, message });
  }

  // ——— actions ———

  #act(action: MorphAction, generation: number): void {
    if (!this.#kernel.isCurrent(generation)) return;
    const event = new MorphActionEvent(action);
    this.#fire(event);
    if (event.defaultPrevented || action.type === 'state' || typeof this.respond !== 'function') return;
    void this.#turn(this.respond, action, generation);
  }

  /**
   * Asks the app's hook for the next answer and draws it in place of this one. A hook that fails leaves this
   * answer as it is and says so to the reader (and in `morph-issue`); a Form it was sending may be sent again.
   */
  async #turn(respond: MorphRespond, action: MorphAction, generation: number): Promise<void> {
    this.#waitingTurn.set(true);
    this.#turnFailed.set(false);
    let source: SourceInput | void | null;
    try {
      source = await respond(action);
    } catch (error) {
      if (this.#kernel.isCurrent(generation)) {
        this.#waitingTurn.set(false);
        this.#turnFailed.set(true);
        if (action.type === 'submit') untracked(() => this.#answer.get()).context.forms.unsend(action.node);
        this.#respondFailed(error);
      }
      return;
    }
    if (!this.#kernel.isCurrent(generation)) return;
    this.#waitingTurn.set(false);
    if (source === undefined || source === null) return;
    const focused = this.#focusInAnswer();
    this.reset();
    if (focused) this.#focusAnswer();
    try {
      const read = this.stream(source);
      const next = untracked(() => this.#answer.get());
      await read;
      if (untracked(() => this.#answer.get()) === next) this.#announcer.announce(this.words.answerArrived);
    } catch (error) {
      // The next answer started and its source failed: it says the connection was lost.
      this.#respondFailed(error);
    }
  }

  /** True when focus is inside the answer drawn now (a control the person pressed to get the next one). */
  #focusInAnswer(): boolean {
    const active = (this.renderRoot as ShadowRoot).activeElement;
    return active !== null && this.renderRoot.querySelector('.answer-body')?.contains(active) === true;
  }

  /**
   * Focus on a control of an answer being replaced would fall to the page with it, and a keyboard user would start
   * over from the top: it goes to the answer's column instead (focusable only until focus leaves it), which stays
   * while the next answer is written into it.
   */
  #focusAnswer(): void {
    const column = this.renderRoot.querySelector<HTMLElement>('[part="answer"]');
    if (!column) return;
    column.tabIndex = -1;
    column.addEventListener('blur', () => column.removeAttribute('tabindex'), { once: true });
    column.focus();
  }

  #respondFailed(error: unknown): void {
    this.#issue('element', { code: 'respond_failed', severity: 'error', line: null, message: `respond failed: ${errorText(error)}` });
  }

  /** Shows a Form's field (opening the Tabs or Details around it), then focuses its control. */
  async #focusField(id: string): Promise<void> {
    const el = this.renderRoot.querySelector<HTMLElement>(`[data-field="${CSS.escape(id)}"]`);
    if (el) await this.#focus.reveal(el);
  }

  #fire(event: Event): void {
    this.dispatchEvent(event);
  }

  #issue(origin: DiagOrigin, from: IssueSource): void {
    const event = new MorphIssueEvent(origin, from);
    untracked(() => this.#answer.get()).issues.push(event.issue);
    this.#fire(event);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'morph-screen': MorphScreenElement;
  }
}
