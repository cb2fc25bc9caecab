import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { Signal } from '../shared/base/signals.js';
import { AgentElement } from '../shared/base/agentElement.js';
import '../shared/elements/placeholder.js';
import { AnnouncerController } from '../shared/controllers/announcer.js';
import { ApprovalController } from '../shared/controllers/approval.js';
import { FocusController } from '../shared/controllers/focus.js';
import { statusLineStyles } from '../shared/controllers/request.js';
import { StreamIntakeController } from '../shared/controllers/streamIntake.js';
import { ScreenController } from '../shared/screen/screenController.js';
import { ScreenPacing } from '../shared/screen/pacing.js';
import type { GenerateOutcome } from '../../src/omni-ir/transport/index.js';
import type {
  Issue,
  OmniDocument,
  PictureFamily,
  PropValue,
  Scalar,
  UpdateResult,
} from '../../src/omni-ir/index.js';
import { type SourceInput, assertSource, hasOwn } from '../../src/stream/index.js';
import { fill } from '../../strings/en.js';
import { componentStyles } from './views/index.js';
import { isStateRef } from './views/parts.js';
import { noticesNow } from './views/notice.js';
import { FieldRules } from './model/fieldRules.js';
import { LiveFeedController } from './controllers/liveFeed.js';
import { ServerPresses } from './model/serverPresses.js';
import { GenerateRun } from './model/generateRun.js';
import { Presses } from './model/presses.js';
import { ScreenParser } from './model/screenParser.js';
import type { ActionRules } from '../../src/actions/index.js';
import {
  OmniEndEvent,
  OmniGenerateEndEvent,
  OmniIssueEvent,
  OmniLiveEvent,
  OmniUpdateEvent,
  type UpdateSource,
} from './events.js';
import type { AppComponentView, Picture, ScreenContext } from './screenContext.js';
import { screenStyles } from './styles.js';
import type { GenerateProgress } from './progress.js';
import { siblingEndpoint } from './endpoints.js';

export type { GenerateProgress } from './progress.js';

export type { ActionHandler, Confirmation, OmniRequestInit, StreamSource, ToolSchema } from './types.js';
import type { ActionHandler, Confirmation, OmniRequestInit, ToolSchema } from './types.js';


