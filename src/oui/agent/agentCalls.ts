/**
 * The agent's calls that wait for their answers: each sent as a request with an id, answered by its final result
 * (heard as an event or a status observation, once), given up on at its deadline (the page then asked to withdraw
 * it, and given a grace to say whether it had started), and all answered when the agent stops.
 */
import type { Timers } from '../../transport/clock.js';
import { createPendingReplies } from '../../transport/pendingReplies.js';
import { jsonEqual } from '../json.js';
import type { Listeners } from '../listeners.js';
import { OUI_ERROR_CODES, type OUIActionResultMessage, type OUIErrorCode } from '../protocol.js';
import { isRequestTransport, type OUIIssueCode, type OUIRequestTransport, type OUISendRefusal, type OUITransport, type OUIUnsubscribe } from '../transport.js';
import type { OUICallOptions } from './agent.js';

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

export interface AgentCallOptions {
  timers: Timers;
  now: () => number;
  defaultTimeout: number;
  defaultMaxWait: number;
  cancelGraceMs: number;
  /** The transport the agent is attached to now. */
  attached(): OUITransport | null;
  report(code: OUIIssueCode, message: string, id?: string): void;
  resulted: Listeners<OUIActionResultMessage>;
}

export interface AgentCalls {
  /** Sends a request to a page that answers them and waits for its final result. */
  send(t: OUIRequestTransport, requestId: string, surfaceId: string, actionId: string, params: Record<string, unknown>, o: OUICallOptions): Promise<OUIActionResultMessage>;
  /** A result heard (`quiet`: from a status observation, which may answer another agent). */
  onResult(result: OUIActionResultMessage, quiet?: boolean): void;
  /** A failure made here, never sent to the page. */
  local(requestId: string, surfaceId: string, actionId: string, code: OUIErrorCode, message: string): OUIActionResultMessage;
  readonly size: number;
  /** Hears `t`'s results (the transport just attached): until detached, and after that while a call waits on it. */
  hear(t: OUITransport): void;
  /** `t` is no longer attached: a call still waiting on it waits for its answer there, or, if `t` is down, the grace. */
  detached(t: OUITransport): void;
  /** Answers every waiting call DISCONNECTED. */
  stopAll(): void;
}

const limited = (ms: number) => ms > 0 && Number.isFinite(ms);

/**
 * Ids answered or timed out lately: the second copy of a result (status observation) is not news, and a late one
 * after a timeout is reported as such. Bounded, oldest forgotten first.
 */
function recentlyFinished() {
  const finished = new Map<string, 'answered' | 'timed-out'>();
  const remember = (id: string, how: 'answered' | 'timed-out') => {
    finished.set(id, how);
    if (finished.size > 1000) finished.delete(finished.keys().next().value!);
  };
  return { finished, remember };
}

/** A failure made here, never sent to the page. */
const localFailure =
  (now: () => number) =>
  (requestId: string, surfaceId: string, actionId: string, code: OUIErrorCode, message: string): OUIActionResultMessage => ({
    requestId,
    surfaceId,
    actionId,
    success: false,
    error: { code, message },
    timestamp: now(),
  });

export function createAgentCalls(o: AgentCallOptions): AgentCalls {
  const { timers, now, report } = o;
  const pending = createPendingReplies<string, Pending, OUIActionResultMessage>(timers);
  const { finished, remember } = recentlyFinished();
  const local = localFailure(now);

  /** When the call stops waiting: `timeoutMs` after the last word, and (until the action runs) `maxWaitMs` after it was sent. */
  const giveUpAt = (p: Pending): number => {
    const silence = limited(p.timeoutMs) ? p.lastWord + p.timeoutMs : Infinity;
    const bound = !p.started && limited(p.maxWaitMs) ? p.sentAt + p.maxWaitMs : Infinity;
    return Math.min(silence, bound);
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
    c = { calls: new Map(), stop: [t.onConnectionChange((up) => up || t === o.attached() || lost(t))] };
    if (isRequestTransport(t)) c.stop.push(t.onResult((r) => onResult(r)));
    carriers.set(t, c);
    return c;
  };
  const release = (t: OUITransport) => {
    const c = carriers.get(t);
    if (!c || t === o.attached() || c.calls.size > 0) return;
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
      if (o.cancelGraceMs > 0) pending.deadline(requestId, o.cancelGraceMs, () => unknown(requestId, p));
      else unknown(requestId, p);
    }
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
    if (!(o.cancelGraceMs > 0)) return timedOut(requestId, p, `No answer from "${p.surfaceId}" within ${waited} ms; it was asked to withdraw the request`);
    pending.deadline(requestId, o.cancelGraceMs, () =>
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
    o.resulted.emit(result);
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

  const send: AgentCalls['send'] = (t, requestId, surfaceId, actionId, params, c) => {
    const timeoutMs = c.timeoutMs ?? o.defaultTimeout;
    // A call that names its own timeout means it as its deadline, unless it names a bound too.
    const maxWaitMs = c.maxWaitMs ?? (c.timeoutMs !== undefined ? c.timeoutMs : o.defaultMaxWait);
    const at = now();
    const p: Pending = { via: t, surfaceId, actionId, timeoutMs, maxWaitMs, sentAt: at, lastWord: at, started: false, cancelled: false, seen: [], ...(c.onInterim ? { onInterim: c.onInterim } : {}) };
    const answered = pending.wait(requestId, p);
    hear(t).calls.set(requestId, p);
    arm(requestId, p);
    let refusal: OUISendRefusal | void;
    try {
      refusal = t.sendRequest({
        requestId,
        surfaceId,
        actionId,
        params,
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

  return {
    send,
    onResult,
    local,
    get size() {
      return pending.size;
    },
    hear: (t) => void hear(t),
    detached(t) {
      if (!t.connected) lost(t);
      release(t);
    },
    stopAll() {
      pending.settleAll((id, p) => {
        remember(id, 'answered');
        return local(id, p.surfaceId, p.actionId, OUI_ERROR_CODES.DISCONNECTED, 'The agent stopped listening');
      });
      for (const c of carriers.values()) for (const u of c.stop) u();
      carriers.clear();
    },
  };
}
