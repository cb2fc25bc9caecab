/**
 * The OUI runtime behind an `<oui-surface>`: composed from the definition (the `surface` property or the markup
 * attributes, with the actions bound in markup added), built when there is a definition and a transport and the
 * element is in the page, built again when what it was built from changes, and torn down otherwise. Everything
 * it hears goes out as the element's events (`oui-state`, `oui-request`, `oui-result`, `oui-issue`), what can't
 * be used as `oui-error`, once per reason. Changes are gathered into one rebuild per microtask, so a page setting
 * five properties in a row starts the surface once; a move within the page (removed and added again in the same
 * task) keeps it running.
 *
 * An agent's request that needs the person is asked in the page's confirmation queue with every param listed;
 * the params are sealed as shown and the handler runs only with the same params (ApprovalSeals).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  createSurfaceRuntime,
  OUI_ERROR_CODES,
  OUISurfaceError,
  validateSurface,
  type OUIAccept,
  type OUIAction,
  type OUIActionRequest,
  type OUIActionResultMessage,
  type OUIConfirmLimits,
  type OUIEntity,
  type OUIEventSource,
  type OUIIssue,
  type OUIObservationGetters,
  type OUISurface,
  type OUISurfaceHandlers,
  type OUITransport,
  type OUIUnsubscribe,
  type SurfaceRuntime,
  type SurfaceRuntimeOptions,
} from '../../../src/oui/index.js';
import { errorText } from '../../../src/stream/index.js';
import type { Timers } from '../../../src/transport/index.js';
import { clockOf } from '../../shared/base/clock.js';
import type { Strings } from '../../../strings/en.js';
import type { ApprovalController } from '../../shared/controllers/approval.js';
import { OUIErrorEvent, OUIIssueEvent, OUIRequestEvent, OUIResultEvent, OUIStateEvent, type OUIErrorKind } from '../events.js';
import { ApprovalSeals } from '../model/approvalSeals.js';
import { watchPath } from '../model/watchPath.js';
import { confirmDetails, confirmSentence } from '../views/confirmSentence.js';
import type { ActivityController } from './activity.js';
import type { Bound } from './bindings.js';

/** The runtime's options an app may set on the element; the element gives the rest itself. */
export type SurfaceOptions = Pick<
  SurfaceRuntimeOptions,
  'actionTimeoutMs' | 'confirmTimeoutMs' | 'heartbeatMs' | 'asyncTimeoutMs' | 'observationPollMs' | 'checkObservations' | 'maxQueue' | 'rememberRequests' | 'limits' | 'timers' | 'now'
>;

/** What the runtime is made from, read from the element when it is (re)built. */
export interface SurfaceInputs {
  /** The definition set as a property (already checked) or declared by the markup attributes; null: none. */
  base(): OUISurface | null;
  /** What the markup binds now. */
  bound(): Bound;
  transport(): OUITransport | undefined;
  getters(): OUIObservationGetters | undefined;
  events(): OUIEventSource | undefined;
  handlers(): OUISurfaceHandlers | undefined;
  options(): SurfaceOptions | undefined;
  /** The path the activation routes are matched against: the `path` property, else null to follow the page. */
  path(): string | undefined;
  entity(): OUIEntity | null;
  /** The app's policy on each request (the `accept` property). */
  accept(): OUIAccept | undefined;
  /** False while the app took the surface off (the `active` property). */
  on(): boolean;
  words(): Strings;
}

interface Built {
  runtime: SurfaceRuntime;
  transport: OUITransport;
  key: string;
  options: SurfaceOptions | undefined;
  unsubscribe: OUIUnsubscribe[];
}

type Host = ReactiveControllerHost & HTMLElement;

/** Issues kept for `issues` (the latest; the runtime keeps as many). */
const MAX_ISSUES = 200;

