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
import { checkParams, paramsMessage, type JsonSchema } from '../actions/index.js';
import { realTimers, type Timers } from '../transport/clock.js';
import { createIssueSink, errorText } from '../stream/index.js';
import { followAsyncAction } from './asyncAction.js';
import { actionErrorOf, runOf, type OUIActionContext, type OUISurfaceHandler, type OUISurfaceHandlers, type OUIEventSource } from './handlers.js';
import { toWireJson, type WireLimits } from './json.js';
import { createListeners } from './listeners.js';
import { createObservationStore, type OUIObservationGetters } from './observations.js';
import {
  OUI_CAPABILITIES,
  OUI_ERROR_CODES,
  statusObservationId,
  type OUIAction,
  type OUIActionRequest,
  type OUIActionResultMessage,
  type OUICancelMessage,
  type OUIDispatchMessage,
  type OUIErrorCode,
  type OUISurface,
} from './protocol.js';
import { createRequestMemory } from './requestMemory.js';
import { isActive, type OUIEntity } from './routes.js';
import { settleWithin, type Settled } from './settleWithin.js';
import { isRequestTransport, type OUIIssue, type OUIIssueCode, type OUITransport, type OUIUnsubscribe } from './transport.js';
import { assertSurface } from './validateSurface.js';
import { pageHost } from './pageHost.js';
import { newId } from './ids.js';
import { createLane, type LanePlace } from './lane.js';

/** How long a request waits for a handler that is not there yet (bounded by its deadline): see handlerFor. */
const HANDLER_GRACE_MS = 2000;

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

interface Flight {
  request: OUIActionRequest;
  /** The agent gave the request id and awaits `action:result` events; a 0.1.0 dispatch (id made here) does not. */
  answered: boolean;
  action?: OUIAction;
  /** Aborted when it ends unsuccessfully: what its handler hears. */
  controller: AbortController;
  /** Aborted when it ends for any reason: withdraws a confirmation still open. */
  withdraw: AbortController;
  startedAt: number;
  done: boolean;
  /** The handler was called: from here the deadline no longer stops it. */
  started: boolean;
  /** When it arrived, and when the agent last heard from us about it (the deadline counts from there). */
  receivedAt: number;
  lastWord: number;
  timeoutMs?: number;
  maxWaitMs?: number;
  deadlineTimer?: unknown;
  heartbeat?: { timer: unknown; waiting: 'confirmation' | 'turn' };
  places: LanePlace[];
  /** Run by the page itself (execute): its final result goes here, and nothing to the agent. */
  local?: (result: OUIActionResultMessage) => void;
  /** Its handler finished and it waits for the page to settle: answers it now. */
  conclude?: () => void;
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
  const actionTimeoutMs = options.actionTimeoutMs ?? 30_000;
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 300_000;
  const heartbeatMs = Math.max(250, options.heartbeatMs ?? 5000);
  const asyncTimeoutMs = options.asyncTimeoutMs ?? 600_000;
  const maxQueue = options.maxQueue ?? 32;
  const actions = new Map(surface.actions.map((a) => [a.id, a]));
  // The checker annotates the schemas it is given, and the definition is frozen: it checks against copies.
  const inputs = new Map(surface.actions.map((a) => [a.id, JSON.parse(JSON.stringify(a.input)) as JsonSchema]));

  // Status observations the app declares itself are its own: no results are pushed there.
  const ownStatus = new Set((surface.observations ?? []).map((o) => o.id));

  const sink = createIssueSink<OUIIssue>();
  const report = (code: OUIIssueCode, message: string) => {
    if (sink.issues.length >= 200) (sink.issues as OUIIssue[]).splice(0, 100);
    sink.report({ code, severity: code === 'duplicate-request' || code === 'surface-style' ? 'warning' : 'error', line: null, message, id: surface.id });
  };
  for (const w of styleWarnings) report('surface-style', `The surface "${surface.id}": ${w}`);
  const activity = createListeners<OUIActivity>();
  const memory = createRequestMemory(options.rememberRequests ?? 500);
  const flights = new Map<string, Flight>();
  // Handlers run one at a time in this line; confirmations are asked one at a time in the other.
  const runLane = createLane();
  const askLane = createLane();
  let handlers: OUISurfaceHandlers = {};
  let path = options.path;
  let entity = options.entity ?? null;
  let active = isActive(surface.activation, path, entity);
  let registered = false;
  let disposed = false;
  // False while a later mount of the same surface id holds it (see pageHost).
  let owner = true;
  const stateChanged = createListeners<void>();

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

