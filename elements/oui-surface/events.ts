/**
 * The events `<oui-surface>` fires. Each is an `Event` subclass with typed fields (no `detail` bag); all bubble
 * and cross shadow roots, so a listener on the page hears every surface.
 *
 * - `oui-state`: the surface was registered with the agent, or deregistered (`registered`, `active`).
 * - `oui-request`: an agent's request passed the checks and is about to run (or to be confirmed).
 * - `oui-result`: a result went back to the agent: interim (`result.interim`) or final, success or error.
 * - `oui-issue`: something found while running, reported and never thrown (an observation that doesn't match
 *   its schema, a repeated request id, a malformed event on the transport).
 * - `oui-error`: what the app gave can't be used: a refused definition, markup that declares a broken action,
 *   handlers that don't fit the surface. The surface stays unregistered (or keeps the definition it had).
 */
import type { OUIIssue, OUIAction, OUIActionRequest, OUIActionResultMessage } from '../../src/oui/index.js';

const init: EventInit = { bubbles: true, composed: true };

/** `oui-state`: registration changed. */
export class OUIStateEvent extends Event {
  static readonly eventName = 'oui-state';
  constructor(
    /** The surface's id, as the agent knows it. */
    readonly surfaceId: string,
    /** The agent's side was told the surface is here (active, connected, and not removed). */
    readonly registered: boolean,
    /** The surface's activation holds for the page's path and entity. */
    readonly active: boolean,
  ) {
    super(OUIStateEvent.eventName, init);
  }
}

/** `oui-request`: a request passed the checks (declared action, handler, params) and runs or awaits the person's confirmation. */
export class OUIRequestEvent extends Event {
  static readonly eventName = 'oui-request';
  constructor(
    /** The agent's request: `requestId`, `actionId` and the checked `params`. */
    readonly request: OUIActionRequest,
    /** The declared action it asks for, with its description and input schema. */
    readonly action: OUIAction,
    /** True when the person is asked first (`confirm: true`). */
    readonly confirming: boolean,
  ) {
    super(OUIRequestEvent.eventName, init);
  }
}

/** `oui-result`: a result was sent to the agent. Every request gets exactly one final result. */
export class OUIResultEvent extends Event {
  static readonly eventName = 'oui-result';
  constructor(
    /** What went to the agent: `success`, `data` or `error`, and for an interim result `interim` and `progress`. */
    readonly result: OUIActionResultMessage,
    /** The request it answers. */
    readonly request: OUIActionRequest,
    /** Undefined for a request naming an action the surface doesn't declare. */
    readonly action: OUIAction | undefined,
  ) {
    super(OUIResultEvent.eventName, init);
  }

  /** True for the one final result of the request. */
  get final(): boolean {
    return this.result.interim !== true;
  }
}

/** `oui-issue`: an issue the runtime or the transport reported. For the app's logs; the person sees nothing. */
export class OUIIssueEvent extends Event {
  static readonly eventName = 'oui-issue';
  constructor(
    /** The issue: `code` (`malformed-event`, `buffer-overflow`…), `severity` and `message`. */
    readonly issue: OUIIssue,
  ) {
    super(OUIIssueEvent.eventName, init);
  }
}

/** What an `oui-error` is about. */
export type OUIErrorKind = 'definition' | 'markup' | 'handlers';

/** `oui-error`: the app's definition, markup or handlers can't be used; `errors` lists every reason. */
export class OUIErrorEvent extends Event {
  static readonly eventName = 'oui-error';
  constructor(
    /** What can't be used: the `definition`, the `markup` or the `handlers`. */
    readonly kind: OUIErrorKind,
    /** Every reason, one sentence each. */
    readonly errors: readonly string[],
    /** The same reasons in one sentence. */
    readonly message: string,
  ) {
    super(OUIErrorEvent.eventName, init);
  }
}

declare global {
  interface HTMLElementEventMap {
    'oui-state': OUIStateEvent;
    'oui-request': OUIRequestEvent;
    'oui-result': OUIResultEvent;
    'oui-issue': OUIIssueEvent;
    'oui-error': OUIErrorEvent;
  }
}