/**
 * Resolves once the page drew what an action changed: after the next frame and the task that follows it (a
 * framework's render and its effects: Lit and Vue update in microtasks, React in a task), so the observations
 * the view sets as it draws go to the agent before the action's answer. A hidden page draws no frames: a short
 * wait on the element's clock stands in. The frame and the task after it are the page's own, not time: no clock.
 */
function nextRender(timers: Timers): Promise<void> {
  return new Promise((resolve) => {
    const fallback = timers.setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      // raw timer: the task after the frame (where React runs its effects) is the page's turn, not a length of time
      setTimeout(() => {
        timers.clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

export class SurfaceRuntimeController implements ReactiveController {
  #built: Built | null = null;
  #definition: OUISurface | null = null;
  #values = new Map<string, unknown>();
  /** The last reasons reported per kind: the same broken markup read again (another mutation) is not news. */
  #reported = new Map<OUIErrorKind, string>();
  #lastState = { registered: false, active: false, id: '' };
  #scheduled = false;
  #unwatchPath: (() => void) | null = null;
  #asked = new Set<string>();
  readonly #seals = new ApprovalSeals();
  /** What `oui-issue` carried since the runtime was built or reset, the latest `MAX_ISSUES`: `issues`. */
  #issues: OUIIssue[] = [];

  constructor(
    private readonly host: Host,
    private readonly inputs: SurfaceInputs,
    private readonly approval: ApprovalController,
    private readonly activity: ActivityController,
  ) {
    host.addController(this);
  }

  /** The definition registered: the base with the actions bound in markup added. Null while none is usable. */
  get definition(): OUISurface | null {
    return this.#definition;
  }

  /** The runtime, while one is built. */
  get runtime(): SurfaceRuntime | null {
    return this.#built?.runtime ?? null;
  }

  get registered(): boolean {
    return this.#built?.runtime.registered ?? false;
  }

  get active(): boolean {
    return this.#built?.runtime.active ?? false;
  }

  get pending(): readonly OUIActionRequest[] {
    return this.#built?.runtime.pending ?? [];
  }

  get issues(): readonly OUIIssue[] {
    return [...this.#issues];
  }

  hostConnected(): void {
    this.#unwatchPath = watchPath(window, (path) => {
      if (this.inputs.path() === undefined) this.#built?.runtime.setPath(path);
      this.#checkState();
    });
    this.schedule();
  }

  hostDisconnected(): void {
    this.#unwatchPath?.();
    this.#unwatchPath = null;
    // A move within the page reconnects in the same task: only a removal ends the surface.
    this.schedule();
  }

  /** Sets an observation's value, kept for a runtime built later too (the element checks the id first). */
  setObservation(id: string, value: unknown): void {
    this.#values.set(id, value);
    this.#built?.runtime.setObservation(id, value);
  }

  observation(id: string): unknown {
    return this.#built ? this.#built.runtime.observation(id) : this.#values.get(id);
  }

  refresh(ids?: readonly string[]): void {
    this.#built?.runtime.refresh(ids);
  }

  /** Runs an action for the page itself through the runtime's checks and confirmation; SURFACE_UNAVAILABLE while none runs. */
  execute(actionId: string, params: Record<string, unknown> = {}): Promise<OUIActionResultMessage> {
    const runtime = this.#built?.runtime;
    if (runtime) return runtime.execute(actionId, params);
    const surfaceId = this.#definition?.id ?? '';
    const error = { code: OUI_ERROR_CODES.SURFACE_UNAVAILABLE, message: 'The surface is not running (no transport, taken off, or not in the page)' };
    return Promise.resolve({ requestId: 'local', surfaceId, actionId, success: false, error, timestamp: Date.now() });
  }

  /** Stops a request: answered ACTION_DENIED, its handler's signal aborted. False when it wasn't in flight. */
  stop(requestId: string): boolean {
    if (!this.#built) return false;
    this.activity.stopping(requestId);
    return this.#built.runtime.stop(requestId);
  }

  /** Stops every request in flight: those waiting to be asked or to run are refused, those running stopped. */
  stopAll(): number {
    let stopped = 0;
    for (const request of this.pending) if (this.stop(request.requestId)) stopped++;
    return stopped;
  }

  /** Starts over, the surface kept registered: every request in flight is stopped, the indicator and `issues` cleared. */
  reset(): void {
    this.stopAll();
    this.activity.clear();
    this.#issues = [];
  }

  /** What the runtime is built from changed: it is built again (or kept, if what it needs is the same) in a microtask. */
  schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#sync();
    });
  }

  /** The page's path or entity changed: the activation is checked again. */
  placeChanged(): void {
    if (!this.#built) return;
    this.#built.runtime.setPath(this.#path());
    this.#built.runtime.setEntity(this.inputs.entity());
    this.#checkState();
  }

  /** The handlers (or the events source) changed: the runtime gets them at once, without a restart. */
  applyHandlers(): void {
    const built = this.#built;
    if (!built) return;
    const merged = { ...this.inputs.bound().handlers, ...(this.inputs.handlers() ?? {}) };
    const problems: string[] = [];
    const surface = built.runtime.surface;
    for (const action of surface.actions) {
      if (action.polling?.subscribe && merged[action.id] && !this.inputs.events()) {
        problems.push(`"${action.id}" waits for the event "${action.polling.subscribe.event}": set the events property`);
      }
    }
    try {
      built.runtime.setHandlers(this.#seals.wrap(merged));
    } catch (error) {
      problems.unshift(errorText(error));
    }
    if (problems.length) this.report('handlers', problems, `The handlers of "${surface.id}" don't fit it: ${problems.join('; ')}`);
    else this.#reported.delete('handlers');
  }

  /** Fires `oui-error`, unless the same reasons of the same kind were the last reported (or `always`). */
  report(kind: OUIErrorKind, errors: readonly string[], message: string, always = false): void {
    const key = errors.join('\n');
    if (!always && this.#reported.get(kind) === key) return;
    this.#reported.set(kind, key);
    this.host.dispatchEvent(new OUIErrorEvent(kind, errors, message));
  }

  #path(): string | undefined {
    return this.inputs.path() ?? (typeof location !== 'undefined' ? location.pathname : undefined);
  }

  /** The definition to register now, or why there is none. */
  #compose(): { surface: OUISurface | null; kind?: OUIErrorKind; errors?: string[] } {
    const bound = this.inputs.bound();
    const base = this.inputs.base();
    if (!base) {
      // No surface yet is the normal state of a page that sets it by script after the markup: only once a
      // transport says the app wants the surface running is its absence an error.
      if ((bound.actions.length === 0 && bound.errors.length === 0) || !this.inputs.transport()) return { surface: null };
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
    const connected = this.host.isConnected;
    const composed = connected ? this.#compose() : { surface: null };
    if (composed.errors) this.report(composed.kind!, composed.errors, new OUISurfaceError(composed.errors).message);
    else this.#reported.delete('markup');
    const surface = composed.surface;
    // Taken off by the app: torn down as if it had no transport, and built again when put back.
    const transport = connected && this.inputs.on() ? this.inputs.transport() : undefined;
    if (!surface || !transport) {
      this.#definition = surface;
      this.#teardown();
      return;
    }
    const getterIds = Object.keys(this.inputs.getters() ?? {}).sort();
    const key = JSON.stringify([surface, getterIds]);
    const b = this.#built;
    const options = this.inputs.options();
    if (b && b.transport === transport && b.key === key && b.options === options) {
      this.applyHandlers();
      return;
    }
    this.#teardown();
    this.#definition = surface;
    this.#build(surface, transport, key, getterIds, options);
  }

  #build(surface: OUISurface, transport: OUITransport, key: string, getterIds: string[], options: SurfaceOptions | undefined): void {
    const getters = Object.create(null) as Record<string, () => unknown>;
    // The wrappers read the app's current getters, so a getter replaced under the same id needs no restart.
    for (const id of getterIds) getters[id] = () => this.inputs.getters()?.[id]?.();
    const events: OUIEventSource = {
      subscribe: (event, listener) => {
        const source = this.inputs.events();
        if (!source) throw new Error('<oui-surface> has no events source: set its events property');
        return source.subscribe(event, listener);
      },
    };
    let runtime: SurfaceRuntime;
    try {
      const timers = options?.timers ?? clockOf(this.host);
      runtime = createSurfaceRuntime({
        ...options,
        timers,
        surface,
        transport,
        getters,
        events,
        path: this.#path(),
        entity: this.inputs.entity(),
        confirm: (request, action, limits) => this.#confirm(request, action, limits),
        afterRun: () => nextRender(timers),
        // Read when asked, so the app may set or change its policy at any time without a restart.
        accept: (request, action) => this.inputs.accept()?.(request, action) ?? true,
      });
    } catch (error) {
      // A getter for an undeclared observation. (A surface id already on this transport is taken over.)
      const message = errorText(error);
      this.report('definition', [message], message);
      return;
    }
    const built: Built = { runtime, transport, key, options, unsubscribe: [] };
    this.#built = built;
    const host = this.host;
    built.unsubscribe.push(
      runtime.onActivity((a) => {
        this.activity.hear(a);
        if ((a.phase === 'confirm' || a.phase === 'run') && a.action && !this.#asked.has(a.request.requestId)) {
          this.#asked.add(a.request.requestId);
          host.dispatchEvent(new OUIRequestEvent(a.request, a.action, a.phase === 'confirm'));
        }
        if ((a.phase === 'progress' || a.phase === 'done') && a.result) {
          if (a.phase === 'done') {
            this.#asked.delete(a.request.requestId);
            this.#seals.forget(a.request.requestId);
          }
          host.dispatchEvent(new OUIResultEvent(a.result, a.request, a.action));
        }
      }),
      runtime.onIssue((issue) => this.#issue(issue)),
      // Another element of the same surface id took it over (or gave it back).
      runtime.onStateChange(() => this.#checkState()),
      // Heard after the runtime's own listener, so its registration is already up to date.
      transport.onConnectionChange(() => this.#checkState()),
    );
    // Reported while the runtime started, before anyone listened: an id against the conventions.
    for (const issue of runtime.issues) this.#issue(issue);
    for (const [id, value] of this.#values) {
      if ((surface.observations ?? []).some((o) => o.id === id)) runtime.setObservation(id, value);
    }
    this.applyHandlers();
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
    const answer = await this.approval.ask(confirmSentence(request, action, this.inputs.words()), {
      details: confirmDetails(request, action),
      signal: limits.signal,
      waiting: () => this.activity.waiting,
      stopAll: () => this.stopAll(),
      ...(limits.deadline !== undefined ? { deadline: limits.deadline } : {}),
    });
    // Its own words for the agent: not a refusal by the person, who never saw it.
    if (answer === 'unseen') throw new Error('The confirmation could not be shown where the person can see it (the surface is hidden or has no size), so nothing ran');
    if (answer !== 'confirmed' || limits.signal.aborted) return false;
    this.#seals.approved(request.requestId, seal);
    return true;
  }

  /** Fires `oui-issue` and keeps the issue; bounded as the runtime's own list, so a hostile agent can't fill memory. */
  #issue(issue: OUIIssue): void {
    if (this.#issues.length >= MAX_ISSUES) this.#issues.splice(0, MAX_ISSUES / 2);
    this.#issues.push(issue);
    this.host.dispatchEvent(new OUIIssueEvent(issue));
  }

  #teardown(): void {
    const built = this.#built;
    if (!built) {
      this.#checkState();
      return;
    }
    this.#built = null;
    this.#issues = [];
    built.runtime.dispose();
    for (const u of built.unsubscribe) u();
    this.activity.clear();
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
    if (now.id) this.host.dispatchEvent(new OUIStateEvent(now.id, now.registered, now.active));
  }
}
