import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { AgentElement } from '../shared/base/agentElement.js';
import { AnnouncerController } from '../shared/controllers/announcer.js';
import { ApprovalController } from '../shared/controllers/approval.js';
import {
  OUISurfaceError,
  validateSurface,
  type OUISurfaceHandlers,
  type OUIEventSource,
  type OUIObservationGetters,
  type OUIActionRequest,
  type OUIActionResultMessage,
  type OUIAccept,
  type OUISurface,
  type OUIEntity,
  type OUIIssue,
  type OUITransport,
} from '../../src/oui/index.js';
import { ActivityController, type Activity } from './controllers/activity.js';
import { BindingsController } from './controllers/bindings.js';
import { SurfaceRuntimeController, type SurfaceOptions } from './controllers/surfaceRuntime.js';
import { surfaceStyles } from './styles.js';
import { indicatorView } from './views/indicator.js';

/** The runtime's options an app may set on the element; the element gives the rest itself. */
export type OUISurfaceOptions = SurfaceOptions;

/**
 * `<oui-surface>` declares what an agent may do and see on this part of the page (an OUI surface, oui-spec
 * 0.1.0) and runs the actions it asks for. Give it a definition (`surface`), the code of its actions
 * (`handlers`), and a `transport` to the agent (`createDirectTransportPair()`, `createWebSocketTransport(io(…))`
 * or `createPostMessageTransport(…)` from the engine). It registers the surface while its activation holds
 * (routes against the page's path, followed through `pushState`, `replaceState` and the back button) and it is
 * in the page; deregisters it otherwise; and pushes observation values when they change.
 *
 * Each request is checked (declared action, a handler, params against its input schema: an error names the
 * field), confirmed by the person in the shared dialog when the action says `confirm` (the action, its
 * description and its params as plain text), run, and answered with success and data or one of the protocol's
 * error codes, with `durationMs` and `timestamp`. A request id never runs twice. Async actions are followed
 * (handler objects `{run, poll}`, or `{run, onEvent?}` with `events` for `polling.subscribe`), with interim
 * results carrying progress.
 *
 * Markup can declare actions with no script: `<form data-oui-action="add_contact" data-oui-description="…">`
 * inside the element is an action whose input schema is read from the form's fields (names, types, required,
 * pattern, min/max, minlength/maxlength, the choices of selects and radio groups); an agent's request fills
 * the fields by name and submits the form with `requestSubmit()`, so the app's own checks and submit handler
 * run. `<button data-oui-action="…">` is an action that presses the button. `data-oui-confirm` asks the person
 * first; `data-oui-ignore` leaves a field out; `data-oui-submit` marks the submit button to use.
 *
 * While an agent acts, an indicator says what it is doing (the action's description, progress in words for
 * async actions, announced politely), with a Stop button per request. It takes no room when idle.
 *
 * Errors: a malformed `surface` is refused at once: the setter throws an `OUISurfaceError` listing every
 * reason, fires `oui-error` (kind `definition`), and the element keeps the definition it had. Markup that
 * declares a broken action, and handlers that don't fit the surface, can't throw where the app wrote them:
 * they fire `oui-error` (kinds `markup`, `handlers`), and the surface stays unregistered until fixed (a
 * handler mismatch leaves the previous handlers in place).
 *
 * @summary Declares what an agent may do and see on this part of the page, and runs the actions it asks for.
 *
 * @slot - The app's own content: forms and buttons bound with `data-oui-action`, anything else.
 * @slot indicator - Replaces the built-in indicator; read `activity` and listen to `oui-request`/`oui-result` to draw your own, and call `stop()`.
 *
 * @fires {OUIStateEvent} oui-state - The surface was registered with the agent or deregistered: `surfaceId`, `registered`, `active`.
 * @fires {OUIRequestEvent} oui-request - An agent's request passed the checks and runs (or awaits the person): `request`, `action`, `confirming`.
 * @fires {OUIResultEvent} oui-result - A result went to the agent, interim or final: `result`, `request`, `action`, `final`.
 * @fires {OUIIssueEvent} oui-issue - The runtime reported an issue (an observation not matching its schema, a repeated request id): `issue`.
 * @fires {OUIErrorEvent} oui-error - The definition, the markup or the handlers can't be used: `kind`, `errors`, `message`.
 *
 * @csspart indicator - The box shown while an agent acts (hidden when idle).
 * @csspart activity - One request in the indicator.
 * @csspart activity-text - What the agent is doing, in words.
 * @csspart waiting - The line (also an `activity`) that counts the requests waiting to be asked behind the open question.
 * @csspart progress - The progress bar of an async action that said how far it is.
 * @csspart stop - The Stop button of a request.
 * @csspart announcer - The visually hidden polite live region.
 *
 * @cssprop --ae-accent - The indicator's edge, its pulse and progress bar.
 * @cssprop --ae-accent-soft - The indicator's background.
 * @cssprop --ae-warning - The pulse while the person is asked to confirm.
 *
 * @tag oui-surface
 */
export class OUISurfaceElement extends AgentElement {
  static override styles = [AgentElement.styles, surfaceStyles];

