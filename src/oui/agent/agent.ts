/**
 * The agent's side of OUI: what the page registered on a transport, as tools for a model, and the calls the
 * model makes. A page that says it answers requests (ours: the `action:result` capability on its registration)
 * gets each call as a dispatch with a request id, awaited until its final result, read from `action:result`
 * events and from status observations (the same result heard both ways counts once). A page that speaks only
 * 0.1.0 gets the plain dispatch, and the call answers at once that it was dispatched: such a page tells its
 * outcome through its observations (and its `<actionId>:status` observations, when it pushes them), which the
 * agent keeps and puts in `contextText()`. Everything that arrives is checked by the transport first; here,
 * results must answer a call of ours on the surface it was sent to, and observations must be declared by a
 * registered surface (or be the status observation of one of its actions).
 */
import { realTimers, type Timers } from '../../transport/clock.js';
import { createPendingReplies } from '../../transport/pendingReplies.js';
import { createIssueSink } from '../../stream/index.js';
import { newId } from '../ids.js';
import { isPlainObject, jsonEqual, readJson } from '../json.js';
import { createListeners } from '../listeners.js';
import {
  OUI_CAPABILITIES,
  OUI_ERROR_CODES,
  parseStatusObservationId,
  type OUIActionResultMessage,
  type OUIErrorCode,
  type OUIObservationUpdate,
  type OUIRegistrationMessage,
  type OUISurface,
} from '../protocol.js';
import { isRequestTransport, type OUIIssue, type OUIIssueCode, type OUISendRefusal, type OUITransport, type OUIUnsubscribe } from '../transport.js';
import { readActionResult } from '../wire.js';
import { observationContext, type ObservationContextOptions } from './observationContext.js';
import { fromModelArgs } from './modelSchema.js';
import { nameOUITools, qualifiedToolName, type OUIToolCollision, type OUIToolEntry } from './toolNames.js';
import {
  anthropicTools,
  mcpTools,
  openAITools,
  type AnthropicTool,
  type McpTool,
  type OpenAIFunctionTool,
  type OpenAIResponsesTool,
} from './toolShapes.js';

/** How the agent side behaves. */
export interface OUIAgentOptions {
  /**
   * How long a call waits for word from the page; each interim result (progress, or "still waiting for the
   * person") gives it as long again, up to `maxWaitMs`. 0: no limit. Default 30 000.
   */
  timeoutMs?: number;
  /**
   * However many interim results come, a call waits no longer than this for its action to start (a running
   * action's progress keeps it waiting beyond). Default 300 000, the page's default `confirmTimeoutMs`: a default
   * agent waits as long as the person's question stays open. A call that gives its own `timeoutMs` and no
   * `maxWaitMs` waits no longer than that `timeoutMs`.
   */
  maxWaitMs?: number;
  /**
   * After giving up, how long a call waits for the page to say it withdrew the request (or that it had already
   * run, which is then the answer). Default 2 000.
   */
  cancelGraceMs?: number;
  /** Surfaces kept at once; more registrations are refused and reported. Default 64. */
  maxSurfaces?: number;
  /** Calls waiting at once; more are answered at once with AGENT_BUSY. Default 256. */
  maxPending?: number;
  timers?: Timers;
  now?: () => number;
  newRequestId?: () => string;
}

/** Options of one call. */
export interface OUICallOptions {
  /** As the agent's `timeoutMs`. Given alone, it is the call's hard deadline (`maxWaitMs` defaults to it). */
  timeoutMs?: number;
  /** As the agent's `maxWaitMs`. */
  maxWaitMs?: number;
  /** Hears each interim result (progress of an async action). */
  onInterim?: (result: OUIActionResultMessage) => void;
}

/**
 * Why the page the agent listened to left, when the app knows: `closed` (the tab closed or navigated away: its
 * surfaces are gone for good) or `replaced` (another page took its place, and may give it back). Unsaid, the page
 * is taken to be reconnecting.
 */