/**
 * `<omni-screen>` draws an Omni-IR stream (the `id = Component(…)` lines a model writes) as a live screen, line
 * by line, while the model is still writing: only from the app's catalog, with the app's pictures, tools,
 * confirmations and words. Feed it with `write()`/`end()` or `stream()`; everything is set through properties,
 * so it works from a plain script tag and in any framework.
 *
 * Each component is drawn in its own small element keyed by id: a new line re-renders only the components it
 * touches, and an Input keeps focus and caret while lines (or updates) arrive. Pending components show a
 * placeholder in place (a run of children that haven't arrived is one block); missing ones, and ones that fail
 * while drawing, a fallback.
 *
 * Or give it a server: with `endpoint` set (the generate endpoint of an Omni-IR server, `/api/generate` on the
 * reference server), `generate(prompt)` asks for a screen over Server-Sent Events ([10.1]–[10.11]) and draws it
 * as it streams, with a status line (`role="status"`, a Cancel button while streaming, a plain sentence and a
 * Retry button when retrying can help) and `aria-busy` on the screen until it ends. Governed presses then go to
 * the mutate endpoint when no `handler` is set ([10.14], [10.35]), and a screen the server keeps current is
 * followed on its live feed ([10.36]–[10.39]) until the feed ends, fails for good, or the screen is reset,
 * generated again or removed (put back in the page, it follows again from the last update received). Live
 * updates go through the same path as `applyUpdate()`: rejected ones reach the app (`omni-issue`, `omni-update`),
 * never the person. The transport code loads on first use. Requests carry the page's cookies
 * (`credentials: 'same-origin'`) unless `requestInit` says otherwise: a bearer token, or `'include'` for a
 * server on another origin. A refusal with Retry-After keeps Retry disabled, with the seconds left, until then.
 *
 * Registries (`tools`, `assets`, `components`, `pictures`) are given to the parser when it starts. Changing
 * them before any text was written takes effect at once; after that, the parser keeps the ones it started
 * with until `reset()`, while drawing (pictures, app elements) and press checks (tool schemas, confirmations)
 * always use the current values.
 *
 * @summary Draws a model's Omni-IR stream as a live screen from the app's own catalog, line by line, with governed actions.
 *
 * @fires {OmniActionEvent} omni-action - A governed action ran and its handler succeeded: `tool`, `params`, `button`, `result`.
 * @fires {OmniActionErrorEvent} omni-action-error - The handler failed (`code` handler_failed, `error`); the person sees a plain sentence.
 * @fires {OmniBlockedEvent} omni-blocked - A press was stopped: `reason` (`fields`, `tool`, `params`, `confirm-failed`) and `details` for the app.
 * @fires {OmniIssueEvent} omni-issue - Each issue as it is found, from the parser or the renderer (`node_crashed`, `mutation_blocked`, `handler_failed`).
 * @fires {OmniEndEvent} omni-end - The stream ended; `issues` holds every issue so far.
 * @fires {OmniGenerateEndEvent} omni-generate-end - A `generate()` (or a Retry) ended: `prompt`, `outcome` (done, or an error with `code` and `retryable`).
 * @fires {OmniUpdateEvent} omni-update - An update was applied or rejected: `source` (`app`, `action`, `live`), `text`, `result`, `seq`.
 * @fires {OmniLiveEvent} omni-live - The live feed started, retried or stopped: `state`, `screen`, `lastSeq`, `error`.
 *
 * @csspart screen - The column holding the screen (`aria-busy="true"` while `generate()` streams).
 * @csspart progress - The status line of `generate()`: what is happening, with Cancel or Retry.
 * @csspart cancel - The Cancel button of the status line, while a screen streams.
 * @csspart retry - The Retry button of the status line, after an error that retrying can help.
 * @csspart version-notice - The sentence shown when the stream was written for a newer format ([3.9]).
 * @csspart connection-notice - The sentence shown when `stream()`'s source failed: the server answered with an error status, or the connection was lost before the end.
 * @csspart notice - A Notice, and the screen's own notices.
 * @csspart fallback - The block standing in for a part that didn't arrive, failed to draw, or needs a newer app.
 * @csspart card - A Card.
 * @csspart stack - A Stack.
 * @csspart button - A Button.
 * @csspart action-status - The words next to a governed Button (working, done, blocked, failed).
 * @csspart action-cancel - The Cancel next to a governed Button while its press waits for the server.
 * @csspart action-retry - The Try again next to a governed Button when its press got no answer (the same press, same Idempotency-Key).
 * @csspart field - The control of an Input, DateInput, Select or Switch.
 * @csspart switch - A Switch's control.
 * @csspart error - A field's message.
 * @csspart badge - A Badge.
 * @csspart message - A Message bubble.
 * @csspart list - A List.
 * @csspart image - An Image (or its alt text when the app has no picture).
 * @csspart rating - A Rating.
 * @csspart table - A Table's scroll container.
 * @csspart tabs - A Tabs.
 * @csspart tab - One tab in a tab list.
 * @csspart chart - A chart.
 * @csspart announcer - The visually hidden polite live region that reads Notices an update adds or changes.
 *
 * @cssprop --ae-accent - Primary buttons and the open tab.
 * @cssprop --ae-danger - Field errors and danger buttons.
 */
export class OmniScreenElement extends AgentElement {
  static override styles = [AgentElement.styles, statusLineStyles, screenStyles, ...componentStyles];

  /**
   * The generate endpoint of an Omni-IR server ([10.1]), such as `/api/generate`: `generate()` posts there.
   * Unless `mutate-endpoint` and `live-endpoint` say otherwise, governed presses go to the sibling `mutate`
   * and the live feed is read from the sibling `live` in the same directory (`/api/mutate`, `/api/live`).
   */
  @property() endpoint?: string;

  /** The mutate endpoint for governed presses ([10.14]) when no `handler` is set. Default: `endpoint`'s sibling `mutate`. */
  @property({ attribute: 'mutate-endpoint' }) mutateEndpoint?: string;

  /** The live endpoint ([10.37]). Default: `endpoint`'s sibling `live`. */
  @property({ attribute: 'live-endpoint' }) liveEndpoint?: string;

  /**
   * Merged into every request to the server (generate, mutate, live): `credentials` (default `'same-origin'`;
   * `'include'` for a server on another origin) and `headers`, such as `{Authorization: 'Bearer …'}` ([10.14]).
   * The Content-Type, Accept and Idempotency-Key the clients set always win over the app's, whatever their case.
   */
  @property({ attribute: false }) requestInit?: OmniRequestInit;