  const setHandlers = (next: OUISurfaceHandlers) => {
    const copy: Record<string, OUISurfaceHandler> = Object.create(null) as Record<string, OUISurfaceHandler>;
    for (const [id, h] of Object.entries(next ?? {})) {
      const action = actions.get(id);
      if (!action) throw new TypeError(`A handler is given for "${id}", which the surface "${surface.id}" doesn't declare`);
      const ok = typeof h === 'function' || (typeof h === 'object' && h !== null && typeof h.run === 'function');
      if (!ok) throw new TypeError(`The handler of "${id}" must be a function or {run, poll?, onEvent?}`);
      if (action.polling && !action.polling.subscribe && (typeof h !== 'object' || typeof h.poll !== 'function')) {
        throw new TypeError(`"${id}" polls: its handler must be {run, poll}`);
      }
      if (action.polling?.subscribe && !options.events) {
        throw new TypeError(`"${id}" waits for the event "${action.polling.subscribe.event}": give the runtime an events source`);
      }
      copy[id] = h;
    }
    handlers = copy;
    for (const waiter of [...handlerWaiters]) if (handlers[waiter.id]) waiter.done();
  };
  // A request that came before its handler (a page sets handlers, or its forms are bound, just after the surface
  // is announced): it waits a moment for one, instead of a false "no handler on this page".
  const handlerWaiters = new Set<{ id: string; done: () => void }>();
  const handlerFor = (id: string, flight: Flight): Promise<void> | void => {
    if (handlers[id]) return;
    const grace = Math.min(HANDLER_GRACE_MS, Math.max(0, deadlineOf(flight) - now()));
    return new Promise<void>((resolve) => {
      const waiter = {
        id,
        done: () => {
          handlerWaiters.delete(waiter);
          timers.clearTimeout(timer);
          flight.withdraw.signal.removeEventListener('abort', waiter.done);
          resolve();
        },
      };
      const timer = timers.setTimeout(waiter.done, grace);
      handlerWaiters.add(waiter);
      flight.withdraw.signal.addEventListener('abort', waiter.done, { once: true });
    });
  };
  setHandlers(options.handlers ?? {});

  // ---- Answers --------------------------------------------------------------------------------------

  const send = (flight: Flight, result: OUIActionResultMessage) => {
    if (flight.local) {
      if (!result.interim) flight.local(result);
      return;
    }
    if (flight.answered) ours?.sendResult(result);
    // 0.1.0 agents have no result event: the same result as the action's status observation. A 0.1.0
    // dispatch had no id, and its status says none.
    const id = statusObservationId(result.actionId);
    if (ownStatus.has(id)) return;
    const { requestId, ...rest } = result;
    const value = flight.answered ? { requestId, ...rest } : rest;
    transport.pushObservation({ surfaceId: surface.id, observationId: id, value, timestamp: result.timestamp });
  };

  const answer = (flight: Flight, fields: Partial<OUIActionResultMessage> & { success: boolean }) => {
    if (flight.done) return;
    flight.done = true;
    flights.delete(flight.request.requestId);
    quiet(flight);
    for (const place of flight.places) place.leave();
    if (!flight.withdraw.signal.aborted) flight.withdraw.abort();
    const at = now();
    const result: OUIActionResultMessage = {
      requestId: flight.request.requestId,
      surfaceId: surface.id,
      actionId: flight.request.actionId,
      ...fields,
      durationMs: Math.max(0, at - flight.startedAt),
      timestamp: at,
    };
    if (flight.answered) memory.final(result);
    send(flight, result);
    activity.emit({ phase: 'done', request: flight.request, ...(flight.action ? { action: flight.action } : {}), result });
    // A handler still running after a timeout, a stop or a removal hears it through its signal.
    if (!fields.success && !flight.controller.signal.aborted) flight.controller.abort();
  };

  const fail = (flight: Flight, code: OUIErrorCode, message: string, details?: unknown) =>
    answer(flight, { success: false, error: { code, message, ...(details !== undefined ? { details } : {}) } });

