import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { ContextProvider } from '@lit/context';
import { Signal } from '@lit-labs/signals';
import type { Schema } from '@cfworker/json-schema';
import { AgentElement } from '../shared/agentElement.js';
import '../shared/placeholder.js';
import '../shared/fallback.js';
import '../shared/confirmDialog.js';
import type { AeConfirmDialog } from '../shared/confirmDialog.js';
import { fill, type Strings } from '../../strings/en.js';
import { checkField, createOmniParser, FORMAT_VERSION } from '../../src/omni-ir/index.js';
import type { GenerateOutcome } from '../../src/omni-ir/transport/generate.js';
import type { LiveFollower } from '../../src/omni-ir/transport/live.js';
import type {
  AppComponentDeclaration,
  Issue,
  OmniDocument,
  OmniMutation,
  OmniNode,
  OmniParser,
  PictureFamily,
  PropValue,
  Scalar,
  UpdateResult,
} from '../../src/omni-ir/types.js';
import './omniNode.js';
import { componentStyles } from './components/index.js';
import { editedKey, isStateRef, text } from './components/parts.js';
import { noticeWords } from './components/notice.js';
import { RevealEvent } from './components/tabs.js';
import {
  OmniActionErrorEvent,
  OmniActionEvent,
  OmniBlockedEvent,
  OmniEndEvent,
  OmniGenerateEndEvent,
  OmniIssueEvent,
  OmniLiveEvent,
  OmniUpdateEvent,
  liveStateOf,
  type ActionParams,
  type BlockReason,
  type OmniAction,
  type OmniActionResult,
  type UpdateSource,
} from './events.js';
import {
  screenContext,
  type ActionPhase,
  type AppComponentView,
  type FieldProblem,
  type Picture,
  type ScreenContext,
} from './screenContext.js';
import { screenStyles } from './styles.js';
import { reviewAction, type ActionRules, type Review } from '../../src/actions/index.js';
import { errorText } from '../../src/stream/errors.js';
import { progressLine, progressStyles, type GenerateProgress } from './progress.js';
import { siblingEndpoint } from './endpoints.js';
import { defineElement } from '../shared/defineElement.js';

export type { GenerateProgress } from './progress.js';

/** A tool's parameters as a JSON Schema (draft 2020-12), checked with @cfworker/json-schema at press time. */
export type ToolSchema = Schema | boolean;

/** The confirmation for a tool: a sentence with `{param}` placeholders, or a function writing it from the params. */
export type Confirmation = string | ((params: Readonly<ActionParams>) => string);

/** Runs a governed action the person pressed and confirmed. Throw or reject to report a failure. */
export type ActionHandler = (action: OmniAction) => Promise<OmniActionResult | void> | OmniActionResult | void;

/**
 * What every request to the server carries ([10.14]): `credentials` (default `'same-origin'`) and `headers`, such
 * as `Authorization: Bearer …`. The clients' own Content-Type, Accept and Idempotency-Key win over these.
 */
export interface OmniRequestInit {
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
}

/** Anything `stream()` reads: a fetch Response, a ReadableStream, or an async iterable of text or UTF-8 bytes. */
export type StreamSource =
  | Response
  | ReadableStream<Uint8Array | string>
  | AsyncIterable<string | Uint8Array | ArrayBuffer>
  | Iterable<string | Uint8Array | ArrayBuffer>;

const FIELD_TYPES = new Set(['Input', 'DateInput', 'Select', 'Switch']);
const own = (o: object | null | undefined, key: string): boolean => !!o && Object.prototype.hasOwnProperty.call(o, key);
const untracked = <T>(fn: () => T): T => Signal.subtle.untrack(fn);
/** The transport clients, loaded on first use ([10]): pages that only `write()` never download them. */
const remote = () => import('./remote.js');

