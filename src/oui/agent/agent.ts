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
import { createIssueSink } from '../../stream/index.js';
import { newId } from '../ids.js';
import { isPlainObject, readJson } from '../json.js';
import { createListeners, type Listeners } from '../listeners.js';
import { createAgentCalls } from './agentCalls.js';
import { createAgentSurfaces, type AgentSurfaces, type Known } from './agentSurfaces.js';
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
import { isRequestTransport, type OUIIssue, type OUIIssueCode, type OUITransport, type OUIUnsubscribe } from '../transport.js';
import { readActionResult } from '../wire.js';
import { observationContext, type ObservationContextOptions } from './observationContext.js';
import { fromModelArgs } from './modelSchema.js';
import { type OUIToolCollision, type OUIToolEntry } from './toolNames.js';
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

/** What a call to a 0.1.0 page answers at once. */
const DISPATCHED = Object.freeze({
  dispatched: true,
  message: 'Sent. This page speaks OUI 0.1.0, which has no answers: its observations show the outcome.',
});

/** Creates the agent's side, attached to `transport` when one is given. */
export function createOUIAgent(transport?: OUITransport | null, options: OUIAgentOptions = {}): OUIAgent {
  const now = options.now ?? Date.now;
  const newRequestId = options.newRequestId ?? newId;
  const maxPending = options.maxPending ?? 256;

  const sink = createIssueSink<OUIIssue>();
  const report = (code: OUIIssueCode, message: string, id?: string) => {
    if (sink.issues.length >= 200) (sink.issues as OUIIssue[]).splice(0, 100);
    sink.report({ code, severity: code === 'tool-name-collision' || code === 'surface-replaced' ? 'warning' : 'error', line: null, message, ...(id ? { id } : {}) });
  };
  const changed = createListeners<void>();
  const observed = createListeners<OUIObservationUpdate>();
  const resulted = createListeners<OUIActionResultMessage>();
  const surfaces = createAgentSurfaces({ maxSurfaces: options.maxSurfaces ?? 64, report, changed });
  const { known } = surfaces;

  let attached: OUITransport | null = null;
  let unsubscribe: OUIUnsubscribe[] = [];
  let disposed = false;
  const calls = createAgentCalls({
    timers: options.timers ?? realTimers,
    now,
    defaultTimeout: options.timeoutMs ?? 30_000,
    defaultMaxWait: options.maxWaitMs ?? 300_000,
    cancelGraceMs: Math.max(0, options.cancelGraceMs ?? 2000),
    attached: () => attached,
    report,
    resulted,
  });
  const { local } = calls;

  const onRegister = (r: OUIRegistrationMessage) =>
    surfaces.register(r, !!attached && isRequestTransport(attached) && (r.capabilities ?? []).includes(OUI_CAPABILITIES.RESULTS));
  const onObservation = (u: OUIObservationUpdate) => readObservation(u, { known, onResult: calls.onResult, report, observed });

  const detach = (left?: OUIPageLeft) => {
    for (const u of unsubscribe) u();
    unsubscribe = [];
    const before = attached;
    attached = null;
    if (before) calls.detached(before);
    surfaces.forget(left);
  };

  const attach = (t: OUITransport, o: { previous?: OUIPageLeft } = {}) => {
    if (disposed) throw new Error('The OUI agent was disposed');
    detach(o.previous);
    attached = t;
    unsubscribe = [
      isRequestTransport(t) ? t.onRegistration(onRegister) : t.onSurfaceRegister((surface) => onRegister({ surface, timestamp: now() })),
      t.onSurfaceDeregister((id) => surfaces.deregister(id)),
      t.onObservation(onObservation),
      // A page that lost its connection registers again when it is back; until then it has no surfaces.
      t.onConnectionChange((connected) => {
        if (!connected) surfaces.forget('disconnected');
      }),
    ];
    calls.hear(t);
    if (isRequestTransport(t)) {
      // Registered before we listened (a direct pair delivers at once): known now all the same.
      for (const r of t.registrations()) onRegister(r);
    }
  };

  const request = (surfaceId: string, actionId: string, params: Record<string, unknown> = {}, o: OUICallOptions = {}): Promise<OUIActionResultMessage> => {
    const requestId = newRequestId();
    const t = attached;
    const fails = (code: OUIErrorCode, message: string) => Promise.resolve(local(requestId, surfaceId, actionId, code, message));
    if (!t || disposed) return fails(OUI_ERROR_CODES.DISCONNECTED, 'The agent is not attached to a page');
    const k = known.get(surfaceId);
    if (!k) {
      const gone = surfaces.awayAnswer(surfaceId);
      if (gone) return fails(...gone);
      return fails(OUI_ERROR_CODES.SURFACE_NOT_FOUND, `No surface "${surfaceId}" is registered`);
    }
    if (calls.size >= maxPending) return fails(OUI_ERROR_CODES.AGENT_BUSY, `${maxPending} calls are already waiting for their answers`);
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
    return calls.send(t, requestId, surfaceId, actionId, sent, o);
  };

  const call = (name: string, args?: unknown, o?: OUICallOptions): Promise<OUIActionResultMessage> => {
    const tool = typeof name === 'string' ? surfaces.resolveTool(name) : undefined;
    if (!tool) return Promise.resolve(noTool(name, surfaces, (...a) => local(newRequestId(), ...a)));
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
    tools: () => surfaces.tools,
    collisions: () => surfaces.collisions,
    openAITools: ((api: 'chat' | 'responses' = 'chat') => openAITools(surfaces.tools, api)) as OUIAgent['openAITools'],
    anthropicTools: () => anthropicTools(surfaces.tools),
    mcpTools: () => mcpTools(surfaces.tools, (id) => known.get(id)?.answers === true),
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
      surfaces.clearAway();
      calls.stopAll();
      changed.clear();
      observed.clear();
      resulted.clear();
    },
  };
}