  const interim = (flight: Flight, progress: number | undefined, data: unknown, waiting?: 'confirmation' | 'turn') => {
    if (flight.done) return;
    const at = now();
    const result: OUIActionResultMessage = {
      requestId: flight.request.requestId,
      surfaceId: surface.id,
      actionId: flight.request.actionId,
      success: true,
      interim: true,
      ...(progress !== undefined ? { progress } : {}),
      ...(data !== undefined ? { data } : {}),
      ...(waiting ? { waiting } : {}),
      durationMs: Math.max(0, at - flight.startedAt),
      timestamp: at,
    };
    send(flight, result);
    // Only what the agent can have heard moves its deadline: sent while connected.
    if (transport.connected) {
      flight.lastWord = at;
      armDeadline(flight);
    }
    if (!waiting) activity.emit({ phase: 'progress', request: flight.request, ...(flight.action ? { action: flight.action } : {}), result });
  };

  // ---- Deadlines --------------------------------------------------------------------------------------

  /**
   * When the agent stops waiting for a request that hasn't started: `timeoutMs` after the last word it heard
   * from us, and never later than `maxWaitMs` after the request came. Infinity for a 0.1.0 dispatch (no agent
   * waits; the confirmation's own limit holds).
   */
  const deadlineOf = (flight: Flight): number => {
    const silence = flight.timeoutMs !== undefined ? flight.lastWord + flight.timeoutMs : Infinity;
    // A timeout given alone is the request's hard deadline, as the agent counts it.
    const bound = flight.maxWaitMs ?? flight.timeoutMs;
    return Math.min(silence, bound !== undefined ? flight.receivedAt + bound : Infinity);
  };

  const armDeadline = (flight: Flight) => {
    if (flight.deadlineTimer !== undefined) timers.clearTimeout(flight.deadlineTimer);
    flight.deadlineTimer = undefined;
    const at = deadlineOf(flight);
    if (flight.done || flight.started || !Number.isFinite(at)) return;
    flight.deadlineTimer = timers.setTimeout(() => {
      flight.deadlineTimer = undefined;
      if (flight.done || flight.started) return;
      // A word sent since may have moved it.
      if (now() < deadlineOf(flight)) return armDeadline(flight);
      withdrawn(flight, `the agent's deadline passed`);
    }, Math.max(0, at - now()));
  };

  /** Answers a request that never started: TIMEOUT, saying what it waited for; its question is withdrawn. */
  const withdrawn = (flight: Flight, why: string) => {
    const what = flight.heartbeat?.waiting === 'confirmation' ? ' while it waited for the person' : flight.heartbeat?.waiting === 'turn' ? ' while it waited for its turn' : '';
    fail(flight, OUI_ERROR_CODES.TIMEOUT, `"${flight.request.actionId}" did not run: ${why}${what}`);
  };

  /** Says, now and every beat, what a request waits for; to an agent that awaits it (a 0.1.0 one hears it once). */
  const waitFor = (flight: Flight, waiting: 'confirmation' | 'turn', now = true) => {
    if (flight.done) return;
    stopBeat(flight);
    // Never more often than every 250 ms, whatever timeout an agent names: it can't make the page chatter.
    const every = flight.timeoutMs !== undefined ? Math.min(heartbeatMs, Math.max(250, Math.floor(flight.timeoutMs / 3))) : heartbeatMs;
    const beat = () => {
      flight.heartbeat = { waiting, timer: flight.answered ? timers.setTimeout(beat, every) : undefined };
      interim(flight, undefined, undefined, waiting);
    };
    if (now) beat();
    else flight.heartbeat = { waiting, timer: flight.answered ? timers.setTimeout(beat, every) : undefined };
  };

  const stopBeat = (flight: Flight) => {
    if (flight.heartbeat?.timer !== undefined) timers.clearTimeout(flight.heartbeat.timer);
    if (flight.heartbeat) flight.heartbeat.timer = undefined;
  };

  /** No more timers for it. */
  const quiet = (flight: Flight) => {
    stopBeat(flight);
    if (flight.deadlineTimer !== undefined) timers.clearTimeout(flight.deadlineTimer);
    flight.deadlineTimer = undefined;
  };

  // ---- Running --------------------------------------------------------------------------------------

