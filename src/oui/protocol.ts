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
  /** kebab-case, unique on the page. */
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
  /** snake_case, unique in the surface; the tool's name. */
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
  /** Path patterns: exact, `*` one segment, `**` one or more. */
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

/** One of the protocol's event type strings. */
export type OUIProtocolEventType = OUIProtocolEvent['type'];

/** The error codes a surface answers with. 0.1.0 leaves `error.code` open; these are the ones we send. */
export const OUI_ERROR_CODES = {
  ACTION_NOT_FOUND: 'ACTION_NOT_FOUND',
  INVALID_PARAMS: 'INVALID_PARAMS',
  ACTION_DENIED: 'ACTION_DENIED',
  ACTION_EXECUTION_ERROR: 'ACTION_EXECUTION_ERROR',
  TIMEOUT: 'TIMEOUT',
  SURFACE_UNAVAILABLE: 'SURFACE_UNAVAILABLE',
} as const;

/** One of OUI_ERROR_CODES. */
export type OUIErrorCode = (typeof OUI_ERROR_CODES)[keyof typeof OUI_ERROR_CODES];

/**
 * A result as it travels: the 0.1.0 result plus the surface and action it answers, so an agent that did not
 * keep the request (or reads the status observation) still knows what it is about.
 */
export interface OUIActionResultMessage extends OUIActionResult {
  surfaceId: string;
  actionId: string;
}

/** The id of the observation an action's results are also pushed as: `<surfaceId>:<actionId>:status`. */
export function statusObservationId(surfaceId: string, actionId: string): string {
  return `${surfaceId}:${actionId}:status`;
}

/**
 * The surface and action a status observation id names, or null for any other id. Surface and action ids never
 * hold a colon, so the split is unambiguous.
 */
export function parseStatusObservationId(id: string): { surfaceId: string; actionId: string } | null {
  const parts = id.split(':');
  if (parts.length !== 3 || parts[2] !== 'status' || parts[0] === '' || parts[1] === '') return null;
  return { surfaceId: parts[0]!, actionId: parts[1]! };
}