/** What a call by a name that names no tool now answers: the surface is away, the name is ambiguous now, or no such tool. */
function noTool(name: unknown, surfaces: AgentSurfaces, local: (surfaceId: string, actionId: string, code: OUIErrorCode, message: string) => OUIActionResultMessage): OUIActionResultMessage {
  const shown = String(name).slice(0, 128);
  const gone = typeof name === 'string' ? surfaces.awayTool(name) : undefined;
  const answer = gone && surfaces.awayAnswer(gone.surfaceId);
  if (gone && answer) return local(gone.surfaceId, gone.actionId, ...answer);
  const meant = typeof name === 'string' ? surfaces.ambiguous(name) : [];
  if (meant.length > 0) {
    const names = meant.map((t) => t.name);
    const result = local('', shown, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The tool name ${JSON.stringify(shown)} is ambiguous now: more than one surface has that action. Call one of ${names.map((n) => JSON.stringify(n)).join(', ')}`);
    return { ...result, error: { ...result.error!, details: { ambiguous: true, tools: names } } };
  }
  return local('', shown, OUI_ERROR_CODES.ACTION_NOT_FOUND, `There is no tool named ${JSON.stringify(shown)}`);
}

/**
 * An observation from the page: a declared value kept for the prompt, or a status observation, which is a
 * result (of our request, when it carries our id; of a 0.1.0 dispatch, kept with the values, when not).
 */
function readObservation(u: OUIObservationUpdate, o: { known: Map<string, Known>; onResult(result: OUIActionResultMessage, quiet: boolean): void; report(code: OUIIssueCode, message: string, id?: string): void; observed: Listeners<OUIObservationUpdate> }): void {
  const { report } = o;
  const k = o.known.get(u.surfaceId);
  const declared = !!k && (k.surface.observations ?? []).some((d) => d.id === u.observationId);
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
    if (!anonymous) o.onResult(read.value, true);
    // A 0.1.0 page's outcomes are only in its observations: kept with its values, for the prompt.
    if (k && !k.answers && k.surface.actions.some((a) => a.id === status.actionId)) {
      const { requestId, ...shown } = read.value;
      k.values.set(u.observationId, anonymous ? shown : { requestId, ...shown });
      o.observed.emit(u);
    }
    return;
  }
  if (!k) return report('unknown-surface', `An observation "${u.observationId}" came for "${u.surfaceId}", which is not registered`, u.surfaceId);
  if (!declared) return report('observation-mismatch', `The surface "${u.surfaceId}" declares no observation "${u.observationId}"`, u.surfaceId);
  k.values.set(u.observationId, u.value);
  o.observed.emit(u);
}
