/**
 * The OUI protocol (oui-spec 0.1.0): the shapes an app and an agent runtime exchange, with the protocol's own
 * names, so code written against the public declarations type-checks against ours. What we add to 0.1.0 is
 * below the line: error codes, the routed result message and the status observation's id.
 */

/** The part of JSON Schema OUI uses for action inputs and outputs and observation values. */
export type JSONSchema = {
  type?: string | string[];
  properties?: Record<string, JSONSchema>;
  items?: JSONSchema;
  required?: string[];
  enum?: (string | number | boolean)[];
  description?: string;
  default?: unknown;
  oneOf?: JSONSchema[];
  anyOf?: JSONSchema[];
  allOf?: JSONSchema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JSONSchema;
};

/** One part of an app an agent may work in: what it may do there, what it may see, and when. */
export interface OUISurface {
  /** Unique on the page. Any non-empty string; kebab-case (`todo-list`) by convention. */
  id: string;
  name: string;
  /** Shown to the model as context. */
  description: string;
  /** The surface contract's version (semver). */
  version?: string;
  actions: OUIAction[];
  observations?: OUIObservation[];
  activation?: OUIActivation;
  metadata?: Record<string, unknown>;
}

/** How the runtime follows an async action after its handler answered: polling, or waiting for an event. */
export interface OUIActionPolling {
  intervalMs: number;
  maxAttempts?: number;
  maxDurationMs?: number;
  /** Wait for an app event instead of polling; filter values `'$dispatchResult.a.b'` come from the handler's answer. */
  subscribe?: {
    event: string;
    filter?: Record<string, unknown>;
  };
}

/** One thing an agent may do on a surface; it becomes one tool. */
export interface OUIAction {
  /** Unique in the surface; the tool's name. Any non-empty string; snake_case (`add_item`) by convention. */
  id: string;
  /** What the model reads to choose the tool. */
  description: string;
  input: JSONSchema;
  output?: JSONSchema;
  /** Ask the person before it runs. */
  confirm?: boolean;
  /** The handler answers at once with something to follow (a job id). */
  async?: boolean;
  polling?: OUIActionPolling;
  usage?: string;
  /** Written for the model; never executed. */
  preconditions?: string;
  estimatedDuration?: string;
  tags?: string[];
}

/** A piece of app state the agent may read; pushed as it changes. */
export interface OUIObservation {
  id: string;
  description: string;
  schema: JSONSchema;
  updateFrequency?: 'realtime' | 'on-change' | 'polling';
}

/** When a surface is available. */
export interface OUIActivation {
  /** Path patterns: exact, `*` or `:name` one segment, `**` one or more. */
  routes?: string | string[];
  /** An entity the app must have told the runtime it shows. */
  entity?: {
    type: string;
    id?: string;
  };
  /** Prose for people and models; never executed. */
  condition?: string;
}

/** The agent asks a surface to run one action. */
export interface OUIActionRequest {
  requestId: string;
  surfaceId: string;
  actionId: string;
  params: Record<string, unknown>;
  timestamp: number;
}

/** A surface's answer to a request: interim (with progress) while an async action is followed, then final. */
export interface OUIActionResult {
  requestId: string;
  success: boolean;
  data?: unknown;
  error?: {
    code: string;
    message: string;
    details?: unknown;
  };
  /** 0–100. */
  progress?: number;
  interim?: boolean;
  durationMs?: number;
  timestamp: number;
}

/** A new value of one observation. */
export interface OUIObservationUpdate {
  surfaceId: string;
  observationId: string;
  value: unknown;
  timestamp: number;
}

/** A surface became available: its whole definition. */
export interface OUISurfaceRegistration {
  surface: OUISurface;
  timestamp: number;
}

/** A surface is no longer available. */
export interface OUISurfaceDeregistration {
  surfaceId: string;
  timestamp: number;
}

/** Every event of the protocol, tagged by its type. */
export type OUIProtocolEvent =
  | { type: 'surface:register'; payload: OUISurfaceRegistration }
  | { type: 'surface:deregister'; payload: OUISurfaceDeregistration }
  | { type: 'action:request'; payload: OUIActionRequest }
  | { type: 'action:result'; payload: OUIActionResult }
  | { type: 'observation:update'; payload: OUIObservationUpdate };

/** The protocol's event type strings. */
export const OUI_PROTOCOL_EVENTS = {
  SURFACE_REGISTER: 'surface:register',
  SURFACE_DEREGISTER: 'surface:deregister',
  ACTION_REQUEST: 'action:request',
  ACTION_RESULT: 'action:result',
  OBSERVATION_UPDATE: 'observation:update',
} as const;

// ---- Beyond 0.1.0 ---------------------------------------------------------------------------------------
// 0.1.0's transport has no way back for results and no correlation ids. What we add rides beside it: extra fields
// on the same events (a transport-only peer ignores them) and extra events it never listens to.

/** One of the protocol's event type strings. */
export type OUIProtocolEventType = OUIProtocolEvent['type'];