  /**
   * The tool registry: each tool's name and the JSON Schema (draft 2020-12) of its params. McpMutations may only
   * name these tools ([5.14]), and a press checks its params against the schema before anything runs ([9]).
   */
  @property({ attribute: false }) tools: Readonly<Record<string, ToolSchema>> = {};

  /** The asset registry: picture name → `{src, width, height}`. Images come from here only ([5.17]). */
  @property({ attribute: false }) assets: Readonly<Record<string, Picture>> = {};

  /**
   * App components ([5.27]) by name: the declaration the parser checks lines against, plus the `tag` of the
   * app's own custom element that draws it ([8.7]). The screen creates that element once per component (the tag
   * must be a valid custom element name, defined with `customElements.define`; until it is, a fallback shows)
   * and sets each declared prop on it as a property: text and numbers with a `$key` replaced by its current
   * value, lists as frozen arrays, a picture prop as `{name, src, width, height}` (only `{name}` when the app has
   * no such picture). Props named like built-in element members (inner HTML, `style`, `on…`) are never set,
   * `title` excepted. Children are rendered into its light DOM, in order: show them through a `<slot>`.
   * A field (a `value` prop of kind `state`) gets `value`, and changes it by calling its `onValueChange(value)`
   * property or by firing a `change` or `input` CustomEvent with `detail.value` (a value of the wrong kind is
   * ignored); it also gets `invalid` and `errorMessage`, the host gets aria-invalid/aria-describedby, and the
   * message shows under it. Leaving it (`focusout`) reveals its message, as for any field ([8.5]).
   */
  @property({ attribute: false }) components: Readonly<Record<string, AppComponentView>> = {};

  /** Picture families ([5.30]): names like `product-1042` the app resolves with `resolvePicture`. */
  @property({ attribute: false }) pictures: readonly PictureFamily[] = [];

  /** Returns the picture for a family name ([5.30]) (or any name not in `assets`), or undefined. */
  @property({ attribute: false }) resolvePicture?: (name: string) => Picture | undefined;

  /**
   * Confirmations by tool ([9.1]): a sentence whose `{param}` placeholders are filled once, as plain text, with
   * the params' values, or a function writing the sentence from the checked params. A function that throws or
   * doesn't return a string blocks the action.
   */
  @property({ attribute: false }) confirm: Readonly<Record<string, Confirmation>> = {};

  /**
   * Runs a governed action after every check passed ([9.3]). May return `{result, update}`: a string `update`
   * is applied to this screen afterwards ([10.35]). Without a handler, a screen with an `endpoint` sends the
   * press to its mutate endpoint (a new Idempotency-Key per press, the Button's id as `button`, the same press
   * sent once more if no answer came, within `press-timeout`); otherwise a press fails with `handler_failed`. A refusal from the server
   * reaches `omni-action-error` as an Error whose `failure` is the engine's `MutateFailure` (`code`, `status`…).
   */
  @property({ attribute: false }) handler?: ActionHandler;

  /**
   * How long (ms) a press sent to the mutate endpoint waits for its answer. Default 15000 (15 s). While it
   * waits, the Button says "Working…" and offers Cancel (which aborts the request); after the deadline or
   * Cancel, whether it ran is unknown, so the Button offers Try again, which sends the same press with the
   * same Idempotency-Key (so the server does it at most once). `omni-action-error` carries the failure
   * (`code` `timeout` or `cancelled`). A value that isn't a positive number means the default.
   */
  @property({ type: Number, attribute: 'press-timeout' }) pressTimeout = 15000;