  const onDispatch = (d: OUIDispatchMessage, local?: (result: OUIActionResultMessage) => void) => {
    if (disposed || d.surfaceId !== surface.id) return;
    const answered = d.requestId !== undefined;
    const requestId = d.requestId ?? `${local ? 'local' : 'dispatch'}:${newId()}`;
    const request: OUIActionRequest = { requestId, surfaceId: d.surfaceId, actionId: d.actionId, params: d.params, timestamp: d.timestamp };
    const at = now();
    const flight: Flight = {
      request,
      answered,
      controller: new AbortController(),
      withdraw: new AbortController(),
      startedAt: at,
      done: false,
      started: false,
      receivedAt: at,
      lastWord: at,
      places: [],
      ...(local ? { local } : {}),
      ...(answered && d.timeoutMs !== undefined && d.timeoutMs > 0 ? { timeoutMs: d.timeoutMs } : {}),
      ...(answered && d.maxWaitMs !== undefined && d.maxWaitMs > 0 ? { maxWaitMs: d.maxWaitMs } : {}),
    };
    if (answered) {
      const known = memory.get(requestId);
      if (known) {
        report('duplicate-request', `Request "${requestId}" came again; it was not run again`);
        if (known.state === 'final') send(flight, known.result);
        return;
      }
      memory.pending(requestId);
    }
    flights.set(requestId, flight);
    if (!active) return fail(flight, OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surface.id}" is not active here`);
    let waiting = 0;
    for (const f of flights.values()) if (!f.started && f !== flight) waiting++;
    // One of them may be about to run; beyond that, maxQueue wait.
    if (waiting > maxQueue) return fail(flight, OUI_ERROR_CODES.SURFACE_BUSY, `The surface "${surface.id}" is busy: ${maxQueue} requests are already waiting their turn`);
    armDeadline(flight);
    const action = actions.get(request.actionId);
    // Its place in line is taken now, so handlers run in the order requests came; one that must be confirmed
    // takes its place once the person agreed, so a question left open holds up nothing.
    if (action && !action.confirm) flight.places.push(runLane.enter());
    void run(flight);
  };

  /**
   * The agent stopped waiting for a request. Not started: withdrawn (its question closed), answered TIMEOUT, and
   * it never runs. Started: its handler's signal aborts, and the answer says what it did may stand. Already
   * answered: the answer again, in case it was lost on the way.
   */
  const onCancel = (c: OUICancelMessage) => {
    if (disposed) return;
    const flight = flights.get(c.requestId);
    const why = `the agent stopped waiting${c.reason ? ` (${c.reason.slice(0, 200)})` : ''}`;
    if (flight?.answered) {
      if (!flight.started) return withdrawn(flight, why);
      return fail(flight, OUI_ERROR_CODES.TIMEOUT, `${why[0]!.toUpperCase()}${why.slice(1)}; "${flight.request.actionId}" had already started, and what it did may stand`);
    }
    const known = memory.get(c.requestId);
    if (known?.state === 'final') ours?.sendResult(known.result);
  };

  /** Waits for a place's turn, saying so to the agent when it takes a while; false when the request ended meanwhile. */
  const turnOf = async (flight: Flight, place: LanePlace, waiting: 'confirmation' | 'turn'): Promise<boolean> => {
    let first = true;
    const shown = place.turn.then(() => (first = false));
    await Promise.resolve();
    // Its turn at once (nothing ahead): no word needed. Else the agent hears what it waits for, and a question
    // waiting behind another is counted for the person.
    if (first && !flight.done) {
      waitFor(flight, waiting, waiting === 'confirmation');
      if (waiting === 'confirmation') activity.emit({ phase: 'queued', request: flight.request, ...(flight.action ? { action: flight.action } : {}) });
    }
    await shown;
    stopBeat(flight);
    return !flight.done;
  };