  /**
   * The transport to the agent: the page's end (`client` of `createDirectTransportPair()`, or
   * `createWebSocketTransport(socket)`, or `createPostMessageTransport({…})`), or any transport 0.1.0 declares
   * (then outcomes go back only as `<actionId>:status` observations). Several surfaces may share one.
   */
  @property({ attribute: false }) transport?: OUITransport;

  /**
   * Action id → handler: a function `(params, {request, action, signal}) => data` (a promise is awaited; a throw
   * fails the action, an `OUIActionError` with the code it names), or for async actions an object `{run, poll}`
   * (polling) or `{run, onEvent?}` (`polling.subscribe`). A handler given here wins over a bound form or button
   * of the same id.
   */
  @property({ attribute: false }) handlers: OUISurfaceHandlers = {};

  /**
   * Observation id → function reading its value, read when the surface registers, after every action, on
   * `refresh()`, and on a cadence for observations declared `updateFrequency: 'polling'`. Or push values with
   * `setObservation()`.
   */
  @property({ attribute: false }) getters: OUIObservationGetters = {};

  /**
   * Where async actions declared with `polling.subscribe` hear the app's events: `{subscribe(event, listener)
   * → unsubscribe}` (the app's WebSocket feed, its store, an EventTarget wrapped).
   */
  @property({ attribute: false }) events?: OUIEventSource;

  /**
   * The path the activation routes are matched against. Unset: `location.pathname`, followed as the page
   * navigates. Set it for a router that keeps its path elsewhere (a hash router).
   */
  @property() path?: string;

  /** The entity the page shows, for `activation.entity` (`{type, id?}`); null: none. */
  @property({ attribute: false }) entity: OUIEntity | null = null;

  /** Timeouts and limits of the runtime (`actionTimeoutMs`, `confirmTimeoutMs`, `asyncTimeoutMs`, …). Changing it starts the surface again. */
  @property({ attribute: false }) runtimeOptions?: OUISurfaceOptions;

  /** With no `surface` property: the id of a surface declared in markup (kebab-case). */
  @property({ attribute: 'surface-id' }) surfaceId?: string;

  /** With no `surface` property: the name of a surface declared in markup. */
  @property({ attribute: 'surface-name' }) surfaceName?: string;

  /** With no `surface` property: what a surface declared in markup is for. */
  @property({ attribute: 'surface-description' }) surfaceDescription?: string;

  /** With no `surface` property: the routes where a surface declared in markup is active, separated by spaces. */
  @property() routes?: string;

  /**
   * The page's policy on each request, asked after its params are checked and before the person is asked or it
   * runs: `(request, action) => true` accepts it; `false` refuses it (ACTION_DENIED), and a string refuses it with
   * that reason, which the agent reads. May return a promise. Read at each request: set or change it any time.
   */
  @property({ attribute: false }) accept?: OUIAccept;

  #surface: OUISurface | undefined;
  #on = true;