export type OUIPageLeft = 'closed' | 'replaced';

/** The agent's handle. */
export interface OUIAgent {
  readonly transport: OUITransport | null;
  /**
   * Listens to a transport (replacing the one before: a page that reconnected on a new socket, or another page;
   * `previous` says why the one before left). Calls still waiting keep waiting, for their answer on the transport
   * they went out on (OUTCOME_UNKNOWN if it goes before answering). One of ours, or any transport
   * 0.1.0 declares (then every call is a plain dispatch).
   */
  attach(transport: OUITransport, options?: { previous?: OUIPageLeft }): void;
  /** Stops listening; the surfaces are forgotten (`left` says why their page went, for the calls that name them). */
  detach(left?: OUIPageLeft): void;
  /** The registered surfaces, in the order they registered. */
  surfaces(): OUISurface[];
  surface(id: string): OUISurface | undefined;
  /** One entry per action of every registered surface, with its tool name. */
  tools(): readonly OUIToolEntry[];
  /** Action ids more than one surface declares (their tools carry the surface id). */
  collisions(): readonly OUIToolCollision[];
  openAITools(api?: 'chat'): OpenAIFunctionTool[];
  openAITools(api: 'responses'): OpenAIResponsesTool[];
  anthropicTools(): AnthropicTool[];
  mcpTools(): McpTool[];
  /**
   * Calls a tool by the name the model used (or `<surfaceId>__<actionId>`, which always works). `args` may be
   * an object or the JSON text some APIs give. Resolves with the final result; never rejects: an unknown tool
   * (ACTION_NOT_FOUND; `surfaceId` empty, `actionId` the name asked for), the tool of a surface whose page is
   * away (DISCONNECTED), or a timeout is a failed result like any other. On a page that speaks only 0.1.0 it
   * resolves at once with `{dispatched: true}` as data: such a page answers through its observations.
   */
  call(name: string, args?: unknown, options?: OUICallOptions): Promise<OUIActionResultMessage>;
  /**
   * Sends a request for any action of a registered surface, declared or not, and awaits its final result (or,
   * on a 0.1.0 page, the word that it was dispatched). SURFACE_NOT_FOUND for a surface never registered,
   * DISCONNECTED for one whose page lost its connection.
   */
  request(surfaceId: string, actionId: string, params?: Record<string, unknown>, options?: OUICallOptions): Promise<OUIActionResultMessage>;
  /** The latest value of each observation of a surface that has one (with the status observations of a 0.1.0 page). */
  observations(surfaceId: string): ReadonlyMap<string, unknown>;
  /** Whether a registered surface's page answers requests with results (false: a 0.1.0 page; undefined: not registered). */
  answers(surfaceId: string): boolean | undefined;
  /** The latest observations as bounded text for a prompt. */
  contextText(options?: ObservationContextOptions): string;
  /** Hears when surfaces (and so tools) came or went. */
  onChange(listener: () => void): OUIUnsubscribe;
  /** Hears each observation update as it is stored: declared ones, and the status observations of a 0.1.0 page. */
  onObservation(listener: (update: OUIObservationUpdate) => void): OUIUnsubscribe;
  /** Hears every result that answers a call of ours, interim and final. */
  onResult(listener: (result: OUIActionResultMessage) => void): OUIUnsubscribe;
  onIssue(listener: (issue: OUIIssue) => void): OUIUnsubscribe;
  readonly issues: readonly OUIIssue[];
  /** Detaches, and answers every call still waiting with SURFACE_UNAVAILABLE. */
  dispose(): void;
}

interface Pending {
  /** The transport the request went out on: its answer is heard there until it comes, whatever is attached meanwhile. */
  via: OUITransport;
  surfaceId: string;
  actionId: string;
  timeoutMs: number;
  maxWaitMs: number;
  sentAt: number;
  lastWord: number;
  /** The page said the action runs (an interim result not `waiting`): the bound no longer applies. */
  started: boolean;
  /** Gave up and asked the page to withdraw it: waiting out the grace for its answer. */
  cancelled: boolean;
  seen: unknown[];
  onInterim?: (result: OUIActionResultMessage) => void;
}

