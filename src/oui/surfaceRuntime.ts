/**
 * One surface on the page's side, without the DOM: `<oui-surface>` wraps it, the conformance runner and tests
 * drive it directly. It registers the surface while it is active and the transport connected (and deregisters
 * it otherwise, and on dispose), pushes observations as they change, and runs each dispatched action:
 *
 *   surface unavailable → SURFACE_UNAVAILABLE;  too many waiting → SURFACE_BUSY;
 *   undeclared action (or no handler) → ACTION_NOT_FOUND;
 *   params against `input` → INVALID_PARAMS naming each field;  the page's `accept` refuses → ACTION_DENIED;
 *   `confirm` asked and refused → ACTION_DENIED;
 *   the handler throws → ACTION_EXECUTION_ERROR;  it takes longer than `actionTimeoutMs` → TIMEOUT;
 *   else success with its answer as data; async actions are then followed to one final result.
 *
 * A result goes after the state it changed: the handler's promise, then `afterRun` (one render, in the element),
 * then the getters, whose changes are pushed first. An answer that can't travel is left out and said so
 * (`dropped`), never turned into a failure: the action ran. The same surface id started again on one transport
 * takes it over (pageHost); this one stands by and takes it back if the other leaves first.
 *
 * A dispatch is either 0.1.0's (no request id: nobody awaits an answer) or our agent's (with a request id). Both
 * run the same way, and every result is pushed as the status observation `<actionId>:status`, which is how a
 * 0.1.0 agent learns the outcome; a request with an id is also answered with `action:result` events.
 *
 * Handlers run one after another, in the order their requests came (an async action's follow runs beside later
 * requests, so a long job doesn't block the surface). An action that needs the person waits for its answer
 * outside that line: actions that need no confirmation run meanwhile, and it joins the line once confirmed.
 * Confirmations are asked one at a time. A request id is answered once; a repeat gets the same answer again and
 * never runs the handler twice.
 *
 * Deadlines: a request of our agent says how long the agent waits (`timeoutMs`, each interim result giving it as
 * long again, up to `maxWaitMs`). While it waits for the person or its turn the runtime sends interim results
 * saying so (`waiting`), and it never starts an action after the agent stopped waiting: at the deadline (or on
 * the agent's `action:cancel`) a request that hasn't started is withdrawn (its confirmation closed) and answered
 * TIMEOUT, and the deadline is checked again just before the handler runs.
 */
import type { JsonSchema } from '../actions/index.js';
import { realTimers, type Timers } from '../transport/clock.js';
import { createIssueSink } from '../stream/index.js';
import { createFlightTimers, type Flight } from './flight.js';
import { createFlightAnswers } from './flightAnswers.js';
import { createFlightQueue, type FlightQueue } from './flightQueue.js';
import type { FlightRunContext } from './flightRunner.js';
import { createHandlerTable } from './handlerTable.js';
import type { OUIEventSource, OUISurfaceHandlers } from './handlers.js';
import type { WireLimits } from './json.js';
import { createListeners } from './listeners.js';
import { createObservationStore, type OUIObservationGetters } from './observations.js';
import {
  OUI_ERROR_CODES,
  type OUIAction,
  type OUIActionRequest,
  type OUIActionResultMessage,
  type OUICancelMessage,
  type OUISurface,
} from './protocol.js';
import { createRequestMemory } from './requestMemory.js';
import { isActive, type OUIEntity } from './routes.js';
import { createSurfaceRegistration } from './surfaceRegistration.js';
import { isRequestTransport, type OUIIssue, type OUIIssueCode, type OUITransport, type OUIUnsubscribe } from './transport.js';
import { assertSurface } from './validateSurface.js';
import { newId } from './ids.js';
import { createLane } from './lane.js';

/** How long a confirmation may stay open, and what takes it back. */
export interface OUIConfirmLimits {
  /**
   * Aborts when the question must be withdrawn: the agent gave up or its deadline passed, the person stopped
   * the request, the surface went. Close the dialog then; whatever it answers after is not used.
   */
  readonly signal: AbortSignal;
  /** Epoch ms (the runtime's `now()`) after which the action will never run, when the request has one. */
  readonly deadline?: number;
}