  readonly #announcer = new AnnouncerController(this);
  readonly #approval = new ApprovalController(this);
  readonly #activity = new ActivityController(this, this.#announcer, () => this.words);
  readonly #bindings = new BindingsController(this, () => this.#runtime.schedule());
  readonly #runtime: SurfaceRuntimeController = new SurfaceRuntimeController(
    this,
    {
      base: () => this.#surface ?? this.#markupBase(),
      bound: () => this.#bindings.current,
      transport: () => this.transport,
      getters: () => this.getters,
      events: () => this.events,
      handlers: () => this.handlers,
      options: () => this.runtimeOptions,
      path: () => this.path,
      entity: () => this.entity,
      accept: () => this.accept,
      on: () => this.#on,
      words: () => this.words,
    },
    this.#approval,
    this.#activity,
  );

  /**
   * The surface definition (an `OUISurface`: id, name, description, version, actions, observations, activation,
   * metadata). Checked when set: a malformed one throws `OUISurfaceError` (and fires `oui-error`) and is not
   * taken. Reads back the checked, frozen copy.
   */
  get surface(): OUISurface | undefined {
    return this.#surface;
  }

  set surface(value: OUISurface | undefined | null) {
    const old = this.#surface;
    if (value === undefined || value === null) {
      this.#surface = undefined;
    } else {
      const check = validateSurface(value);
      if (!check.valid) {
        const id = typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : undefined;
        const error = new OUISurfaceError(check.errors, id);
        this.#runtime.report('definition', check.errors, error.message, true);
        throw error;
      }
      this.#surface = check.surface;
    }
    this.requestUpdate('surface', old);
  }

  /** The definition registered: `surface` (or the markup attributes) with the actions bound in markup added. Null while none is usable. */
  get definition(): OUISurface | null {
    return this.#runtime.definition;
  }

  /** True while the agent's side knows the surface (active, connected, in the page). */
  get registered(): boolean {
    return this.#runtime.registered;
  }

  /**
   * Set false to take the surface off without removing the element (a tab hidden, a view kept alive): it is
   * deregistered, its pending requests answered SURFACE_UNAVAILABLE; true (the default) puts it back. Reads true
   * while the surface is on and its activation holds for the page's path and entity.
   */
  get active(): boolean {
    return this.#on && this.#runtime.active;
  }

  set active(value: boolean) {
    const on = value !== false;
    if (on === this.#on) return;
    this.#on = on;
    this.#runtime.schedule();
  }

  /** The requests an agent has in flight here, for an indicator of the app's own. */
  get activity(): readonly Activity[] {
    return this.#activity.list;
  }

  /** Requests not yet answered finally, in the order they came. */
  get pending(): readonly OUIActionRequest[] {
    return this.#runtime.pending;
  }

  /**
   * Every issue since the surface started (its runtime built, or `reset()`), in order: what each `oui-issue`
   * carried as `issue` (the latest 200).
   */
  get issues(): readonly OUIIssue[] {
    return this.#runtime.issues;
  }

  /**
   * Sets an observation's value; it is pushed to the agent when it differs from the last one sent (deep
   * equality). Throws a TypeError for an id the surface doesn't declare.
   */
  setObservation(id: string, value: unknown): void {
    const def = this.#runtime.definition ?? this.#surface;
    if (def && !(def.observations ?? []).some((o) => o.id === id)) {
      throw new TypeError(`The surface "${def.id}" declares no observation "${id}"`);
    }
    this.#runtime.setObservation(id, value);
  }

  /** The current value of an observation. */
  observation(id: string): unknown {
    return this.#runtime.observation(id);
  }

  /** Reads the getters now (all of them, or the ones named) and pushes what changed. */
  refresh(ids?: readonly string[]): void {
    this.#runtime.refresh(ids);
  }

  /**
   * Runs one of the surface's actions for the page itself (a button of the app's own, a keyboard shortcut),
   * through the same steps as an agent's request: the surface running and active, the action declared with a
   * handler, its params against its input schema, `accept`, the person's confirmation when it says `confirm`,
   * its turn. Resolves with its final result (never rejects); SURFACE_UNAVAILABLE while the surface isn't
   * running (no transport, taken off, not in the page). The agent hears only what it changes in the observations.
   */
  execute(actionId: string, params: Record<string, unknown> = {}): Promise<OUIActionResultMessage> {
    return this.#runtime.execute(actionId, params);
  }

  /** Stops a request, as the indicator's Stop button does: answered ACTION_DENIED, its handler's signal aborted. False when it wasn't in flight. */
  stop(requestId: string): boolean {
    return this.#runtime.stop(requestId);
  }

  /**
   * Stops the agent here, as the confirmation's "Stop the assistant" does: every request in flight is answered
   * ACTION_DENIED (those waiting for the person or their turn never run; those running hear their signal abort).
   * Returns how many were stopped. What the agent asks afterwards is handled as usual.
   */
  stopAll(): number {
    return this.#runtime.stopAll();
  }

  /**
   * Starts over, as `reset()` does on every element, with the surface still registered: every request in flight is
   * answered ACTION_DENIED (as `stopAll()` does: those waiting for the person or their turn never run, their
   * confirmation closes; those running hear their signal abort), and the indicator, its announcements and `issues`
   * are cleared. What the agent asks afterwards is handled as usual.
   */
  reset(): void {
    this.#runtime.reset();
    this.#approval.reset();
    this.#announcer.clear();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const restart = ['surface', 'transport', 'getters', 'runtimeOptions', 'surfaceId', 'surfaceName', 'surfaceDescription', 'routes'] as const;
    if (restart.some((k) => changed.has(k as keyof OUISurfaceElement))) this.#runtime.schedule();
    else if (changed.has('handlers') || changed.has('events')) this.#runtime.applyHandlers();
    if (changed.has('path') || changed.has('entity')) this.#runtime.placeChanged();
  }

  protected override render(): TemplateResult {
    const w = this.words;
    return html`<slot name="indicator">${indicatorView(this.#activity.list, w, this.#onStop)}</slot><slot></slot>${this.#announcer.render()}${this.#approval.render()}`;
  }

  /** The surface from the markup attributes, when no `surface` property is set and `surface-id` is. */
  #markupBase(): OUISurface | null {
    if (!this.surfaceId) return null;
    const routes = (this.routes ?? '').split(/\s+/).filter(Boolean);
    return {
      id: this.surfaceId,
      name: this.surfaceName ?? '',
      description: this.surfaceDescription ?? '',
      actions: [],
      ...(routes.length ? { activation: { routes } } : {}),
    };
  }

  readonly #onStop = (requestId: string, button: HTMLButtonElement): void => {
    const hadFocus = this.shadowRoot?.activeElement === button;
    this.stop(requestId);
    if (!hadFocus) return;
    // The button goes with its request: focus the next Stop, else the surface itself, never the page.
    void this.updateComplete.then(() => {
      const next = this.shadowRoot?.querySelector<HTMLButtonElement>('button.stop');
      if (next) return next.focus();
      if (!this.hasAttribute('tabindex')) {
        this.setAttribute('tabindex', '-1');
        this.addEventListener('blur', () => this.removeAttribute('tabindex'), { once: true });
      }
      this.focus();
    });
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'oui-surface': OUISurfaceElement;
  }
}
