/**
 * The agent's side of OUI: what the page registered on a transport, as tools for a model, and the calls the
 * model makes, each awaited by its request id. Results are read from `action:result` events and from status
 * observations (for pages that only speak 0.1.0); the same result heard both ways counts once. Everything that
 * arrives is checked by the transport first; here, results must answer a call of ours on the surface it was
 * sent to, and observations must be declared by a registered surface.
 */
import { realTimers, type Timers } from '../../transport/timers.js';
import { createIssueSink } from '../../stream/index.js';
import { newId } from '../ids.js';
import { isPlainObject, jsonEqual, readJson } from '../json.js';
import { createListeners } from '../listeners.js';
import {
  OUI_ERROR_CODES,
  parseStatusObservationId,
  type OUIActionResultMessage,
  type OUIErrorCode,
  type OUIObservationUpdate,
  type OUISurface,
  type OUISurfaceDeregistration,
  type OUISurfaceRegistration,
} from '../protocol.js';
import type { OUIIssue, OUIIssueCode, OUITransport, OUIUnsubscribe } from '../transport.js';
import { readActionResult } from '../wire.js';
import { observationContext, type ObservationContextOptions } from './observationContext.js';
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
  /** How long a call waits for its next result (each interim result starts the wait again); 0: no limit. Default 30 000. */
  timeoutMs?: number;
  /** Surfaces kept at once; more registrations are refused and reported. Default 64. */
  maxSurfaces?: number;
  /** Calls waiting at once; more are answered at once with an error. Default 256. */
  maxPending?: number;
  timers?: Timers;
  now?: () => number;
  newRequestId?: () => string;
}

/** Options of one call. */
export interface OUICallOptions {
  timeoutMs?: number;
  /** Hears each interim result (progress of an async action). */
  onInterim?: (result: OUIActionResultMessage) => void;
}

/** The agent's handle. */
export interface OUIAgent {
  readonly transport: OUITransport | null;
  /** Listens to a transport (replacing the one before: a page that reconnected on a new socket). Calls still waiting keep waiting. */
  attach(transport: OUITransport): void;
  /** Stops listening; the surfaces are forgotten. */
  detach(): void;
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
   * an object or the JSON text some APIs give. Resolves with the final result; never rejects: an unknown tool,
   * an unavailable surface or a timeout is a failed result like any other (for an unknown tool, `surfaceId` is
   * empty and `actionId` is the name asked for).
   */
  call(name: string, args?: unknown, options?: OUICallOptions): Promise<OUIActionResultMessage>;
  /** Sends a request for any action of a registered surface, declared or not, and awaits its final result. */
  request(surfaceId: string, actionId: string, params?: Record<string, unknown>, options?: OUICallOptions): Promise<OUIActionResultMessage>;
  /** The latest value of each observation of a surface that has one. */
  observations(surfaceId: string): ReadonlyMap<string, unknown>;
  /** The latest observations as bounded text for a prompt. */
  contextText(options?: ObservationContextOptions): string;
  /** Hears when surfaces (and so tools) came or went. */
  onChange(listener: () => void): OUIUnsubscribe;
  /** Hears each declared observation update as it is stored. */
  onObservation(listener: (update: OUIObservationUpdate) => void): OUIUnsubscribe;
  /** Hears every result that answers a call of ours, interim and final. */
  onResult(listener: (result: OUIActionResultMessage) => void): OUIUnsubscribe;
  onIssue(listener: (issue: OUIIssue) => void): OUIUnsubscribe;
  readonly issues: readonly OUIIssue[];
  /** Detaches, and answers every call still waiting with SURFACE_UNAVAILABLE. */
  dispose(): void;
}

interface Pending {
  surfaceId: string;
  actionId: string;
  timeoutMs: number;
  timer: unknown;
  seen: unknown[];
  onInterim?: (result: OUIActionResultMessage) => void;
  resolve(result: OUIActionResultMessage): void;
}

interface Known {
  surface: OUISurface;
  values: Map<string, unknown>;
}