/**
 * Asks the person whether a request may run; resolves true to run it. Close the question when `limits.signal`
 * aborts (`<oui-surface>` withdraws its dialog).
 */
export type OUIConfirm = (request: OUIActionRequest, action: OUIAction, limits: OUIConfirmLimits) => boolean | PromiseLike<boolean>;

/**
 * The page's policy on each request, asked after its params were checked and before the person is asked or it
 * runs: `true` accepts it; `false` refuses it (ACTION_DENIED), and a string refuses it with that reason, which
 * the agent reads. A throw refuses it too.
 */
export type OUIAccept = (request: OUIActionRequest, action: OUIAction) => boolean | string | PromiseLike<boolean | string>;

/**
 * What the runtime is doing, for an indicator: a request that needs the person waiting its turn to be asked
 * (`queued`, while another question is open), asking, running, following (with progress), or done.
 */
export interface OUIActivity {
  phase: 'queued' | 'confirm' | 'run' | 'progress' | 'done';
  request: OUIActionRequest;
  action?: OUIAction;
  /** With `progress` and `done`. */
  result?: OUIActionResultMessage;
}

/** Everything a surface runtime is given. Only `surface` and `transport` are required. */
export interface SurfaceRuntimeOptions {
  /** The definition; refused with OUISurfaceError when malformed (an id against the conventions is a `surface-style` warning). */
  surface: OUISurface;
  /** One of ours (requests with ids answered with results), or any transport 0.1.0 declares (answers as status observations only). */
  transport: OUITransport;
  /** Action id → handler. Replaceable later with `setHandlers`. */
  handlers?: OUISurfaceHandlers;
  /** Observation id → getter, read on registration, after each action, on `refresh()`, and on a cadence for `polling`. */
  getters?: OUIObservationGetters;
  /** The page's path, for `activation.routes`. Unknown (undefined): only a surface without routes is active. */
  path?: string;
  /** The entity the page shows, for `activation.entity`. */
  entity?: OUIEntity | null;
  /** Asks the person. Without one, every action that needs confirming is denied. */
  confirm?: OUIConfirm;
  /** The page's policy: may refuse any request before it runs (see OUIAccept). Without one, every request passes. */
  accept?: OUIAccept;
  /** App events for async actions that subscribe. */
  events?: OUIEventSource;
  timers?: Timers;
  now?: () => number;
  /** A handler (and each poll or event reading) may take this long; 0: no limit. Default 30 000. */
  actionTimeoutMs?: number;
  /**
   * The person may take this long to answer; no answer counts as refused; 0: no limit. Default 300 000, the same
   * as the agent's `maxWaitMs`, so a default agent waits as long as the question stays open. A request's own
   * deadline closes it sooner.
   */
  confirmTimeoutMs?: number;
  /**
   * How often a request waiting for the person or its turn says so to the agent (an interim result with
   * `waiting`); never less often than a third of the request's `timeoutMs`, so the agent hears it in time, and
   * never more often than every 250 ms. Default 5 000.
   */
  heartbeatMs?: number;
  /** Limit of a follow when polling names no maxAttempts nor maxDurationMs, or subscribe no maxDurationMs. Default 600 000. */
  asyncTimeoutMs?: number;
  /** Cadence of `polling` observations. Default 1 000. */
  observationPollMs?: number;
  /** Check observation values against their schemas (development). Default true. */
  checkObservations?: boolean;
  /**
   * Awaited after each handler (and each step of an async action) before its result is sent, then the getters
   * are read: what the action changed reaches the agent before its answer. `<oui-surface>` waits for one render
   * here. Bounded by `actionTimeoutMs` (1 000 ms when that is 0). Default: nothing more than the handler's promise.
   */
  afterRun?: () => void | PromiseLike<void>;
  /** Requests waiting (for their checks, the person or their turn) besides the one about to run; beyond it a request is answered SURFACE_BUSY at once. Default 32. */
  maxQueue?: number;
  /** Answered request ids remembered for repeats. Default 500. */
  rememberRequests?: number;
  limits?: WireLimits;
}