  readonly #parser = new ScreenParser(
    () => this,
    (issue) => this.#report(issue),
    (doc) => this.#doc.set(doc),
  );
  #endReported = false;
  /** The generation (each `reset()` a new one), redrawing on words and locale, crash reports: the screen kernel. */
  readonly #kernel = new ScreenController(this, {
    nodeTag: 'omni-node',
    looks: () => ({ words: this.words, locale: this.resolvedLocale }),
    report: (crash) => this.#report(crash),
  });
  readonly #doc = new Signal.State<OmniDocument | null>(null);
  readonly #started = new Signal.State(false);
  /** What `omni-issue` carried since the screen started, in order: `issues`. */
  #issues: Issue[] = [];

  readonly #intake = new StreamIntakeController(this, '<omni-screen>.stream()', 'Omni-IR text');
  /** What each `stream()`, and `write()`, still has to write: a big screen goes in a budget per task. */
  readonly #pacing = new ScreenPacing();
  readonly #announcer = new AnnouncerController(this);
  readonly #approval = new ApprovalController(this);
  readonly #focus = new FocusController(this);
  readonly #generating = new GenerateRun(
    this,
    {
      endpoint: () => this.endpoint,
      init: () => this.#init(),
      words: () => this.words,
      startOver: () => {
        this.#startOver('<omni-screen>.generate()');
        return this.#kernel.generation;
      },
      isCurrent: (n) => this.#kernel.isCurrent(n),
      write: (text) => this.#write(text),
      end: () => this.end(),
      ended: (prompt, outcome) => {
        if (outcome.status === 'done' && outcome.screen) this.#live.follow(outcome.screen, 0);
        this.#fire(new OmniGenerateEndEvent(prompt, outcome));
      },
    },
    (prompt) => void this.generate(prompt),
  );
  readonly #live = new LiveFeedController(this, {
    endpoint: () => this.#endpointFor('live'),
    init: () => this.#init(),
    apply: (text, seq) => this.#applyUpdate(text, 'live', seq),
    changed: (state, screen, lastSeq, error) => this.#fire(new OmniLiveEvent(state, screen, lastSeq, error)),
  });
  readonly #fields = new FieldRules({
    doc: () => this.#doc.get(),
    components: () => this.components ?? {},
    words: () => this.words,
  });
  readonly #presses = new Presses(
    {
      root: () => this.renderRoot,
      doc: () => this.#doc.get(),
      rules: () => ({ tools: this.tools ?? {}, confirm: this.confirm as ActionRules['confirm'] }),
      run: (action) => {
        if (typeof this.handler === 'function') return this.handler(action);
        if (this.endpoint || this.mutateEndpoint) return this.#server.send(action);
        throw new Error('No handler is set on <omni-screen>');
      },
      ended: () => !!this.#parser.current?.ended,
      applyUpdate: (text) => this.#applyUpdate(text, 'action'),
      fire: (event) => this.#fire(event),
      report: (issue) => this.#report(issue),
      announce: (words) => this.#announcer.announce(words),
      words: () => this.words,
    },
    this.#approval,
    this.#fields,
    this.#focus,
  );
  readonly #server = new ServerPresses({
    endpoint: () => this.#endpointFor('mutate'),
    init: () => this.#init(),
    deadline: () => (this.pressTimeout > 0 ? this.pressTimeout : 15_000),
    note: (button, note) => this.#presses.setNote(button, note),
    clock: () => this.clock,
  });
  readonly #context: ScreenContext = this.#makeContext();

  /**
   * Every issue since the screen started (`reset()`, a new stream), in order: what each `omni-issue` carried as
   * `issue`, the parser's (stream and updates) and the renderer's own.
   */
  get issues(): readonly Issue[] {
    return [...this.#issues];
  }

  /** The document drawn now (signal-backed; read it in an effect or after `omni-end`). */
  get document(): OmniDocument | null {
    return this.#doc.get();
  }

  /**
   * Feeds a chunk of the stream: text, or UTF-8 bytes split anywhere. It is read at once while the task's budget
   * lasts, else in later tasks, in order (a big screen written at once doesn't block the page): `updateComplete`
   * waits for it, and an `end()` meanwhile ends the screen after it. The screen reads one stream at a time: a
   * `write()` after the stream ended starts a new screen (as `reset()` does), and one while `stream()` reads or
   * `generate()` runs replaces that one (the `stream()` rejects with an AbortError; the `generate()` resolves
   * `cancelled`).
   */
  write(chunk: string | Uint8Array | ArrayBuffer): void {
    const ended = !!this.#parser.current?.ended;
    if (ended || this.#ending || this.#intake.reading || this.#generating.request.status.phase === 'running') this.#startOver('<omni-screen>.write()');
    // It writes at once while the task's budget lasts, else later.
    const generation = this.#kernel.generation;
    this.#pacing.writer((text) => this.#write(text), () => this.#kernel.isCurrent(generation)).push(chunk);
  }

  /** `end()` was called while written chunks wait for their task: the screen ends once they are read. */
  #ending = false;

  #write(chunk: string | Uint8Array | ArrayBuffer): void {
    const parser = this.#parser.forText();
    if (!this.#started.get()) this.#started.set(true);
    parser.write(chunk);
  }

  /** Ends the stream: a last unterminated line counts, anything still pending becomes a fallback ([7.3]). */
  end(): void {
    const waiting = this.#pacing.written;
    if (waiting?.pending) {
      if (this.#ending) return;
      this.#ending = true;
      const generation = this.#kernel.generation;
      void waiting.done().then(() => {
        if (!this.#kernel.isCurrent(generation)) return;
        this.#ending = false;
        this.end();
      });
      return;
    }
    const parser = this.#parser.forText();
    if (!this.#started.get()) this.#started.set(true);
    if (!parser.ended) parser.end();
    if (!this.#endReported) {
      this.#endReported = true;
      this.#fire(new OmniEndEvent(this.issues));
    }
  }

  /**
   * Clears the screen (its `issues` too) and starts a new parser with the current registries. A `stream()` still
   * reading stops (it resolves, writing nothing more); a `generate()` still running is cancelled without a word.
   */
  reset(): void {
    this.#kernel.next();
    this.#intake.abort();
    this.#pacing.stop();
    this.#ending = false;
    this.#generating.request.reset();
    this.#live.stop();
    this.#approval.reset();
    this.#presses.reset();
    this.#server.reset();
    this.#fields.clear();
    this.#announcer.clear();
    this.#parser.reset();
    this.#endReported = false;
    this.#issues = [];
    this.#kernel.clearSourceFailure();
    this.#started.set(false);
    this.#parser.ensure();
  }

  /**
   * Reads a whole stream into a new screen and ends it however the source ends ([10.9]): normally, with an
   * error, or a Response with an error status (then nothing is written, [10.3]). Takes a Response, a promise of
   * one (`stream(fetch(url))`), a ReadableStream, an async or sync iterable of text or bytes, or a string.
   * Resolves when the stream has ended. Rejects with the source's error (or a `SourceError`, with its `status`,
   * for an error status) after ending the parser, and the screen then says what happened: the server answered
   * 404, or the connection was lost. Rejects with a TypeError naming what was given, without touching the
   * screen, when the source is not one of those kinds.
   *
   * One stream at a time: `stream()` starts the screen over (as `reset()` does), stopping a `stream()` still
   * reading, which rejects with a `DOMException` named `AbortError` and writes nothing more, and cancelling a
   * `generate()` still running. A `write()` or `generate()` replaces it the same way. `reset()` stops it too: it
   * then resolves and writes nothing more. Bodies are read as raw Omni-IR text; for the SSE transport use
   * `generate()`.
   */
  async stream(source: SourceInput): Promise<void> {
    assertSource(source, '<omni-screen>.stream()');
    this.#startOver('<omni-screen>.stream()');
    const generation = this.#kernel.generation;
    const current = () => this.#kernel.isCurrent(generation);
    const read = await this.#pacing.read(this.#intake, source, (chunk) => this.#write(chunk), current);
    this.#kernel.endRead(read, () => this.end(), current());
  }

  /** Starts a new screen for a new source: whatever `stream()` still reads is replaced by `by` (an AbortError). */
  #startOver(by: string): void {
    this.#intake.supersede(by);
    this.reset();
  }

  /**
   * Asks the `endpoint` server for a screen ([10.1]) and draws it as it streams, starting over like `reset()`
   * and cancelling a `generate()` still running. Asks for this parser's format (0.8, [10.12]). Resolves with the
   * outcome when the stream is over, however it ended (never rejects for what the server or the network does):
   * `done` (then a screen the server keeps current is followed live), or an error whose `retryable` says whether
   * the Retry button is offered. Rejects only when `endpoint` isn't set or `prompt` isn't a string.
   */
  async generate(prompt: string, options: { signal?: AbortSignal } = {}): Promise<GenerateOutcome> {
    return this.#generating.run(prompt, options.signal);
  }

  /** Where the last `generate()` is: streaming, done, stopped, failed (with its code), or idle. */
  get progress(): GenerateProgress {
    return this.#generating.progress;
  }

  /**
   * Applies an update ([10.29]–[10.34]): the app's own Omni-IR text, after the stream has ended, whole or not
   * at all. Components keep their elements, so focus, scrolling, an open tab and typed text stay; each Notice
   * the update adds or changes is read politely by assistive technology ([8.8]).
   *
   * Throws if the stream hasn't ended yet: an update applies only to an ended screen ([10.29]).
   */
  applyUpdate(text: string): UpdateResult {
    return this.#applyUpdate(String(text), 'app');
  }

  #applyUpdate(text: string, source: UpdateSource, seq?: number): UpdateResult {
    const parser = this.#parser.ensure();
    const before = noticesNow(this.#context);
    const result = parser.update(text);
    if (result.applied) {
      this.#presses.screenChanged();
      const after = noticesNow(this.#context);
      const said: string[] = [];
      for (const [id, words] of after) if (words && before.get(id) !== words) said.push(words);
      if (said.length > 0) this.#announcer.announce(said.join(' '));
    }
    this.#fire(new OmniUpdateEvent(source, text, result, seq));
    return result;
  }

  /** Waits, too, for what `write()` put off to a later task to be read. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.#pacing.written?.done();
    return super.getUpdateComplete();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Registries changed before any text arrived: start over with them (no one can tell the difference).
    if (this.#parser.stale()) this.#parser.reset();
  }

  #drawnOnce = false;

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // The app's registries aren't signals either: when they change, every node draws again (words and locale:
    // the kernel).
    const registries = changed.has('assets') || changed.has('resolvePicture') || changed.has('components');
    if (this.#drawnOnce && registries) this.#kernel.redrawNodes();
    this.#drawnOnce = true;
  }

  protected override render(): TemplateResult {
    const doc = this.#doc.get();
    const started = this.#started.get();
    const w = this.words;
    const request = this.#generating.request;
    const running = request.status.phase === 'running';
    return html`${request.render()}
      <div class="screen" part="screen" aria-busy=${running ? 'true' : nothing}>
        ${doc?.newerVersion
          ? html`<p class="screen-notice" part="notice version-notice" role="note">${w.newerVersion}</p>`
          : nothing}
        ${this.#kernel.sourceNotice(({ status, notTheFormat }) => (notTheFormat ? w.notTheFormat : status > 0 ? fill(w.serverAnswered, { status }) : w.connectionLost), 'notice connection-notice')}
        ${doc && started ? keyed(this.#kernel.generation, html`<omni-node .nodeId=${'root'} .screen=${this.#context}></omni-node>`) : nothing}
      </div>
      ${this.#announcer.render()} ${this.#approval.render()}`;
  }

  // ——— what nodes ask of the screen ———

  #makeContext(): ScreenContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const screen = this;
    return {
      get doc() {
        return screen.#doc.get()!;
      },
      get words() {
        return screen.words;
      },
      get locale() {
        return screen.resolvedLocale;
      },
      value: (prop) => this.#value(prop),
      picture: (name) => this.#picture(name),
      appView: (type) => (hasOwn(this.components, type) ? this.components[type] : undefined),
      fieldMessage: (node) => this.#fields.message(node),
      edit: (node, value) => this.#fields.edit(node, value),
      leave: (node) => this.#fields.leave(node),
      phase: (id) => this.#approval.phase(id),
      note: (id) => this.#presses.note(id),
      press: (id, opener) => void this.#presses.press(id, opener),
      crashed: (node, error) => this.#kernel.crashed(node, error),
    };
  }

  #value(prop: PropValue | undefined): Scalar | readonly (string | number)[] | undefined {
    if (isStateRef(prop)) return this.#doc.get()?.state(prop.key) ?? null;
    return prop as Scalar | readonly (string | number)[] | undefined;
  }

  #picture(name: string): Picture | undefined {
    const found = hasOwn(this.assets, name) ? this.assets[name] : this.resolvePicture?.(name);
    if (!found || typeof found.src !== 'string' || found.src === '') return undefined;
    const size = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
    return { src: found.src, width: size(found.width), height: size(found.height) };
  }

  // ——— the server: presses and the live feed ([10]) ———

  #endpointFor(name: 'mutate' | 'live'): string {
    const own = name === 'mutate' ? this.mutateEndpoint : this.liveEndpoint;
    if (own) return own;
    if (!this.endpoint) throw new Error(`<omni-screen> has no endpoint for ${name}`);
    return siblingEndpoint(this.endpoint, name);
  }

  /** The app's `requestInit` for the clients: same-origin credentials unless it says otherwise. */
  #init(): OmniRequestInit {
    const r = this.requestInit;
    return { credentials: r?.credentials ?? 'same-origin', headers: r?.headers };
  }

  // ——— issues and announcements ———

  /** Every event goes out here (the events are typed classes; their names are in the class JSDoc). */
  #fire(event: Event): void {
    this.dispatchEvent(event);
  }

  #report(issue: Issue): void {
    this.#issues.push(issue);
    this.#fire(new OmniIssueEvent(issue));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'omni-screen': OmniScreenElement;
  }
}