/** Creates the agent's side, attached to `transport` when one is given. */
export function createOUIAgent(transport?: OUITransport | null, options: OUIAgentOptions = {}): OUIAgent {
  const timers = options.timers ?? realTimers;
  const now = options.now ?? Date.now;
  const newRequestId = options.newRequestId ?? newId;
  const defaultTimeout = options.timeoutMs ?? 30_000;
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
  const pending = new Map<string, Pending>();
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

  const onRegister = (r: OUISurfaceRegistration) => {
    const id = r.surface.id;
    const before = known.get(id);
    if (!before && known.size >= maxSurfaces) {
      report('too-many', `A registration of "${id}" was refused: ${maxSurfaces} surfaces are registered`, id);
      return;
    }
    if (before && !jsonEqual(before.surface, r.surface)) report('surface-replaced', `The surface "${id}" registered again with a new definition`, id);
    // Its values come again right after a registration; the old ones may be for the old definition.
    known.set(id, { surface: r.surface, values: new Map() });
    rename();
  };

  const onDeregister = (d: OUISurfaceDeregistration) => {
    if (!known.delete(d.surfaceId)) return;
    rename();
  };

  const finish = (requestId: string, p: Pending, result: OUIActionResultMessage) => {
    if (p.timer !== undefined) timers.clearTimeout(p.timer);
    pending.delete(requestId);
    remember(requestId, 'answered');
    p.resolve(result);
  };

  const arm = (requestId: string, p: Pending) => {
    if (p.timer !== undefined) timers.clearTimeout(p.timer);
    if (!(p.timeoutMs > 0 && Number.isFinite(p.timeoutMs))) return;
    p.timer = timers.setTimeout(() => {
      if (pending.get(requestId) !== p) return;
      pending.delete(requestId);
      remember(requestId, 'timed-out');
      p.resolve(local(requestId, p.surfaceId, p.actionId, OUI_ERROR_CODES.TIMEOUT, `No answer from "${p.surfaceId}" within ${p.timeoutMs} ms`));
    }, p.timeoutMs);
  };

  const onResult = (result: OUIActionResultMessage) => {
    const p = pending.get(result.requestId);
    if (!p) {
      const how = finished.get(result.requestId);
      if (how === 'timed-out' && !result.interim) report('unexpected-result', `The result of request "${result.requestId}" came after its call timed out`, result.surfaceId);
      else if (!how) report('unexpected-result', `A result for request "${result.requestId}", which no call of ours is waiting for`, result.surfaceId);
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
      arm(result.requestId, p);
      try {
        p.onInterim?.(result);
      } catch (error) {
        report('unexpected-result', `The interim listener of request "${result.requestId}" threw: ${String(error)}`);
      }
      return;
    }
    finish(result.requestId, p, result);
  };

  const onObservation = (u: OUIObservationUpdate) => {
    const status = parseStatusObservationId(u.observationId);
    if (status) {
      if (status.surfaceId !== u.surfaceId) return report('malformed-event', `A status observation "${u.observationId}" came for surface "${u.surfaceId}"`, u.surfaceId);
      const read = readActionResult(u.value);
      if (!read.ok) return report('malformed-event', `A status observation "${u.observationId}" is not a result: ${read.reason}`, u.surfaceId);
      if (read.value.surfaceId !== status.surfaceId || read.value.actionId !== status.actionId) {
        return report('malformed-event', `The status observation "${u.observationId}" holds a result for another action`, u.surfaceId);
      }
      return onResult(read.value);
    }
    const k = known.get(u.surfaceId);
    if (!k) return report('unknown-surface', `An observation "${u.observationId}" came for "${u.surfaceId}", which is not registered`, u.surfaceId);
    if (!(k.surface.observations ?? []).some((o) => o.id === u.observationId)) {
      return report('observation-mismatch', `The surface "${u.surfaceId}" declares no observation "${u.observationId}"`, u.surfaceId);
    }
    k.values.set(u.observationId, u.value);
    observed.emit(u);
  };

  const forgetSurfaces = () => {
    if (known.size === 0) return;
    known.clear();
    rename();
  };

  const detach = () => {
    for (const u of unsubscribe) u();
    unsubscribe = [];
    attached = null;
    forgetSurfaces();
  };

  const attach = (t: OUITransport) => {
    if (disposed) throw new Error('The OUI agent was disposed');
    detach();
    attached = t;
    unsubscribe = [
      t.onSurfaceRegister(onRegister),
      t.onSurfaceDeregister(onDeregister),
      t.onResult(onResult),
      t.onObservation(onObservation),
      // A page that lost its connection registers again when it is back; until then it has no surfaces.
      t.onConnectionChange((connected) => {
        if (!connected) forgetSurfaces();
      }),
    ];
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
    if (!t || disposed) return Promise.resolve(local(requestId, surfaceId, actionId, OUI_ERROR_CODES.SURFACE_UNAVAILABLE, 'The agent is not attached to a page'));
    if (!known.has(surfaceId)) return Promise.resolve(local(requestId, surfaceId, actionId, OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surfaceId}" is not registered`));
    if (pending.size >= maxPending) return Promise.resolve(local(requestId, surfaceId, actionId, OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `${maxPending} calls are already waiting`));
    const read = readJson(params);
    if (!read.ok || !isPlainObject(read.value)) {
      return Promise.resolve(local(requestId, surfaceId, actionId, OUI_ERROR_CODES.INVALID_PARAMS, `The params can't be sent: ${read.ok ? 'not an object' : read.reason}`));
    }
    return new Promise((resolve) => {
      const p: Pending = { surfaceId, actionId, timeoutMs: o.timeoutMs ?? defaultTimeout, timer: undefined, seen: [], resolve, ...(o.onInterim ? { onInterim: o.onInterim } : {}) };
      pending.set(requestId, p);
      arm(requestId, p);
      t.dispatch({ requestId, surfaceId, actionId, params: read.value as Record<string, unknown>, timestamp: now() });
    });
  };

  const resolveTool = (name: string): OUIToolEntry | undefined => {
    const entry = byName.get(name);
    if (entry) return entry;
    // The qualified form names a tool whether or not its name needed the surface.
    return toolList.find((t) => qualifiedToolName(t.surfaceId, t.actionId) === name);
  };

  const call = (name: string, args?: unknown, o?: OUICallOptions): Promise<OUIActionResultMessage> => {
    const tool = typeof name === 'string' ? resolveTool(name) : undefined;
    if (!tool) {
      const shown = String(name).slice(0, 128);
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
    return request(tool.surfaceId, tool.actionId, params, o);
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
    mcpTools: () => mcpTools(toolList),
    call,
    request,
    observations: (surfaceId) => new Map(known.get(surfaceId)?.values ?? []),
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
      for (const [id, p] of [...pending]) finish(id, p, local(id, p.surfaceId, p.actionId, OUI_ERROR_CODES.SURFACE_UNAVAILABLE, 'The agent stopped listening'));
      changed.clear();
      observed.clear();
      resulted.clear();
    },
  };
}