/** The error codes a surface (or our agent) answers with. 0.1.0 leaves `error.code` open; these are the ones we send. */
export const OUI_ERROR_CODES = {
  /** The surface has no such action, or this page no handler for it. */
  ACTION_NOT_FOUND: 'ACTION_NOT_FOUND',
  /** The params don't match the action's input schema (or the page's own checks). */
  INVALID_PARAMS: 'INVALID_PARAMS',
  /** The person refused, or stopped it. */
  ACTION_DENIED: 'ACTION_DENIED',
  /** The handler threw, or its answer can't be sent. */
  ACTION_EXECUTION_ERROR: 'ACTION_EXECUTION_ERROR',
  /** Out of time: the handler, the follow of an async action, or the request's deadline (then it never ran). */
  TIMEOUT: 'TIMEOUT',
  /** The surface is on the page but not active here (its routes or entity don't match), or was removed. */
  SURFACE_UNAVAILABLE: 'SURFACE_UNAVAILABLE',
  /** No surface of that id is on the page (or known to the agent). */
  SURFACE_NOT_FOUND: 'SURFACE_NOT_FOUND',
  /** The surface has `maxQueue` requests waiting already. */
  SURFACE_BUSY: 'SURFACE_BUSY',
  /** The page holding the surface is not connected (it may be reconnecting). */
  DISCONNECTED: 'DISCONNECTED',
  /** The agent has `maxPending` calls waiting already. */
  AGENT_BUSY: 'AGENT_BUSY',
  /** The request is larger than the connection carries: it was never sent, and nothing ran. */
  MESSAGE_TOO_LARGE: 'MESSAGE_TOO_LARGE',
  /**
   * The connection the request went on went before the page answered (cut off, closed, or another connection
   * took its place): it may have run. Read the page's observations before asking again.
   */
  OUTCOME_UNKNOWN: 'OUTCOME_UNKNOWN',
} as const;

/** One of OUI_ERROR_CODES. */
export type OUIErrorCode = (typeof OUI_ERROR_CODES)[keyof typeof OUI_ERROR_CODES];

/**
 * A dispatch as it travels on `{ns}:dispatch`: 0.1.0's `{surfaceId, actionId, params, timestamp}`, and, when our
 * agent sent it, the request id its answer will carry and how long the agent waits. A 0.1.0 page reads the first
 * four fields and runs the action; ours answers the request id too.
 */
export interface OUIDispatchMessage {
  surfaceId: string;
  actionId: string;
  params: Record<string, unknown>;
  timestamp: number;
  /** Absent on a 0.1.0 dispatch: nobody awaits an answer, the outcome goes out as the status observation. */
  requestId?: string;
  /**
   * How long the agent waits for word from the page, in ms from when the page received the request: the action
   * must start within it, and each interim result the page sends gives it as long again (up to `maxWaitMs`).
   */
  timeoutMs?: number;
  /** However many interim results come, the agent waits no longer than this (ms from receipt). */
  maxWaitMs?: number;
}

/** A dispatch our agent sends: with its request id. */
export type OUIRequestMessage = OUIDispatchMessage & { requestId: string };

/**
 * A result as it travels: the 0.1.0 result plus the surface and action it answers, so an agent that did not
 * keep the request (or reads the status observation) still knows what it is about.
 */
export interface OUIActionResultMessage extends OUIActionResult {
  surfaceId: string;
  actionId: string;
  /**
   * On an interim result sent before the action started: what it waits for, the person's answer
   * (`confirmation`) or its turn after the actions ahead of it (`turn`). The agent waits on while it hears these,
   * up to the request's `maxWaitMs`; once an interim result comes without it, the action runs.
   */
  waiting?: 'confirmation' | 'turn';
  /**
   * Parts of the result left out because the whole would not fit the connection (or the wire's limits): the
   * action's outcome (`success`, the error's code) is still the truth, only these parts are missing.
   */
  dropped?: OUIDroppedParts;
}

/** What a result left out, and why. */
export interface OUIDroppedParts {
  /** `data`, `error.details`, `error.message` (cut). */
  fields: string[];
  reason: string;
}

/** The agent gave up on a request (its deadline passed): the page withdraws it if it hasn't started. */
export interface OUICancelMessage {
  surfaceId: string;
  requestId: string;
  /** Why, for the page's logs. */
  reason?: string;
  timestamp: number;
}

/** What a page can do beyond 0.1.0, said when it registers a surface. */
export const OUI_CAPABILITIES = {
  /** Answers each request that has a `requestId` with `action:result` events (and honours its deadline). */
  RESULTS: 'action:result',
  /** Withdraws a request that hasn't started when it hears `action:cancel`. */
  CANCEL: 'action:cancel',
} as const;

/** `{ns}:surface:register` as our page sends it: 0.1.0's `{surface, timestamp}` and what it can do beyond it. */
export interface OUIRegistrationMessage extends OUISurfaceRegistration {
  /** Values of OUI_CAPABILITIES. Absent: a 0.1.0 page, which answers only through observations, if at all. */
  capabilities?: string[];
}

const STATUS_SUFFIX = ':status';

/**
 * The id of the observation an action's results are pushed as, for agents that only read observations:
 * `<actionId>:status` (`add_item:status`), on the surface's own updates. The two-argument form
 * `statusObservationId(surfaceId, actionId)` is kept for code written before: the surface is no longer part of it.
 */
export function statusObservationId(actionId: string, legacyActionId?: string): string {
  return `${legacyActionId ?? actionId}${STATUS_SUFFIX}`;
}

/** The action a status observation id names (`add_item:status` → `add_item`), or null for any other id. */
export function parseStatusObservationId(id: string): { actionId: string } | null {
  if (typeof id !== 'string' || !id.endsWith(STATUS_SUFFIX) || id.length === STATUS_SUFFIX.length) return null;
  return { actionId: id.slice(0, -STATUS_SUFFIX.length) };
}