/**
 * `<omni-screen>` draws an Omni-IR stream (the `id = Component(…)` lines a model writes) as a live screen, line
 * by line, while the model is still writing: only from the app's catalog, with the app's pictures, tools,
 * confirmations and words. Feed it with `write()`/`end()` or `stream()`; everything is set through properties,
 * so it works from a plain script tag and in any framework.
 *
 * Each component is drawn in its own small element keyed by id: a new line re-renders only the components it
 * touches, and an Input keeps focus and caret while lines (or updates) arrive. Pending components show a
 * placeholder in place; missing ones, and ones that fail while drawing, a fallback of their own.
 *
 * Or give it a server: with `endpoint` set (the generate endpoint of an Omni-IR server, `/api/generate` on the
 * reference server), `generate(prompt)` asks for a screen over Server-Sent Events ([10.1]–[10.11]) and draws it
 * as it streams, with a status line (`role="status"`, a Cancel button while streaming, a plain sentence and a
 * Retry button when retrying can help) and `aria-busy` on the screen until it ends. Governed presses then go to
 * the mutate endpoint when no `handler` is set ([10.14], [10.35]), and a screen the server keeps current is
 * followed on its live feed ([10.36]–[10.39]) until the feed ends, fails for good, or the screen is reset,
 * generated again or removed (put back in the page, it follows again from the last update received). Live
 * updates go through the same path as `update()`: rejected ones reach the app (`omni-issue`, `omni-update`),
 * never the person. The transport code loads on first use. Requests carry the page's cookies
 * (`credentials: 'same-origin'`) unless `requestInit` says otherwise: a bearer token, or `'include'` for a
 * server on another origin. A refusal with Retry-After keeps Retry disabled, with the seconds left, until then.
 *
 * Registries (`tools`, `assets`, `components`, `pictures`) are given to the parser when it starts. Changing
 * them before any text was written takes effect at once; after that, the parser keeps the ones it started
 * with until `reset()`, while drawing (pictures, app elements) and press checks (tool schemas, confirmations)
 * always use the current values.
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
 * @csspart connection-notice - The sentence shown when `stream()`'s source failed before the end.
 * @csspart notice - A Notice, and the screen's own notices.
 * @csspart card - A Card.
 * @csspart stack - A Stack.
 * @csspart button - A Button.
 * @csspart action-status - The words next to a governed Button (working, done, blocked, failed).
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
export class OmniScreen extends AgentElement {
  static override styles = [AgentElement.styles, progressStyles, screenStyles, ...componentStyles];

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
   * sent once more if no answer came); otherwise a press fails with `handler_failed`. A refusal from the server
   * reaches `omni-action-error` as an Error whose `failure` is the engine's `MutateFailure` (`code`, `status`…).
   */
  @property({ attribute: false }) handler?: ActionHandler;

  #parser: OmniParser | null = null;
  #parserRegistries: unknown[] = [];
  #unsubscribe: (() => void) | null = null;
  #written = false;
  #endReported = false;
  #generation = 0;
  readonly #doc = new Signal.State<OmniDocument | null>(null);
  readonly #started = new Signal.State(false);
  readonly #connectionLost = new Signal.State(false);
  readonly #announcement = new Signal.State('');
  #toSay: string[] = [];
  #sayFrame = 0;
  readonly #shown = new Map<string, Signal.State<boolean>>();
  readonly #phases = new Map<string, Signal.State<ActionPhase>>();
  #rendererIssues: Issue[] = [];
  readonly #progress = new Signal.State<GenerateProgress>({ phase: 'idle' });
  /** The generate() the screen shows now, while it runs: cancelled by Cancel, reset() or the next generate(). */
  #request: { controller: AbortController; prompt: string } | null = null;
  #lastPrompt: string | null = null;
  /** Counts down the seconds a failed generate's Retry-After asked to wait (the `wait` of the status line). */
  #waitTimer = 0;
  /** The live feed followed now; kept with its last seq while the element is out of the page, to resume. */
  #live: { screen: string; lastSeq: number; generation: number; follower: LiveFollower | null } | null = null;
  #drawn: { words: Strings; locale: string } | null = null;

  readonly #context: ScreenContext = this.#makeContext();

  constructor() {
    super();
    new ContextProvider(this, { context: screenContext, initialValue: this.#context });
  }

  /** Every issue so far: the parser's (stream and updates) and the renderer's own. */
  get issues(): readonly Issue[] {
    return [...(this.#parser?.issues ?? []), ...this.#rendererIssues];
  }

  /** The document drawn now (signal-backed; read it in an effect or after `omni-end`). */
  get document(): OmniDocument | null {
    return this.#doc.get();
  }

  /** Feeds a chunk of the stream: text, or UTF-8 bytes split anywhere. */
  write(chunk: string | Uint8Array | ArrayBuffer): void {
    const parser = this.#parserForText();
    this.#written = true;
    if (!this.#started.get()) this.#started.set(true);
    parser.write(chunk);
  }

  /** Ends the stream: a last unterminated line counts, anything still pending becomes a fallback ([7.3]). */
  end(): void {
    const parser = this.#parserForText();
    if (!this.#started.get()) this.#started.set(true);
    if (!parser.ended) parser.end();
    if (!this.#endReported) {
      this.#endReported = true;
      this.#fire(new OmniEndEvent(this.issues));
    }
  }

  /**
   * Clears the screen and starts a new parser with the current registries. A `stream()` still reading stops
   * writing to this screen.
   */
  reset(): void {
    this.#generation++;
    this.#request?.controller.abort();
    this.#request = null;
    this.#stopLive();
    this.#stopWait();
    this.#progress.set({ phase: 'idle' });
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#parser = null;
    this.#written = false;
    this.#endReported = false;
    this.#rendererIssues = [];
    this.#shown.clear();
    this.#phases.clear();
    this.#connectionLost.set(false);
    this.#announcement.set('');
    this.#toSay = [];
    this.#started.set(false);
    this.#ensureParser();
  }

  /**
   * Reads a whole stream into the screen and ends it however the source ends ([10.9]): normally, with an
   * error, or a Response with an error status (then nothing is written, [10.3]). Resolves when the stream has
   * ended; rejects with the source's error after ending the parser (the screen then says the connection was
   * lost). Bodies are read as raw Omni-IR text; for the SSE transport use the engine's client and `write()`.
   */
  async stream(source: StreamSource): Promise<void> {
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    let failure: unknown = null;
    try {
      let input: StreamSource = source;
      if (typeof Response !== 'undefined' && input instanceof Response) {
        if (!input.ok) throw new Error(`The server answered ${input.status}`);
        if (!input.body) throw new Error('The response has no body');
        input = input.body;
      }
      if (typeof ReadableStream !== 'undefined' && input instanceof ReadableStream) {
        const reader = (input as ReadableStream<Uint8Array | string>).getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (!current()) {
              await reader.cancel();
              return;
            }
            this.#writeChunk(value);
          }
        } finally {
          reader.releaseLock();
        }
      } else {
        for await (const chunk of input as AsyncIterable<string | Uint8Array | ArrayBuffer>) {
          if (!current()) return;
          this.#writeChunk(chunk);
        }
      }
    } catch (error) {
      failure = error;
    }
    if (!current()) return;
    if (failure !== null) this.#connectionLost.set(true);
    this.end();
    if (failure !== null) throw failure;
  }

  /**
   * Asks the `endpoint` server for a screen ([10.1]) and draws it as it streams, starting over like `reset()`
   * and cancelling a `generate()` still running. Asks for this parser's format (0.8, [10.12]). Resolves with the
   * outcome when the stream is over, however it ended (never rejects for what the server or the network does):
   * `done` (then a screen the server keeps current is followed live), or an error whose `retryable` says whether
   * the Retry button is offered. Rejects only when `endpoint` isn't set or `prompt` isn't a string.
   */
  async generate(prompt: string, options: { signal?: AbortSignal } = {}): Promise<GenerateOutcome> {
    if (typeof prompt !== 'string') throw new TypeError('<omni-screen>.generate(): prompt must be a string');
    const endpoint = this.endpoint;
    if (!endpoint) throw new TypeError('<omni-screen>.generate(): set the endpoint attribute first');
    this.reset();
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    this.#request = { controller, prompt };
    this.#lastPrompt = prompt;
    this.#setProgress({ phase: 'streaming' });
    let outcome: GenerateOutcome;
    try {
      const { generate } = await remote();
      outcome = await generate(
        { endpoint, prompt, version: FORMAT_VERSION, signal: controller.signal, ...this.#init() },
        {
          write: (text) => current() && this.write(text),
          end: () => current() && this.end(),
        },
      );
    } catch (error) {
      // The transport code itself failed to load (offline, a missing chunk): nothing was asked, nothing written.
      outcome = controller.signal.aborted
        ? { status: 'error', code: 'cancelled', message: 'The app cancelled the request.', retryable: false }
        : { status: 'error', code: 'client_error', message: errorText(error), retryable: true };
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    if (!current()) return outcome;
    this.#request = null;
    if (outcome.status === 'done') {
      this.#setProgress({ phase: 'done' });
      if (outcome.screen) this.#follow(outcome.screen, 0);
    } else if (outcome.code === 'cancelled') {
      this.#setProgress({ phase: 'stopped' });
    } else {
      // Retry-After ([10.2]): Retry stays disabled, counting down, until then.
      const wait = outcome.retryable ? Math.ceil(outcome.retryAfter ?? 0) : 0;
      this.#setProgress({ phase: 'failed', code: outcome.code, retryable: outcome.retryable, ...(wait > 0 ? { wait } : {}) });
      this.#countDown();
    }
    this.#fire(new OmniGenerateEndEvent(prompt, outcome));
    return outcome;
  }

  /** Where the last `generate()` is: streaming, done, stopped, failed (with its code), or idle. */
  get progress(): GenerateProgress {
    return untracked(() => this.#progress.get());
  }

  /**
   * Applies an update ([10.29]–[10.34]): the app's own Omni-IR text, after the stream has ended, whole or not
   * at all. Components keep their elements, so focus, scrolling, an open tab and typed text stay; each Notice
   * the update adds or changes is read politely by assistive technology ([8.8]).
   *
   * Throws if the stream hasn't ended yet: an update applies only to an ended screen ([10.29]).
   *
   * (Called with Lit's changed-properties map, this is Lit's own `update`; with text, it applies an update.)
   */
  override update(text: string): UpdateResult;
  override update(changed: PropertyValues): void;
  override update(arg: string | PropertyValues): UpdateResult | void {
    if (typeof arg !== 'string') return super.update(arg);
    return this.applyUpdate(arg);
  }

  /** Same as `update(text)`, under a name that can't be confused with Lit's lifecycle. Throws before the end. */
  applyUpdate(text: string): UpdateResult {
    return this.#applyUpdate(String(text), 'app');
  }

  #applyUpdate(text: string, source: UpdateSource, seq?: number): UpdateResult {
    const parser = this.#ensureParser();
    const before = this.#noticeWords();
    const result = parser.update(text);
    if (result.applied) {
      const after = this.#noticeWords();
      const said: string[] = [];
      for (const [id, words] of after) if (words && before.get(id) !== words) said.push(words);
      if (said.length > 0) this.#announce(said.join(' '));
    }
    this.#fire(new OmniUpdateEvent(source, text, result, seq));
    return result;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in the page: follow the live feed again from the last update received ([10.39]).
    const live = this.#live;
    if (live && !live.follower && live.generation === this.#generation) this.#follow(live.screen, live.lastSeq);
    this.#countDown();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Out of the page counts as closed ([10.39]); the seq is kept in case it comes back.
    const follower = this.#live?.follower;
    if (this.#live) this.#live.follower = null;
    follower?.stop();
    // The wait left is kept; the countdown goes on when the element is back in the page.
    this.#stopWait();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Registries changed before any text arrived: start over with them (no one can tell the difference).
    if (this.#parser && !this.#written && this.#registriesChanged()) this.#parser = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Words, locale and the app's registries aren't signals: when they change, every node draws again.
    const drawn = { words: this.words, locale: this.resolvedLocale };
    const before = this.#drawn;
    this.#drawn = drawn;
    const registries = changed.has('assets') || changed.has('resolvePicture') || changed.has('components');
    if (before && (before.words !== drawn.words || before.locale !== drawn.locale || registries)) {
      for (const node of this.renderRoot.querySelectorAll('omni-node')) node.requestUpdate();
    }
  }

  protected override render(): TemplateResult {
    const doc = this.#doc.get();
    const started = this.#started.get();
    const w = this.words;
    const progress = this.#progress.get();
    return html`${progressLine(progress, w, { cancel: () => this.#cancelPressed(), retry: () => this.#retryPressed() })}
      <div class="screen" part="screen" aria-busy=${progress.phase === 'streaming' ? 'true' : nothing}>
        ${doc?.newerVersion
          ? html`<p class="screen-notice" part="notice version-notice" role="note">${w.newerVersion}</p>`
          : nothing}
        ${this.#connectionLost.get()
          ? html`<p class="screen-notice" part="notice connection-notice" role="note">${w.connectionLost}</p>`
          : nothing}
        ${doc && started ? keyed(this.#generation, html`<omni-node .nodeId=${'root'}></omni-node>`) : nothing}
      </div>
      <div class="visually-hidden" part="announcer" aria-live="polite">${this.#announcement.get()}</div>
      <ae-confirm-dialog></ae-confirm-dialog>`;
  }

  // ——— the parser ———

  #registryValues(): unknown[] {
    return [this.tools, this.assets, this.components, this.pictures];
  }

  #registriesChanged(): boolean {
    const now = this.#registryValues();
    return now.some((v, i) => v !== this.#parserRegistries[i]);
  }

  /** The parser to write to: registries set since it started, before any text, start it over (nobody can tell). */
  #parserForText(): OmniParser {
    if (this.#parser && !this.#written && this.#registriesChanged()) this.#parser = null;
    return this.#ensureParser();
  }

  #ensureParser(): OmniParser {
    if (this.#parser) return this.#parser;
    const declarations: Record<string, AppComponentDeclaration> = {};
    for (const [name, view] of Object.entries(this.components ?? {})) {
      if (!view || typeof view !== 'object') continue;
      const { tag: _tag, ...declaration } = view;
      declarations[name] = declaration;
    }
    const parser = createOmniParser({
      tools: Object.keys(this.tools ?? {}),
      assets: Object.keys(this.assets ?? {}),
      components: declarations,
      pictures: this.pictures ?? [],
    });
    this.#unsubscribe?.();
    this.#unsubscribe = parser.onIssue((issue) => this.#fire(new OmniIssueEvent(issue)));
    this.#parser = parser;
    this.#parserRegistries = this.#registryValues();
    this.#doc.set(parser.document);
    return parser;
  }

  #writeChunk(chunk: unknown): void {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array || chunk instanceof ArrayBuffer) this.write(chunk);
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
      appView: (type) => (own(this.components, type) ? this.components[type] : undefined),
      fieldMessage: (node) => this.#fieldMessage(node),
      edit: (node, value) => this.#edit(node, value),
      leave: (node) => this.#leave(node),
      phase: (id) => this.#phase(id).get(),
      press: (id, opener) => void this.#press(id, opener),
      crashed: (node, error) => this.#crashed(node, error),
    };
  }

  #value(prop: PropValue | undefined): Scalar | readonly (string | number)[] | undefined {
    if (isStateRef(prop)) return this.#doc.get()?.state(prop.key) ?? null;
    return prop as Scalar | readonly (string | number)[] | undefined;
  }

  #picture(name: string): Picture | undefined {
    const found = own(this.assets, name) ? this.assets[name] : this.resolvePicture?.(name);
    if (!found || typeof found.src !== 'string' || found.src === '') return undefined;
    const size = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
    return { src: found.src, width: size(found.width), height: size(found.height) };
  }

  // ——— fields ([8.1]–[8.7]) ———

  #shownSignal(id: string): Signal.State<boolean> {
    let s = this.#shown.get(id);
    if (!s) {
      s = new Signal.State(false);
      this.#shown.set(id, s);
    }
    return s;
  }

  #isField(node: OmniNode): boolean {
    if (!node.app) return FIELD_TYPES.has(node.type);
    const view = own(this.components, node.type) ? this.components[node.type] : undefined;
    return view?.props?.['value']?.kind === 'state';
  }

  #check(node: OmniNode): FieldProblem | null {
    const key = editedKey(node);
    const value = key ? (this.#doc.get()?.state(key) ?? null) : null;
    if (!node.app) return checkField(node.type, node.props, value) as FieldProblem | null;
    // An app field ([8.7]) takes only `required`: empty text, no number, or a switch not on fails it.
    if (node.props['required'] !== true) return null;
    const view = this.components[node.type];
    const decl = view?.props?.['value'];
    const holds = decl && decl.kind === 'state' ? decl.holds : 'text';
    if (holds === 'boolean') return value === true ? null : { message: 'turnOn' };
    if (holds === 'number') return typeof value === 'number' && Number.isFinite(value) ? null : { message: 'required' };
    return typeof value === 'string' && value.trim() !== '' ? null : { message: 'required' };
  }

  #words(problem: FieldProblem): string {
    const w = this.words as Record<string, string>;
    const template = own(w, problem.message) ? w[problem.message]! : w['fieldErrors']!;
    return fill(template, problem.values ?? {});
  }

  #fieldMessage(node: OmniNode): string | null {
    // Read the signal first, so the node re-renders when the message is revealed or hidden.
    if (!this.#shownSignal(node.id).get()) return null;
    const problem = this.#check(node);
    return problem ? this.#words(problem) : null;
  }

  #edit(node: OmniNode, value: Scalar): void {
    const key = editedKey(node);
    const doc = this.#doc.get();
    if (!key || !doc || !doc.hasState(key)) return;
    doc.setState(key, value);
    // A shown message stays until the field passes ([8.5]).
    const shown = this.#shownSignal(node.id);
    if (shown.get() && !this.#check(node)) shown.set(false);
  }

  #leave(node: OmniNode): void {
    if (this.#check(node)) this.#shownSignal(node.id).set(true);
  }

  /** The fields on the screen now, in screen order: reachable from root through children. */
  #fieldsOnScreen(doc: OmniDocument): OmniNode[] {
    const out: OmniNode[] = [];
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const node = doc.node(id);
      if (!node) return;
      if (this.#isField(node)) out.push(node);
      for (const child of node.children) walk(child);
    };
    walk('root');
    return out;
  }

  // ——— actions ([9], [9.1]–[9.3]) ———

  #phase(id: string): Signal.State<ActionPhase> {
    let s = this.#phases.get(id);
    if (!s) {
      s = new Signal.State<ActionPhase>('idle');
      this.#phases.set(id, s);
    }
    return s;
  }

  async #press(buttonId: string, opener: HTMLElement): Promise<void> {
    const doc = this.#doc.get();
    const mutation = doc?.mutation(buttonId);
    if (!doc || !mutation) return; // ungoverned, or not approved yet: never reaches the handler ([9])
    const phase = this.#phase(buttonId);
    if (phase.get() === 'checking' || phase.get() === 'running') return;
    phase.set('checking');
    const generation = this.#generation;

    // 1. Fields: every field is checked and shown; those the params read stop the press ([8.6]).
    const read = new Set(
      Object.values(mutation.params)
        .filter(isStateRef)
        .map((r) => r.key),
    );
    const blocking: string[] = [];
    for (const field of this.#fieldsOnScreen(doc)) {
      if (!this.#check(field)) continue;
      this.#shownSignal(field.id).set(true);
      const key = editedKey(field);
      if (key && read.has(key)) blocking.push(field.id);
    }
    if (blocking.length > 0) {
      phase.set('idle');
      this.#fire(new OmniBlockedEvent('fields', buttonId, mutation.tool, blocking));
      await this.#focusField(blocking);
      return;
    }

    // 2. Params, with each $key replaced by its current value, checked against the tool registry and schema,
    // and the app's confirmation written ([9.1], [9.2]): the shared action pipeline.
    const params: ActionParams = {};
    for (const [name, value] of Object.entries(mutation.params)) {
      params[name] = isStateRef(value) ? (doc.state(value.key) ?? null) : value;
    }
    Object.freeze(params);
    let review: Review;
    try {
      review = await reviewAction(mutation.tool, params, { tools: this.tools ?? {}, confirm: this.confirm as ActionRules['confirm'] });
    } catch (error) {
      review = { ok: false, reason: 'params', message: errorText(error), problems: [], error }; // nothing is sent unchecked
    }
    if (generation !== this.#generation) return;
    if (!review.ok) {
      const details = review.reason === 'tool' ? review.message : review.reason === 'params' ? (review.error ? [review.error] : review.problems) : review.error;
      return this.#blocked(review.reason, buttonId, mutation, details);
    }

    // 3. The person confirms, when the tool has a confirmation.
    if (review.confirmation !== null) {
      const dialog = this.renderRoot.querySelector<AeConfirmDialog>('ae-confirm-dialog');
      if (!dialog || typeof dialog.ask !== 'function') {
        return this.#blocked('confirm-failed', buttonId, mutation, new Error('No confirmation dialog'));
      }
      const confirmed = await dialog.ask(review.confirmation, opener);
      if (generation !== this.#generation) return;
      if (!confirmed) {
        phase.set('idle');
        return; // cancelling runs nothing
      }
    }

    // 4. The handler.
    phase.set('running');
    const action: OmniAction = Object.freeze({ tool: mutation.tool, params, button: buttonId, mutation });
    let outcome: OmniActionResult | void;
    try {
      if (typeof this.handler === 'function') outcome = await this.handler(action);
      else if (this.endpoint || this.mutateEndpoint) outcome = await this.#send(action);
      else throw new Error('No handler is set on <omni-screen>');
    } catch (error) {
      if (generation !== this.#generation) return;
      phase.set('failed');
      this.#report({
        code: 'handler_failed',
        severity: 'error',
        line: mutation.line,
        id: buttonId,
        message: `The handler for "${mutation.tool}" failed: ${error instanceof Error ? error.message : String(error)}`,
      });
      this.#fire(new OmniActionErrorEvent(mutation.tool, params, buttonId, error));
      return;
    }
    if (generation !== this.#generation) return;
    phase.set('done');
    const result = outcome && typeof outcome === 'object' ? outcome.result : undefined;
    this.#fire(new OmniActionEvent(mutation.tool, params, buttonId, result));
    const update = outcome && typeof outcome === 'object' ? outcome.update : undefined;
    // An update that isn't a string is ignored ([10.35]); one is applied only after the stream ended ([10.29]).
    if (typeof update === 'string' && this.#parser?.ended) this.#applyUpdate(update, 'action');
  }

  #blocked(reason: BlockReason, buttonId: string, mutation: OmniMutation, details: unknown): void {
    this.#phase(buttonId).set('blocked');
    this.#report({
      code: 'mutation_blocked',
      severity: 'error',
      line: mutation.line,
      id: buttonId,
      message:
        reason === 'tool'
          ? `Blocked: the tool "${mutation.tool}" isn't registered`
          : reason === 'params'
            ? `Blocked: the params for "${mutation.tool}" don't match its schema`
            : `Blocked: the confirmation for "${mutation.tool}" could not be written`,
    });
    this.#fire(new OmniBlockedEvent(reason, buttonId, mutation.tool, details));
  }

  /** Moves focus to the first failed field in screen order, opening the tab it is in if needed. */
  async #focusField(ids: readonly string[]): Promise<void> {
    const wanted = new Set(ids);
    const first = [...this.renderRoot.querySelectorAll<HTMLElement>('[data-omni-field]')].find((el) =>
      wanted.has(el.getAttribute('data-omni-field') ?? ''),
    );
    if (!first) return;
    const reveal = new RevealEvent();
    first.dispatchEvent(reveal);
    // Let the field draw its message first, so focusing it reads the message too.
    const host = first.closest('omni-node');
    await Promise.all([...reveal.waits, host?.updateComplete]);
    first.focus();
  }

  // ——— the server: presses, the live feed, the status line ([10]) ———

  #endpointFor(name: 'mutate' | 'live'): string {
    const own = name === 'mutate' ? this.mutateEndpoint : this.liveEndpoint;
    if (own) return own;
    if (!this.endpoint) throw new Error(`<omni-screen> has no endpoint for ${name}`);
    return siblingEndpoint(this.endpoint, name);
  }

  /** A governed press sent to the mutate endpoint ([10.14]): one key per press, the same key if it is sent again. */
  async #send(action: OmniAction): Promise<OmniActionResult> {
    const { createPress } = await remote();
    const press = createPress({
      endpoint: this.#endpointFor('mutate'),
      tool: action.tool,
      params: action.params,
      button: action.button,
      ...this.#init(),
    });
    let answer = await press.send();
    // No answer came: whether it ran is unknown, so the same press (same key) is sent once more.
    if (!answer.ok && answer.code === 'network_error') answer = await press.send();
    if (!answer.ok) throw Object.assign(new Error(answer.message), { failure: answer });
    return { result: answer.result, update: answer.update };
  }

  /** Follows the screen's live feed from `after` ([10.37]); each update goes through the update path ([10.38]). */
  #follow(screen: string, after: number): void {
    const generation = this.#generation;
    const live = { screen, lastSeq: after, generation, follower: null as LiveFollower | null };
    this.#live = live;
    const mine = () => this.#live === live;
    void remote().then(
      ({ followLive }) => {
        if (!mine() || !this.isConnected || live.follower) return;
        live.follower = followLive({
          endpoint: this.#endpointFor('live'),
          screen,
          after,
          ...this.#init(),
          onUpdate: ({ seq, text }) => {
            if (!mine()) return;
            live.lastSeq = seq;
            this.#applyUpdate(text, 'live', seq);
          },
          onError: (error) => {
            if (mine() && error.retryable) this.#fire(new OmniLiveEvent('retrying', screen, live.lastSeq, error));
          },
          onStop: (stop) => {
            // Stopped by disconnecting: kept, to follow again on reconnecting. Anything else is final.
            if (mine() && stop.reason !== 'stopped') this.#live = null;
            this.#fire(new OmniLiveEvent(liveStateOf(stop), screen, live.lastSeq, stop.reason === 'error' ? stop : undefined));
          },
        });
        this.#fire(new OmniLiveEvent('following', screen, live.lastSeq));
      },
      (error: unknown) => {
        if (!mine()) return;
        this.#live = null;
        const failure = { code: 'client_error', message: errorText(error), retryable: false, status: 0 };
        this.#fire(new OmniLiveEvent('failed', screen, live.lastSeq, failure));
      },
    );
  }

  /** The app's `requestInit` for the clients: same-origin credentials unless it says otherwise. */
  #init(): OmniRequestInit {
    const r = this.requestInit;
    return { credentials: r?.credentials ?? 'same-origin', headers: r?.headers };
  }

  /** Starts the one countdown timer, if the status line has seconds to wait and none runs. */
  #countDown(): void {
    const p = this.#progress.get();
    if (this.#waitTimer || p.phase !== 'failed' || !p.wait || !this.isConnected) return;
    this.#waitTimer = window.setInterval(() => {
      const now = this.#progress.get();
      const wait = now.phase === 'failed' && now.wait ? now.wait - 1 : 0;
      if (now.phase === 'failed') this.#progress.set({ ...now, wait });
      if (!wait) this.#stopWait();
    }, 1000);
  }

  #stopWait(): void {
    clearInterval(this.#waitTimer);
    this.#waitTimer = 0;
  }

  #stopLive(): void {
    const live = this.#live;
    this.#live = null;
    live?.follower?.stop();
  }

  /**
   * Changes the status line. When focus is on one of its buttons and that button goes away, focus moves to the
   * button that takes its place (Cancel ↔ Retry), else to the line itself, so it is never lost to the page.
   */
  #setProgress(progress: GenerateProgress): void {
    const active = this.shadowRoot?.activeElement;
    const hadFocus = !!active && !!active.closest?.('.progress');
    this.#progress.set(progress);
    if (!hadFocus) return;
    void this.updateComplete.then(() => {
      const line = this.renderRoot.querySelector<HTMLElement>('.progress');
      const target = line?.querySelector<HTMLElement>('button:enabled') ?? line;
      target?.focus();
    });
  }

  #cancelPressed(): void {
    this.#request?.controller.abort();
  }

  #retryPressed(): void {
    const p = this.#progress.get();
    if (this.#lastPrompt === null || !this.endpoint || (p.phase === 'failed' && p.wait)) return;
    void this.generate(this.#lastPrompt);
  }

  // ——— issues and announcements ———

  #crashed(node: OmniNode, error: unknown): void {
    // Reported after the render that caught it: no state is written while rendering.
    queueMicrotask(() =>
      this.#report({
        code: 'node_crashed',
        severity: 'error',
        line: node.line,
        id: node.id,
        message: `${node.type} "${node.id}" failed while rendering: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  }

  /** Every event goes out here (the events are typed classes; their names are in the class JSDoc). */
  #fire(event: Event): void {
    this.dispatchEvent(event);
  }

  #report(issue: Issue): void {
    this.#rendererIssues.push(issue);
    this.#fire(new OmniIssueEvent(issue));
  }

  /** What each Notice on the screen says now, by id. */
  #noticeWords(): Map<string, string> {
    return untracked(() => {
      const out = new Map<string, string>();
      const doc = this.#doc.get();
      if (!doc) return out;
      for (const id of doc.ids()) {
        const node = doc.node(id);
        if (node?.type !== 'Notice') continue;
        const title = node.props['title'] === undefined ? '' : text(this.#context, node.props['title']);
        out.set(id, noticeWords(title, text(this.#context, node.props['text'])));
      }
      return out;
    });
  }

  #announce(words: string): void {
    // Clear first, so the same words said twice are read twice; updates in the same frame are said together.
    this.#toSay.push(words);
    if (this.#sayFrame) return;
    this.#announcement.set('');
    this.#sayFrame = requestAnimationFrame(() => {
      this.#sayFrame = 0;
      const all = this.#toSay.join(' ');
      this.#toSay = [];
      if (all) this.#announcement.set(all);
    });
  }
}

defineElement('omni-screen', OmniScreen);

declare global {
  interface HTMLElementTagNameMap {
    'omni-screen': OmniScreen;
  }
}