/** The handle of a running surface. */
export interface SurfaceRuntime {
  /** The checked, frozen definition. */
  readonly surface: OUISurface;
  readonly active: boolean;
  readonly registered: boolean;
  readonly disposed: boolean;
  /** Re-checks activation at a new path (after navigation). */
  setPath(path: string | undefined): void;
  /** Re-checks activation for the entity the page now shows (null: none). */
  setEntity(entity: OUIEntity | null): void;
  /** Replaces the handlers (a form bound later, a handler changed). */
  setHandlers(handlers: OUISurfaceHandlers): void;
  /** Sets an observation's value; sent when it differs from the last one sent. Throws for an undeclared id. */
  setObservation(id: string, value: unknown): void;
  /** The current value of an observation. */
  observation(id: string): unknown;
  /** Reads the getters now (all, or the ones named). */
  refresh(ids?: readonly string[]): void;
  /**
   * Runs one of the surface's actions for the page itself, through the same steps as an agent's request
   * (active, declared with a handler, params, `accept`, the person's confirmation, the line): resolves with its
   * final result, never rejects. Nothing of it goes to the agent but what it changes in the observations.
   */
  execute(actionId: string, params?: Record<string, unknown>): Promise<OUIActionResultMessage>;
  /** The person stops a request: answered ACTION_DENIED, its confirmation withdrawn, its handler's signal aborted. False when it was not in flight. */
  stop(requestId: string): boolean;
  /** The requests not yet answered finally, in the order they came. */
  readonly pending: readonly OUIActionRequest[];
  onActivity(listener: (activity: OUIActivity) => void): OUIUnsubscribe;
  /** Hears when `registered` changed (a later mount of the same surface id took it over, or gave it back). */
  onStateChange(listener: () => void): OUIUnsubscribe;
  onIssue(listener: (issue: OUIIssue) => void): OUIUnsubscribe;
  readonly issues: readonly OUIIssue[];
  /** Answers what is pending SURFACE_UNAVAILABLE, deregisters, stops every timer and listener. */
  dispose(): void;
}

/**
 * Starts a surface on a transport. Throws OUISurfaceError for a malformed definition. A surface id already running
 * on that transport is taken over (the latest mount answers; see pageHost).
 */