  const run = async (flight: Flight) => {
    const { request } = flight;
    const action = actions.get(request.actionId);
    if (!action) return fail(flight, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The surface "${surface.id}" has no action "${request.actionId}"`);
    flight.action = action;
    await handlerFor(action.id, flight);
    if (flight.done) return;
    if (!handlers[action.id]) return fail(flight, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The action "${action.id}" has no handler on this page`);

    let problems;
    try {
      problems = await checkParams(inputs.get(action.id)!, request.params);
    } catch (error) {
      return fail(flight, OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, errorText(error));
    }
    if (flight.done) return;
    if (problems.length > 0) {
      return fail(flight, OUI_ERROR_CODES.INVALID_PARAMS, paramsMessage(action.id, problems), {
        problems: problems.map((p) => ({ path: p.path, message: p.message, ...(p.keyword ? { keyword: p.keyword } : {}) })),
      });
    }

    if (options.accept) {
      const said = await settleWithin(() => options.accept!(request, action), actionTimeoutMs, timers, flight.withdraw.signal);
      if (flight.done) return;
      if (said.status !== 'ok' || said.value !== true) {
        const why = said.status === 'ok' && typeof said.value === 'string' && said.value ? `: ${said.value.slice(0, 2000)}` : said.status === 'error' ? `: ${errorText(said.error)}` : '';
        return fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `This page does not accept "${action.id}" now${why}`);
      }
    }

