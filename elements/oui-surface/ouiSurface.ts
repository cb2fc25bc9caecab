import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { AgentElement } from '../shared/base/agentElement.js';
import { AnnouncerController } from '../shared/controllers/announcer.js';
import { ApprovalController } from '../shared/controllers/approval.js';
import {
  createSurfaceRuntime,
  type OUIConfirmLimits,
  type SurfaceRuntime,
  type SurfaceRuntimeOptions,
  OUISurfaceError,
  validateSurface,
  type OUISurfaceHandlers,
  type OUIEventSource,
  type OUIObservationGetters,
  type OUIAction,
  type OUIActionRequest,
  type OUISurface,
  type OUIEntity,
  type OUIIssue,
  type OUITransport,
  type OUIUnsubscribe,
} from '../../src/oui/index.js';
import { ActivityController, type Activity } from './controllers/activity.js';
import { BindingsController } from './controllers/bindings.js';
import { watchPath } from './controllers/pathWatcher.js';
import { confirmDetails, confirmSentence } from './confirmSentence.js';
import { ApprovalSeals } from './approvalSeals.js';
import { OuiErrorEvent, OuiIssueEvent, OuiRequestEvent, OuiResultEvent, OuiStateEvent, type OuiErrorKind } from './events.js';
import { surfaceStyles } from './styles.js';
import { indicatorView } from './views/indicator.js';
import { errorText } from '../../src/stream/index.js';

/** The runtime's options an app may set on the element; the element gives the rest itself. */
export type OuiSurfaceOptions = Pick<
  SurfaceRuntimeOptions,
  'actionTimeoutMs' | 'confirmTimeoutMs' | 'heartbeatMs' | 'asyncTimeoutMs' | 'observationPollMs' | 'checkObservations' | 'maxQueue' | 'rememberRequests' | 'limits' | 'timers' | 'now'
>;

interface Built {
  runtime: SurfaceRuntime;
  transport: OUITransport;
  key: string;
  options: OuiSurfaceOptions | undefined;
  unsubscribe: OUIUnsubscribe[];
}

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
 * @fires {OuiStateEvent} oui-state - The surface was registered with the agent or deregistered: `surfaceId`, `registered`, `active`.
 * @fires {OuiRequestEvent} oui-request - An agent's request passed the checks and runs (or awaits the person): `request`, `action`, `confirming`.
 * @fires {OuiResultEvent} oui-result - A result went to the agent, interim or final: `result`, `request`, `action`, `final`.
 * @fires {OuiIssueEvent} oui-issue - The runtime reported an issue (an observation not matching its schema, a repeated request id): `issue`.
 * @fires {OuiErrorEvent} oui-error - The definition, the markup or the handlers can't be used: `kind`, `errors`, `message`.
 *
 * @csspart indicator - The box shown while an agent acts (hidden when idle).
 * @csspart activity - One request in the indicator.
 * @csspart activity-text - What the agent is doing, in words.
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
export class OuiSurface extends AgentElement {
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
  @property({ attribute: false }) runtimeOptions?: OuiSurfaceOptions;

  /** With no `surface` property: the id of a surface declared in markup (kebab-case). */
  @property({ attribute: 'surface-id' }) surfaceId?: string;

  /** With no `surface` property: the name of a surface declared in markup. */
  @property({ attribute: 'surface-name' }) surfaceName?: string;

  /** With no `surface` property: what a surface declared in markup is for. */
  @property({ attribute: 'surface-description' }) surfaceDescription?: string;

  /** With no `surface` property: the routes where a surface declared in markup is active, separated by spaces. */
  @property() routes?: string;

  #surface: OUISurface | undefined;
  #built: Built | null = null;
  #definition: OUISurface | null = null;
  #values = new Map<string, unknown>();
  /** The last reasons reported per kind: the same broken markup read again (another mutation) is not news. */
  #reported = new Map<OuiErrorKind, string>();
  #lastState = { registered: false, active: false, id: '' };
  #scheduled = false;
  #unwatchPath: (() => void) | null = null;
  #asked = new Set<string>();