export function createSurfaceRuntime(options: SurfaceRuntimeOptions): SurfaceRuntime {
  const styleWarnings: string[] = [];
  const surface = assertSurface(options.surface, { onWarnings: (w) => styleWarnings.push(...w) });
  const transport = options.transport;
  const ours = isRequestTransport(transport) ? transport : null;
  const timers = options.timers ?? realTimers;
  const now = options.now ?? Date.now;
  const actions = new Map(surface.actions.map((a) => [a.id, a]));

  const sink = createIssueSink<OUIIssue>();
  const report = (code: OUIIssueCode, message: string) => {
    if (sink.issues.length >= 200) (sink.issues as OUIIssue[]).splice(0, 100);
    sink.report({ code, severity: code === 'duplicate-request' || code === 'surface-style' ? 'warning' : 'error', line: null, message, id: surface.id });
  };
  for (const w of styleWarnings) report('surface-style', `The surface "${surface.id}": ${w}`);
  const activity = createListeners<OUIActivity>();
  const stateChanged = createListeners<void>();
  const memory = createRequestMemory(options.rememberRequests ?? 500);
  const flights = new Map<string, Flight>();
  let path = options.path;
  let entity = options.entity ?? null;
  let active = isActive(surface.activation, path, entity);
  let disposed = false;

  const store = createObservationStore({
    surface,
    transport,
    getters: options.getters ?? {},
    check: options.checkObservations !== false,
    pollMs: options.observationPollMs ?? 1000,
    timers,
    now,
    limits: options.limits,
    report,
  });
  const handlers = createHandlerTable(surface, { timers, hasEvents: !!options.events });
  handlers.set(options.handlers ?? {});
  const clock = createFlightTimers({
    timers,
    now,
    heartbeatMs: Math.max(250, options.heartbeatMs ?? 5000),
    beat: (flight, waiting) => answers.interim(flight, undefined, undefined, waiting),
    expired: (flight) => answers.withdrawn(flight, `the agent's deadline passed`),
  });
  // Status observations the app declares itself are its own: no results are pushed there.
  const ownStatus = new Set((surface.observations ?? []).map((o) => o.id));
  const answers = createFlightAnswers({ surfaceId: surface.id, transport, ours, ownStatus, memory, flights, activity, now, quiet: clock.quiet, heard: clock.arm });
  const { fail } = answers;
  const run: FlightRunContext = {
    surfaceId: surface.id,
    actions,
    // The checker annotates the schemas it is given, and the definition is frozen: it checks against copies.
    inputs: new Map(surface.actions.map((a) => [a.id, JSON.parse(JSON.stringify(a.input)) as JsonSchema])),
    handlers,
    runLane: createLane(),
    askLane: createLane(),
    answers,
    clock,
    activity,
    store,
    timers,
    now,
    actionTimeoutMs: options.actionTimeoutMs ?? 30_000,
    confirmTimeoutMs: options.confirmTimeoutMs ?? 300_000,
    asyncTimeoutMs: options.asyncTimeoutMs ?? 600_000,
    options,
    report,
  };

  const queue = createFlightQueue(run, { flights, memory, maxQueue: options.maxQueue ?? 32, ours, active: () => active });
  const onDispatch: FlightQueue['dispatch'] = (d, local) => {
    if (!disposed && d.surfaceId === surface.id) queue.dispatch(d, local);
  };
  const onCancel = (c: OUICancelMessage) => {
    if (!disposed) queue.cancel(c);
  };

  const registration = createSurfaceRegistration({
    surface,
    transport,
    ours,
    store,
    now,
    wanted: () => !disposed && active,
    dispatch: onDispatch,
    cancel: onCancel,
    changed: () => stateChanged.emit(),
  });
  const moved = () => {
    active = isActive(surface.activation, path, entity);
    registration.update();
  };

  return {
    surface,
    get active() {
      return active;
    },
    get registered() {
      return registration.registered;
    },
    get disposed() {
      return disposed;
    },
    setPath(next) {
      path = next;
      moved();
    },
    setEntity(next) {
      entity = next;
      moved();
    },
    setHandlers: (next) => handlers.set(next),
    setObservation: (id, value) => store.set(id, value),
    observation: (id) => store.get(id),
    refresh: (list) => store.refresh(list),
    execute(actionId, params = {}) {
      return new Promise((resolve) => {
        if (disposed) {
          const at = now();
          return resolve({ requestId: `local:${newId()}`, surfaceId: surface.id, actionId, success: false, error: { code: OUI_ERROR_CODES.SURFACE_UNAVAILABLE, message: `The surface "${surface.id}" was removed` }, timestamp: at });
        }
        onDispatch({ surfaceId: surface.id, actionId, params, timestamp: now() }, resolve);
      });
    },
    stop(requestId) {
      const flight = flights.get(requestId);
      if (!flight || flight.done) return false;
      fail(flight, OUI_ERROR_CODES.ACTION_DENIED, 'The person stopped the action');
      return true;
    },
    get pending() {
      return [...flights.values()].map((f) => f.request);
    },
    onActivity: (l) => activity.add(l),
    onStateChange: (l) => stateChanged.add(l),
    onIssue: (l) => sink.onIssue(l),
    get issues() {
      return sink.issues;
    },
    dispose() {
      if (disposed) return;
      for (const flight of [...flights.values()]) {
        if (flight.conclude) flight.conclude();
        else fail(flight, OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surface.id}" was removed`);
      }
      disposed = true;
      registration.leave();
      store.dispose();
      activity.clear();
      stateChanged.clear();
    },
  };
}