interface Known {
  surface: OUISurface;
  values: Map<string, unknown>;
  /** The page answers requests with `action:result` events. */
  answers: boolean;
}

/** What a call to a 0.1.0 page answers at once. */
const DISPATCHED = Object.freeze({
  dispatched: true,
  message: 'Sent. This page speaks OUI 0.1.0, which has no answers: its observations show the outcome.',
});

/** Creates the agent's side, attached to `transport` when one is given. */
export function createOUIAgent(transport?: OUITransport | null, options: OUIAgentOptions = {}): OUIAgent {
  const timers = options.timers ?? realTimers;
  const now = options.now ?? Date.now;
  const newRequestId = options.newRequestId ?? newId;
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const defaultMaxWait = options.maxWaitMs ?? 300_000;
  const cancelGraceMs = Math.max(0, options.cancelGraceMs ?? 2000);
  const maxSurfaces = options.maxSurfaces ?? 64;
  const maxPending = options.maxPending ?? 256;

  const sink = createIssueSink<OUIIssue>();
  const report = (code: OUIIssueCode, message: string, id?: string) => {
    if (sink.issues.length >= 200) (sink.issues as OUIIssue[]).splice(0, 100);
    sink.report({ code, severity: code === 'tool-name-collision' || code === 'surface-replaced' ? 'warning' : 'error', line: null, message, ...(id ? { id } : {}) });
  };
  const changed = createListeners<void>();
  const observed = createListeners<OUIObservationUpdate>();
  const resulted = createListeners<OUIActionResultMessage>();

  const known = new Map<string, Known>();
  // Surfaces the agent knew and no longer has: deregistered by the page (a call is SURFACE_UNAVAILABLE), or whose
  // page lost its connection or was replaced (DISCONNECTED); never "no such tool". Bounded, oldest forgotten first.
  type Why = 'deregistered' | 'disconnected' | OUIPageLeft;
  const away = new Map<string, { surface: OUISurface; why: Why }>();
  const leave = (surface: OUISurface, why: Why) => {
    away.delete(surface.id);
    if (away.size >= maxSurfaces) away.delete(away.keys().next().value!);
    away.set(surface.id, { surface, why });
  };
  const awayAnswer = (surfaceId: string): [OUIErrorCode, string] | null => {
    const gone = away.get(surfaceId);
    if (!gone) return null;
    if (gone.why === 'deregistered') return [OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surfaceId}" is not available now: the page withdrew it (it is not active there)`];
    if (gone.why === 'closed') return [OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surfaceId}" is gone: the page that held it was closed`];
    if (gone.why === 'replaced') {
      return [OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surfaceId}" is not offered now: another page (tab) took the place of the page that held it`];
    }
    return [OUI_ERROR_CODES.DISCONNECTED, `The page holding the surface "${surfaceId}" is not connected (it may be reconnecting); try again shortly`];
  };
  const pending = createPendingReplies<string, Pending, OUIActionResultMessage>(timers);
  // Ids answered or timed out lately: the second copy of a result (status observation) is not news, and a
  // late one after a timeout is reported as such. Bounded, oldest forgotten first.
  const finished = new Map<string, 'answered' | 'timed-out'>();
  const remember = (id: string, how: 'answered' | 'timed-out') => {
    finished.set(id, how);
    if (finished.size > 1000) finished.delete(finished.keys().next().value!);
  };

  let attached: OUITransport | null = null;
  let unsubscribe: OUIUnsubscribe[] = [];
  let toolList: OUIToolEntry[] = [];
  let byName = new Map<string, OUIToolEntry>();
  let collisionList: OUIToolCollision[] = [];
  let disposed = false;

  const rename = () => {
    const named = nameOUITools([...known.values()].map((k) => k.surface));
    const before = new Set(collisionList.map((c) => `${c.actionId}:${c.surfaceIds.join(',')}`));
    for (const c of named.collisions) {
      if (!before.has(`${c.actionId}:${c.surfaceIds.join(',')}`)) {
        report('tool-name-collision', `The surfaces ${c.surfaceIds.map((s) => `"${s}"`).join(' and ')} each have an action "${c.actionId}": their tools are named ${c.surfaceIds.map((s) => `"${qualifiedToolName(s, c.actionId)}"`).join(' and ')}`);
      }
    }
    toolList = named.tools;
    collisionList = named.collisions;
    byName = new Map(toolList.map((t) => [t.name, t]));
    changed.emit();
  };

  const onRegister = (r: OUIRegistrationMessage) => {
    const id = r.surface.id;
    const before = known.get(id);
    if (!before && known.size >= maxSurfaces) {
      report('too-many', `A registration of "${id}" was refused: ${maxSurfaces} surfaces are registered`, id);
      return;
    }
    if (before && !jsonEqual(before.surface, r.surface)) report('surface-replaced', `The surface "${id}" registered again with a new definition`, id);
    away.delete(id);
    // Its values come again right after a registration; the old ones may be for the old definition.
    const answers = !!attached && isRequestTransport(attached) && (r.capabilities ?? []).includes(OUI_CAPABILITIES.RESULTS);
    known.set(id, { surface: r.surface, values: new Map(), answers });
    rename();
  };

  const onDeregister = (surfaceId: string) => {
    const k = known.get(surfaceId);
    if (!k) return;
    known.delete(surfaceId);
    leave(k.surface, 'deregistered');
    rename();
  };

  /**
   * Each transport the agent hears: the attached one, and every one a call still waits on. A page replaced while
   * its action runs (a newer tab, a reload, a reconnection on a new socket) answers on the connection it was
   * asked on, so that connection is heard until its last call is answered.
   */
  const carriers = new Map<OUITransport, { calls: Map<string, Pending>; stop: OUIUnsubscribe[] }>();
  const hear = (t: OUITransport) => {
    let c = carriers.get(t);
    if (c) return c;
    // The attached transport may come back (the same page, reconnecting): its calls wait on.
    c = { calls: new Map(), stop: [t.onConnectionChange((up) => up || t === attached || lost(t))] };
    if (isRequestTransport(t)) c.stop.push(t.onResult((r) => onResult(r)));
    carriers.set(t, c);
    return c;
  };
  const release = (t: OUITransport) => {
    const c = carriers.get(t);
    if (!c || t === attached || c.calls.size > 0) return;
    carriers.delete(t);
    for (const u of c.stop) u();
  };

  const answer = (requestId: string, p: Pending, result: OUIActionResultMessage, how: 'answered' | 'timed-out' = 'answered') => {
    if (pending.get(requestId) !== p) return;
    remember(requestId, how);
    pending.settle(requestId, result);
    carriers.get(p.via)?.calls.delete(requestId);
    release(p.via);
  };

  /** The page's connection went before it answered: the action may have run, so never TIMEOUT nor "try again". */
  const unknown = (requestId: string, p: Pending) =>
    answer(
      requestId,
      p,
      local(requestId, p.surfaceId, p.actionId, OUI_ERROR_CODES.OUTCOME_UNKNOWN, `The connection to the page holding "${p.surfaceId}" went before it answered: the action may have run. Read the page's observations before asking again`),
      'timed-out',
    );

  /**
   * A transport calls went out on is down and no longer attached (another page or connection took its place, or
   * the page left): each of its calls waits the grace for its answer (a page back on a new connection sends what
   * it held at once), then says the outcome is unknown.
   */
  const lost = (t: OUITransport) => {
    for (const [requestId, p] of carriers.get(t)?.calls ?? []) {
      if (cancelGraceMs > 0) pending.deadline(requestId, cancelGraceMs, () => unknown(requestId, p));
      else unknown(requestId, p);
    }
  };

  const limited = (ms: number) => ms > 0 && Number.isFinite(ms);

  /** When the call stops waiting: `timeoutMs` after the last word, and (until the action runs) `maxWaitMs` after it was sent. */
  const giveUpAt = (p: Pending): number => {
    const silence = limited(p.timeoutMs) ? p.lastWord + p.timeoutMs : Infinity;
    const bound = !p.started && limited(p.maxWaitMs) ? p.sentAt + p.maxWaitMs : Infinity;
    return Math.min(silence, bound);
  };

  const timedOut = (requestId: string, p: Pending, message: string) => answer(requestId, p, local(requestId, p.surfaceId, p.actionId, OUI_ERROR_CODES.TIMEOUT, message), 'timed-out');

  /** Sets the call's deadline anew (after an interim result); none once the page was asked to withdraw it. */
  const arm = (requestId: string, p: Pending) => {
    pending.deadline(requestId, p.cancelled ? Infinity : giveUpAt(p) - now(), () => giveUp(requestId, p));
  };

  /**
   * The call stops waiting. A page that answers requests is told (`action:cancel`), and its answer, that it
   * withdrew the request or that it had already run, is the call's result when it comes within the grace;
   * else the call says it timed out without knowing more.
   */
  const giveUp = (requestId: string, p: Pending) => {
    if (pending.get(requestId) !== p) return;
    const waited = now() - p.sentAt;
    const t = p.via;
    // Cut off (and still attached, waiting for the page to come back): it can't be asked to withdraw.
    if (!t.connected) return unknown(requestId, p);
    if (!isRequestTransport(t)) return timedOut(requestId, p, `No answer from "${p.surfaceId}" within ${waited} ms`);
    p.cancelled = true;
    t.sendCancel({ surfaceId: p.surfaceId, requestId, reason: `no answer within ${waited} ms`, timestamp: now() });
    // The page may have answered within the call above (a transport in memory).
    if (pending.get(requestId) !== p) return;
    if (!(cancelGraceMs > 0)) return timedOut(requestId, p, `No answer from "${p.surfaceId}" within ${waited} ms; it was asked to withdraw the request`);
    pending.deadline(requestId, cancelGraceMs, () =>
      timedOut(requestId, p, `No answer from "${p.surfaceId}" within ${waited} ms; it was asked to withdraw the request and did not say whether it had started`),
    );
  };

  const onResult = (result: OUIActionResultMessage, quiet = false) => {
    const p = pending.get(result.requestId);
    if (!p) {
      const how = finished.get(result.requestId);
      if (how === 'timed-out' && !result.interim) report('unexpected-result', `The result of request "${result.requestId}" came after its call timed out`, result.surfaceId);
      // A status observation may answer another agent's dispatch: not ours to report.
      else if (!how && !quiet) report('unexpected-result', `A result for request "${result.requestId}", which no call of ours is waiting for`, result.surfaceId);
      return;
    }
    // Only the surface the request went to answers it.
    if (result.surfaceId !== p.surfaceId || result.actionId !== p.actionId) {
      report('unexpected-result', `A result for request "${result.requestId}" named "${result.surfaceId}/${result.actionId}", not the action it asked for`, result.surfaceId);
      return;
    }
    // Heard twice (result event and status observation): once is enough.
    if (p.seen.some((s) => jsonEqual(s, result))) return;
    if (p.seen.length >= 8) p.seen.shift();
    p.seen.push(result);
    resulted.emit(result);
    if (result.interim) {
      p.lastWord = now();
      if (result.waiting === undefined) p.started = true;
      arm(result.requestId, p);
      try {
        p.onInterim?.(result);
      } catch (error) {
        report('unexpected-result', `The interim listener of request "${result.requestId}" threw: ${String(error)}`);
      }
      return;
    }
    answer(result.requestId, p, result);
  };

  const onObservation = (u: OUIObservationUpdate) => {
    const k = known.get(u.surfaceId);
    const declared = !!k && (k.surface.observations ?? []).some((o) => o.id === u.observationId);
    const status = declared ? null : parseStatusObservationId(u.observationId);
    if (status) {
      // `<actionId>:status`: a result, with our request id when it answers our request, without for a 0.1.0 dispatch.
      const value = isPlainObject(u.value) ? u.value : null;
      if (!value || (value.surfaceId !== undefined && value.surfaceId !== u.surfaceId) || (value.actionId !== undefined && value.actionId !== status.actionId)) {
        return report('malformed-event', `The status observation "${u.observationId}" of "${u.surfaceId}" does not hold a result of that action`, u.surfaceId);
      }
      const anonymous = typeof value.requestId !== 'string';
      const read = readActionResult({ ...value, requestId: anonymous ? 'status' : value.requestId, surfaceId: u.surfaceId, actionId: status.actionId, timestamp: value.timestamp ?? u.timestamp });
      if (!read.ok) return report('malformed-event', `The status observation "${u.observationId}" is not a result: ${read.reason}`, u.surfaceId);
      if (!anonymous) onResult(read.value, true);
      // A 0.1.0 page's outcomes are only in its observations: kept with its values, for the prompt.
      if (k && !k.answers && k.surface.actions.some((a) => a.id === status.actionId)) {
        const { requestId, ...shown } = read.value;
        k.values.set(u.observationId, anonymous ? shown : { requestId, ...shown });
        observed.emit(u);
      }
      return;
    }
    if (!k) return report('unknown-surface', `An observation "${u.observationId}" came for "${u.surfaceId}", which is not registered`, u.surfaceId);
    if (!declared) return report('observation-mismatch', `The surface "${u.surfaceId}" declares no observation "${u.observationId}"`, u.surfaceId);
    k.values.set(u.observationId, u.value);
    observed.emit(u);
  };

  /** The page went (its connection dropped, or another took its place): its surfaces are away until they register again. */
  const forgetSurfaces = (why: Why = 'disconnected') => {
    // A page that was reconnecting is known now to have left: its surfaces say how.
    if (why !== 'disconnected') for (const a of away.values()) if (a.why === 'disconnected') a.why = why;
    if (known.size === 0) return;
    for (const k of known.values()) leave(k.surface, why);
    known.clear();
    rename();
  };

  const detach = (left?: OUIPageLeft) => {
    for (const u of unsubscribe) u();
    unsubscribe = [];
    const before = attached;
    attached = null;
    if (before && !before.connected) lost(before);
    if (before) release(before);
    forgetSurfaces(left);
  };

  const attach = (t: OUITransport, o: { previous?: OUIPageLeft } = {}) => {
    if (disposed) throw new Error('The OUI agent was disposed');
    detach(o.previous);
    attached = t;
    unsubscribe = [
      isRequestTransport(t) ? t.onRegistration(onRegister) : t.onSurfaceRegister((surface) => onRegister({ surface, timestamp: now() })),
      t.onSurfaceDeregister(onDeregister),
      t.onObservation(onObservation),
      // A page that lost its connection registers again when it is back; until then it has no surfaces.
      t.onConnectionChange((connected) => {
        if (!connected) forgetSurfaces('disconnected');
      }),
    ];
    hear(t);
    if (isRequestTransport(t)) {
      // Registered before we listened (a direct pair delivers at once): known now all the same.
      for (const r of t.registrations()) onRegister(r);
    }
  };

  const local = (requestId: string, surfaceId: string, actionId: string, code: OUIErrorCode, message: string): OUIActionResultMessage => ({
    requestId,
    surfaceId,
    actionId,
    success: false,
    error: { code, message },
    timestamp: now(),
  });

  const request = (surfaceId: string, actionId: string, params: Record<string, unknown> = {}, o: OUICallOptions = {}): Promise<OUIActionResultMessage> => {
    const requestId = newRequestId();
    const t = attached;
    const fails = (code: OUIErrorCode, message: string) => Promise.resolve(local(requestId, surfaceId, actionId, code, message));
    if (!t || disposed) return fails(OUI_ERROR_CODES.DISCONNECTED, 'The agent is not attached to a page');
    const k = known.get(surfaceId);
    if (!k) {
      const gone = awayAnswer(surfaceId);
      if (gone) return fails(...gone);
      return fails(OUI_ERROR_CODES.SURFACE_NOT_FOUND, `No surface "${surfaceId}" is registered`);
    }
    if (pending.size >= maxPending) return fails(OUI_ERROR_CODES.AGENT_BUSY, `${maxPending} calls are already waiting for their answers`);
    const read = readJson(params);
    if (!read.ok || !isPlainObject(read.value)) {
      return fails(OUI_ERROR_CODES.INVALID_PARAMS, `The params can't be sent: ${read.ok ? 'not an object' : read.reason}`);
    }
    const sent = read.value as Record<string, unknown>;
    if (!k.answers || !isRequestTransport(t)) {
      // 0.1.0: dispatched, nothing to wait for.
      t.dispatch(surfaceId, actionId, sent);
      return Promise.resolve({ requestId, surfaceId, actionId, success: true, data: { ...DISPATCHED }, timestamp: now() });
    }
    const timeoutMs = o.timeoutMs ?? defaultTimeout;
    // A call that names its own timeout means it as its deadline, unless it names a bound too.
    const maxWaitMs = o.maxWaitMs ?? (o.timeoutMs !== undefined ? o.timeoutMs : defaultMaxWait);
    const at = now();
    const p: Pending = {
      via: t,
      surfaceId,
      actionId,
      timeoutMs,
      maxWaitMs,
      sentAt: at,
      lastWord: at,
      started: false,
      cancelled: false,
      seen: [],
      ...(o.onInterim ? { onInterim: o.onInterim } : {}),
    };
    const answered = pending.wait(requestId, p);
    hear(t).calls.set(requestId, p);
    arm(requestId, p);
    let refusal: OUISendRefusal | void;
    try {
      refusal = t.sendRequest({
        requestId,
        surfaceId,
        actionId,
        params: sent,
        timestamp: at,
        ...(limited(timeoutMs) ? { timeoutMs } : {}),
        ...(limited(maxWaitMs) ? { maxWaitMs } : {}),
      });
    } catch (error) {
      refusal = { refused: 'send-failed', message: String(error) };
    }
    // Never sent, so never run: said at once rather than after the whole timeout.
    if (refusal) {
      const code = refusal.refused === 'too-large' ? OUI_ERROR_CODES.MESSAGE_TOO_LARGE : refusal.refused === 'malformed-event' ? OUI_ERROR_CODES.INVALID_PARAMS : OUI_ERROR_CODES.DISCONNECTED;
      answer(requestId, p, local(requestId, surfaceId, actionId, code, `The request was not sent, and nothing ran: ${refusal.message}`));
    }
    return answered;
  };

  const resolveTool = (name: string): OUIToolEntry | undefined => {
    const entry = byName.get(name);
    if (entry) return entry;
    // The qualified form names a tool whether or not its name needed the surface, fitted to the rule or as written.
    return toolList.find((t) => qualifiedToolName(t.surfaceId, t.actionId) === name || `${t.surfaceId}__${t.actionId}` === name);
  };

  /** The tools a short name meant before another surface declared the same action id (their names now carry the surface). */
  const ambiguous = (name: string): OUIToolEntry[] => toolList.filter((t) => t.qualified && nameOUITools([t.surface]).tools.some((u) => u.actionId === t.actionId && u.name === name));

  /** The tool a name meant among the surfaces that are away, named as they were when registered. */
  const awayTool = (name: string): OUIToolEntry | undefined => {
    if (away.size === 0) return undefined;
    const named = nameOUITools([...away.values()].map((a) => a.surface)).tools;
    return named.find((t) => t.name === name || qualifiedToolName(t.surfaceId, t.actionId) === name);
  };

  const call = (name: string, args?: unknown, o?: OUICallOptions): Promise<OUIActionResultMessage> => {
    const tool = typeof name === 'string' ? resolveTool(name) : undefined;
    if (!tool) {
      const shown = String(name).slice(0, 128);
      const gone = typeof name === 'string' ? awayTool(name) : undefined;
      const answer = gone && awayAnswer(gone.surfaceId);
      if (gone && answer) return Promise.resolve(local(newRequestId(), gone.surfaceId, gone.actionId, ...answer));
      const meant = typeof name === 'string' ? ambiguous(name) : [];
      if (meant.length > 0) {
        const names = meant.map((t) => t.name);
        const result = local(newRequestId(), '', shown, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The tool name ${JSON.stringify(shown)} is ambiguous now: more than one surface has that action. Call one of ${names.map((n) => JSON.stringify(n)).join(', ')}`);
        return Promise.resolve({ ...result, error: { ...result.error!, details: { ambiguous: true, tools: names } } });
      }
      return Promise.resolve(local(newRequestId(), '', shown, OUI_ERROR_CODES.ACTION_NOT_FOUND, `There is no tool named ${JSON.stringify(shown)}`));
    }
    let params: unknown = args ?? {};
    if (typeof params === 'string') {
      try {
        params = params.trim() === '' ? {} : (JSON.parse(params) as unknown);
      } catch {
        return Promise.resolve(local(newRequestId(), tool.surfaceId, tool.actionId, OUI_ERROR_CODES.INVALID_PARAMS, 'The arguments are not JSON'));
      }
    }
    if (!isPlainObject(params)) {
      return Promise.resolve(local(newRequestId(), tool.surfaceId, tool.actionId, OUI_ERROR_CODES.INVALID_PARAMS, 'The arguments must be an object'));
    }
    // As the action declared it: a union out of its wrapper, strict mode's nulls for "left out" dropped.
    return request(tool.surfaceId, tool.actionId, fromModelArgs(tool.action.input, params), o);
  };

  if (transport) attach(transport);

  return {
    get transport() {
      return attached;
    },
    attach,
    detach,
    surfaces: () => [...known.values()].map((k) => k.surface),
    surface: (id) => known.get(id)?.surface,
    tools: () => toolList,
    collisions: () => collisionList,
    openAITools: ((api: 'chat' | 'responses' = 'chat') => openAITools(toolList, api)) as OUIAgent['openAITools'],
    anthropicTools: () => anthropicTools(toolList),
    mcpTools: () => mcpTools(toolList, (id) => known.get(id)?.answers === true),
    call,
    request,
    observations: (surfaceId) => new Map(known.get(surfaceId)?.values ?? []),
    answers: (surfaceId) => known.get(surfaceId)?.answers,
    contextText: (o) => observationContext([...known.values()], o),
    onChange: (l) => changed.add(l),
    onObservation: (l) => observed.add(l),
    onResult: (l) => resulted.add(l),
    onIssue: (l) => sink.onIssue(l),
    get issues() {
      return sink.issues;
    },
    dispose() {
      if (disposed) return;
      detach();
      disposed = true;
      away.clear();
      pending.settleAll((id, p) => {
        remember(id, 'answered');
        return local(id, p.surfaceId, p.actionId, OUI_ERROR_CODES.DISCONNECTED, 'The agent stopped listening');
      });
      for (const c of carriers.values()) for (const u of c.stop) u();
      carriers.clear();
      changed.clear();
      observed.clear();
      resulted.clear();
    },
  };
}