  readonly #announcer = new AnnouncerController(this);
  readonly #approval = new ApprovalController(this);
  readonly #seals = new ApprovalSeals();
  readonly #activity = new ActivityController(this, this.#announcer, () => this.words);
  readonly #bindings = new BindingsController(this, () => this.#schedule());

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
        this.#error('definition', check.errors, error.message, true);
        throw error;
      }
      this.#surface = check.surface;
    }
    this.requestUpdate('surface', old);
  }

  /** The definition registered: `surface` (or the markup attributes) with the actions bound in markup added. Null while none is usable. */
  get definition(): OUISurface | null {
    return this.#definition;
  }

  /** True while the agent's side knows the surface (active, connected, in the page). */
  get registered(): boolean {
    return this.#built?.runtime.registered ?? false;
  }

  /** True while the activation holds for the page's path and entity. */
  get active(): boolean {
    return this.#built?.runtime.active ?? false;
  }

  /** The requests an agent has in flight here, for an indicator of the app's own. */
  get activity(): readonly Activity[] {
    return this.#activity.list;
  }

  /** Requests not yet answered finally, in the order they came. */
  get pending(): readonly OUIActionRequest[] {
    return this.#built?.runtime.pending ?? [];
  }

  /** Issues the runtime reported (also fired as `oui-issue`). */
  get issues(): readonly OUIIssue[] {
    return this.#built?.runtime.issues ?? [];
  }

  /**
   * Sets an observation's value; it is pushed to the agent when it differs from the last one sent (deep
   * equality). Throws a TypeError for an id the surface doesn't declare.
   */
  setObservation(id: string, value: unknown): void {
    const def = this.#definition ?? this.#surface;
    if (def && !(def.observations ?? []).some((o) => o.id === id)) {
      throw new TypeError(`The surface "${def.id}" declares no observation "${id}"`);
    }
    this.#values.set(id, value);
    this.#built?.runtime.setObservation(id, value);
  }

  /** The current value of an observation. */
  observation(id: string): unknown {
    return this.#built ? this.#built.runtime.observation(id) : this.#values.get(id);
  }

  /** Reads the getters now (all of them, or the ones named) and pushes what changed. */
  refresh(ids?: readonly string[]): void {
    this.#built?.runtime.refresh(ids);
  }

  /** Stops a request, as the indicator's Stop button does: answered ACTION_DENIED, its handler's signal aborted. False when it wasn't in flight. */
  stop(requestId: string): boolean {
    if (!this.#built) return false;
    this.#activity.stopping(requestId);
    return this.#built.runtime.stop(requestId);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#unwatchPath = watchPath(window, (path) => {
      if (this.path === undefined) this.#built?.runtime.setPath(path);
      this.#checkState();
    });
    this.#schedule();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unwatchPath?.();
    this.#unwatchPath = null;
    // A move within the page reconnects in the same task: only a removal ends the surface.
    this.#schedule();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const restart = ['surface', 'transport', 'getters', 'runtimeOptions', 'surfaceId', 'surfaceName', 'surfaceDescription', 'routes'] as const;
    if (restart.some((k) => changed.has(k as keyof OuiSurface))) this.#schedule();
    else if (changed.has('handlers') || changed.has('events')) this.#applyHandlers();
    if (this.#built && (changed.has('path') || changed.has('entity'))) {
      this.#built.runtime.setPath(this.#path());
      this.#built.runtime.setEntity(this.entity);
      this.#checkState();
    }
  }

  protected override render(): TemplateResult {
    const w = this.words;
    return html`<slot name="indicator">${indicatorView(this.#activity.list, w, this.#onStop)}</slot><slot></slot>${this.#announcer.render()}${this.#approval.render()}`;
  }

  #path(): string | undefined {
    return this.path ?? (typeof location !== 'undefined' ? location.pathname : undefined);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#sync();
    });
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

  /** The definition to register now, or why there is none. */
  #compose(): { surface: OUISurface | null; kind?: OuiErrorKind; errors?: string[] } {
    const bound = this.#bindings.current;
    const base = this.#surface ?? this.#markupBase();
    if (!base) {
      // No surface yet is the normal state of a page that sets it by script after the markup: only once a
      // transport says the app wants the surface running is its absence an error.
      if ((bound.actions.length === 0 && bound.errors.length === 0) || !this.transport) return { surface: null };
      return { surface: null, kind: 'markup', errors: ['actions are bound in markup, but there is no surface: set the surface property, or the surface-id, surface-name and surface-description attributes'] };
    }
    if (bound.errors.length) return { surface: null, kind: 'markup', errors: [...bound.errors] };
    const declared = new Set(base.actions.map((a) => a.id));
    const merged = { ...base, actions: [...base.actions, ...bound.actions.filter((a) => !declared.has(a.id))] };
    const check = validateSurface(merged);
    // `surface` alone was checked when it was set: what fails now comes from the markup.
    if (!check.valid) return { surface: null, kind: 'markup', errors: check.errors };
    return { surface: check.surface };
  }

  #sync(): void {
    const composed = this.isConnected ? this.#compose() : { surface: null };
    if (composed.errors) this.#error(composed.kind!, composed.errors, new OUISurfaceError(composed.errors).message);
    else this.#reported.delete('markup');
    const surface = composed.surface;
    const transport = this.isConnected ? this.transport : undefined;
    if (!surface || !transport) {
      this.#definition = surface;
      this.#teardown();
      return;
    }
    const getterIds = Object.keys(this.getters ?? {}).sort();
    const key = JSON.stringify([surface, getterIds]);
    const b = this.#built;
    if (b && b.transport === transport && b.key === key && b.options === this.runtimeOptions) {
      this.#applyHandlers();
      return;
    }
    this.#teardown();
    this.#definition = surface;
    this.#build(surface, transport, key, getterIds);
  }

  #build(surface: OUISurface, transport: OUITransport, key: string, getterIds: string[]): void {
    const getters: Record<string, () => unknown> = {};
    // The wrappers read the app's current getters, so a getter replaced under the same id needs no restart.
    for (const id of getterIds) getters[id] = () => this.getters?.[id]?.();
    const events: OUIEventSource = {
      subscribe: (event, listener) => {
        if (!this.events) throw new Error('<oui-surface> has no events source: set its events property');
        return this.events.subscribe(event, listener);
      },
    };
    let runtime: SurfaceRuntime;
    try {
      runtime = createSurfaceRuntime({
        ...this.runtimeOptions,
        surface,
        transport,
        getters,
        events,
        path: this.#path(),
        entity: this.entity,
        confirm: (request, action, limits) => this.#confirm(request, action, limits),
      });
    } catch (error) {
      // A surface id already running on this transport, a getter for an undeclared observation.
      const message = errorText(error);
      this.#error('definition', [message], message);
      return;
    }
    const built: Built = { runtime, transport, key, options: this.runtimeOptions, unsubscribe: [] };
    this.#built = built;
    built.unsubscribe.push(
      runtime.onActivity((a) => {
        this.#activity.hear(a);
        if ((a.phase === 'confirm' || a.phase === 'run') && a.action && !this.#asked.has(a.request.requestId)) {
          this.#asked.add(a.request.requestId);
          this.dispatchEvent(new OuiRequestEvent(a.request, a.action, a.phase === 'confirm'));
        }
        if ((a.phase === 'progress' || a.phase === 'done') && a.result) {
          if (a.phase === 'done') {
            this.#asked.delete(a.request.requestId);
            this.#seals.forget(a.request.requestId);
          }
          this.dispatchEvent(new OuiResultEvent(a.result, a.request, a.action));
        }
      }),
      runtime.onIssue((issue) => this.dispatchEvent(new OuiIssueEvent(issue))),
      // Heard after the runtime's own listener, so its registration is already up to date.
      transport.onConnectionChange(() => this.#checkState()),
    );
    // Reported while the runtime started, before anyone listened: an id against the conventions.
    for (const issue of runtime.issues) this.dispatchEvent(new OuiIssueEvent(issue));
    for (const [id, value] of this.#values) {
      if ((surface.observations ?? []).some((o) => o.id === id)) runtime.setObservation(id, value);
    }
    this.#applyHandlers();
    this.#checkState();
  }

  /**
   * Asks the person about an agent's request in the page's confirmation queue, with every param listed; the
   * params are sealed as shown, and the handler runs only with the same params (ApprovalSeals). When the runtime
   * withdraws it (the agent gave up or its deadline passed, the request was stopped) the question is withdrawn,
   * and a yes that comes after is no yes.
   */
  async #confirm(request: OUIActionRequest, action: OUIAction, limits: OUIConfirmLimits): Promise<boolean> {
    const seal = this.#seals.seal(request.params ?? {});
    const answer = await this.#approval.ask(confirmSentence(request, action, this.words), {
      details: confirmDetails(request, action),
      signal: limits.signal,
      ...(limits.deadline !== undefined ? { deadline: limits.deadline } : {}),
    });
    // Its own words for the agent: not a refusal by the person, who never saw it.
    if (answer === 'unseen') throw new Error('The confirmation could not be shown where the person can see it (the surface is hidden or has no size), so nothing ran');
    if (answer !== 'confirmed' || limits.signal.aborted) return false;
    this.#seals.approved(request.requestId, seal);
    return true;
  }

  #applyHandlers(): void {
    const built = this.#built;
    if (!built) return;
    const merged = { ...this.#bindings.current.handlers, ...(this.handlers ?? {}) };
    const problems: string[] = [];
    const surface = built.runtime.surface;
    for (const action of surface.actions) {
      if (action.polling?.subscribe && merged[action.id] && !this.events) {
        problems.push(`"${action.id}" waits for the event "${action.polling.subscribe.event}": set the events property`);
      }
    }
    try {
      built.runtime.setHandlers(this.#seals.wrap(merged));
    } catch (error) {
      problems.unshift(errorText(error));
    }
    if (problems.length) this.#error('handlers', problems, `The handlers of "${surface.id}" don't fit it: ${problems.join('; ')}`);
    else this.#reported.delete('handlers');
  }

  #teardown(): void {
    const built = this.#built;
    if (!built) {
      this.#checkState();
      return;
    }
    this.#built = null;
    built.runtime.dispose();
    for (const u of built.unsubscribe) u();
    this.#activity.clear();
    this.#asked.clear();
    this.#seals.clear();
    this.#checkState(built.runtime.surface.id);
  }

  #checkState(lastId?: string): void {
    const runtime = this.#built?.runtime;
    const now = { registered: runtime?.registered ?? false, active: runtime?.active ?? false, id: runtime?.surface.id ?? lastId ?? this.#lastState.id };
    const last = this.#lastState;
    if (now.registered === last.registered && now.active === last.active && now.id === last.id) return;
    this.#lastState = now;
    if (now.id) this.dispatchEvent(new OuiStateEvent(now.id, now.registered, now.active));
  }

  #error(kind: OuiErrorKind, errors: readonly string[], message: string, always = false): void {
    const key = errors.join('\n');
    if (!always && this.#reported.get(kind) === key) return;
    this.#reported.set(kind, key);
    this.dispatchEvent(new OuiErrorEvent(kind, errors, message));
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
    'oui-surface': OuiSurface;
  }
}