    if (action.confirm) {
      const ask = options.confirm;
      if (!ask) return fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `"${action.id}" needs the person's confirmation, and this page can't ask`);
      const asking = askLane.enter();
      flight.places.push(asking);
      if (!(await turnOf(flight, asking, 'confirmation'))) return;
      activity.emit({ phase: 'confirm', request, action });
      // The person is asked now; the agent hears so at once (and on every beat while the question is open).
      waitFor(flight, 'confirmation');
      const bound = flight.maxWaitMs ?? flight.timeoutMs;
      const deadline = bound !== undefined ? flight.receivedAt + bound : undefined;
      const limit = deadline !== undefined ? Math.min(confirmTimeoutMs > 0 ? confirmTimeoutMs : Infinity, Math.max(0, deadline - now())) : confirmTimeoutMs;
      const said = await settleWithin(
        () => ask(request, action, { signal: flight.withdraw.signal, ...(deadline !== undefined ? { deadline } : {}) }),
        limit === Infinity ? 0 : Math.max(1, limit),
        timers,
        flight.withdraw.signal,
      );
      stopBeat(flight);
      asking.leave();
      if (flight.done) return;
      // The question closed because the deadline came (here, or in a dialog given it): not the person's no.
      if (said.status !== 'ok' || said.value !== true) {
        if (now() >= deadlineOf(flight) || (deadline !== undefined && now() >= deadline)) return withdrawn(flight, `the agent's deadline passed`);
      }
      if (said.status === 'timeout') return fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `Nobody answered the confirmation within ${confirmTimeoutMs} ms`);
      if (said.status === 'error') return fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `The confirmation failed: ${errorText(said.error)}`);
      if (said.status !== 'ok' || said.value !== true) return fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `The person did not allow "${action.id}"`);
      flight.places.push(runLane.enter());
    }

    const place = flight.places.at(-1)!;
    if (!(await turnOf(flight, place, 'turn'))) return;
    // Just before running: the agent must still be waiting (the person may have confirmed after its deadline).
    if (now() >= deadlineOf(flight)) {
      place.leave();
      return withdrawn(flight, `the agent's deadline passed before it could start`);
    }
    const handler = handlers[action.id];
    if (!handler) {
      place.leave();
      return fail(flight, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The action "${action.id}" has no handler on this page`);
    }
    flight.started = true;
    flight.startedAt = now();
    quiet(flight);
    activity.emit({ phase: 'run', request, action });
    const signal = flight.controller.signal;
    const context: OUIActionContext = { request, action, signal };
    const ran = await settleWithin(() => runOf(handler)(request.params, context), actionTimeoutMs, timers, signal);
    place.leave();
    if (flight.done) return;
    // It ran: removed while the page settles, it is still answered with what it did (see dispose).
    if (!action.polling) flight.conclude = () => conclude(flight, action, handler, context, ran);
    await settled();
    if (!flight.done) conclude(flight, action, handler, context, ran);
  };

  /** Answers a request whose handler finished: after what it changed, what it did (or follows its job). */
  const conclude = (flight: Flight, action: OUIAction, handler: OUISurfaceHandler, context: OUIActionContext, ran: Settled<unknown>) => {
    if (ran.status === 'timeout') return settledFail(flight, OUI_ERROR_CODES.TIMEOUT, `"${action.id}" took longer than ${actionTimeoutMs} ms`);
    if (ran.status === 'error') {
      const asked = actionErrorOf(ran.error);
      return asked ? settledFail(flight, asked.code, errorText(ran.error), asked.details) : settledFail(flight, OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, errorText(ran.error));
    }
    if (ran.status !== 'ok') return;
    const wire = toWireJson(ran.value, options.limits);
    // The observations the action changed go out first, so an agent reading the answer never sees old values.
    store.refresh();
    // It ran: an answer that can't travel is left out and said so, never turned into a failure.
    const dropped = wire.ok ? undefined : { fields: ['data'], reason: `The answer of "${action.id}" can't be sent: ${wire.reason}` };
    if (!wire.ok) report('malformed-event', dropped!.reason);
    const data = wire.ok ? wire.value : undefined;
    if (!action.polling) return answer(flight, { success: true, ...(data !== undefined ? { data } : {}), ...(dropped ? { dropped } : {}) });
    interim(flight, 0, data);
    void followAsyncAction({
      polling: action.polling,
      handler: typeof handler === 'object' ? handler : null,
      dispatchResult: data,
      context,
      events: options.events,
      timers,
      stepTimeoutMs: actionTimeoutMs,
      defaultMaxDurationMs: asyncTimeoutMs,
      limits: options.limits,
      interim: (progress, step) => {
        store.refresh();
        interim(flight, progress, step);
      },
    }).then(async (outcome) => {
      await settled();
      store.refresh();
      if (outcome.kind === 'done') answer(flight, { success: true, interim: false, progress: 100, ...(outcome.data !== undefined ? { data: outcome.data } : {}) });
      else if (outcome.kind === 'failed') fail(flight, outcome.code, outcome.message, outcome.details);
    });
  };

  /** Waits for the page to settle after app code ran (afterRun), within bounds; its failure is not the action's. */
  const settled = async () => {
    if (!options.afterRun) return;
    const said = await settleWithin(() => options.afterRun!(), actionTimeoutMs > 0 ? actionTimeoutMs : 1000, timers);
    if (said.status === 'error') report('observation-mismatch', `afterRun failed: ${errorText(said.error)}`);
  };

  /** A failure after app code ran: what it changed is read first, then the answer. */
  const settledFail = (flight: Flight, code: OUIErrorCode, message: string, details?: unknown) => {
    store.refresh();
    fail(flight, code, message, details);
  };

  // ---- Registration ---------------------------------------------------------------------------------

  const update = () => {
    const before = registered;
    const want = !disposed && active && transport.connected && owner;
    if (want && !registered) {
      registered = true;
      if (ours) ours.sendRegistration({ surface, timestamp: now(), capabilities: [OUI_CAPABILITIES.RESULTS, OUI_CAPABILITIES.CANCEL] });
      else transport.registerSurface(surface);
      store.registered();
    } else if (!want && registered) {
      registered = false;
      store.unregistered();
      // Lost connection: the other side forgets the surface on its own, and a deregistration would only wait in the buffer.
      if (transport.connected) transport.deregisterSurface(surface.id);
    }
    if (registered !== before) stateChanged.emit();
  };

  // A later mount of the same surface id takes it over; this one stands by until that one leaves.
  const hold = pageHost(transport, now).add(surface.id, {
    dispatch: onDispatch,
    cancel: onCancel,
    displaced() {
      const had = registered;
      owner = false;
      if (had) {
        // The new mount registers the surface itself: no deregistration, which would withdraw it from under it.
        registered = false;
        store.unregistered();
        stateChanged.emit();
      }
      return had;
    },
    resumed() {
      owner = true;
      update();
    },
  });
  const unsubscribe = [transport.onConnectionChange(() => update())];
  update();
  // Took over a registered surface and can't hold it now (not active here): it is withdrawn.
  if (hold.inherited && !registered && transport.connected) transport.deregisterSurface(surface.id);

  return {
    surface,
    get active() {
      return active;
    },
    get registered() {
      return registered;
    },
    get disposed() {
      return disposed;
    },
    setPath(next) {
      path = next;
      active = isActive(surface.activation, path, entity);
      update();
    },
    setEntity(next) {
      entity = next;
      active = isActive(surface.activation, path, entity);
      update();
    },
    setHandlers,
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
      // An earlier mount of the same id takes the surface back: it registers it, so no deregistration goes.
      if (hold.leave() && registered) {
        registered = false;
        store.unregistered();
      }
      update();
      store.dispose();
      for (const u of unsubscribe) u();
      activity.clear();
      stateChanged.clear();
    },
  };
}
