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
import { isRequestTransport, type OUIIssueCode, type OUIRequestTransport, type OUISendRefusal, type OUITransport } from '../transport.js';
import type { OUICallOptions } from './agent.js';

interface Pending {
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
  /** Answers every waiting call DISCONNECTED. */
  stopAll(): void;
}

const limited = (ms: number) => ms > 0 && Number.isFinite(ms);

export function createAgentCalls(o: AgentCallOptions): AgentCalls {
  const { timers, now, report } = o;
  const pending = createPendingReplies<string, Pending, OUIActionResultMessage>(timers);
  // Ids answered or timed out lately: the second copy of a result (status observation) is not news, and a
  // late one after a timeout is reported as such. Bounded, oldest forgotten first.
  const finished = new Map<string, 'answered' | 'timed-out'>();
  const remember = (id: string, how: 'answered' | 'timed-out') => {
    finished.set(id, how);
    if (finished.size > 1000) finished.delete(finished.keys().next().value!);
  };
  const local = (requestId: string, surfaceId: string, actionId: string, code: OUIErrorCode, message: string): OUIActionResultMessage => ({
    requestId,
    surfaceId,
    actionId,
    success: false,
    error: { code, message },
    timestamp: now(),
  });

  /** When the call stops waiting: `timeoutMs` after the last word, and (until the action runs) `maxWaitMs` after it was sent. */
  const giveUpAt = (p: Pending): number => {
    const silence = limited(p.timeoutMs) ? p.lastWord + p.timeoutMs : Infinity;
    const bound = !p.started && limited(p.maxWaitMs) ? p.sentAt + p.maxWaitMs : Infinity;
    return Math.min(silence, bound);
  };

  const timedOut = (requestId: string, p: Pending, message: string) => {
    if (pending.get(requestId) !== p) return;
    remember(requestId, 'timed-out');
    pending.settle(requestId, local(requestId, p.surfaceId, p.actionId, OUI_ERROR_CODES.TIMEOUT, message));
  };

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
    const t = o.attached();
    if (!t || !isRequestTransport(t)) return timedOut(requestId, p, `No answer from "${p.surfaceId}" within ${waited} ms`);
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
    remember(result.requestId, 'answered');
    pending.settle(result.requestId, result);
  };

  const send: AgentCalls['send'] = (t, requestId, surfaceId, actionId, params, c) => {
    const timeoutMs = c.timeoutMs ?? o.defaultTimeout;
    // A call that names its own timeout means it as its deadline, unless it names a bound too.
    const maxWaitMs = c.maxWaitMs ?? (c.timeoutMs !== undefined ? c.timeoutMs : o.defaultMaxWait);
    const at = now();
    const p: Pending = { surfaceId, actionId, timeoutMs, maxWaitMs, sentAt: at, lastWord: at, started: false, cancelled: false, seen: [], ...(c.onInterim ? { onInterim: c.onInterim } : {}) };
    const answered = pending.wait(requestId, p);
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
    if (refusal && pending.get(requestId) === p) {
      const code = refusal.refused === 'too-large' ? OUI_ERROR_CODES.MESSAGE_TOO_LARGE : refusal.refused === 'malformed-event' ? OUI_ERROR_CODES.INVALID_PARAMS : OUI_ERROR_CODES.DISCONNECTED;
      remember(requestId, 'answered');
      pending.settle(requestId, local(requestId, surfaceId, actionId, code, `The request was not sent, and nothing ran: ${refusal.message}`));
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
    stopAll() {
      pending.settleAll((id, p) => {
        remember(id, 'answered');
        return local(id, p.surfaceId, p.actionId, OUI_ERROR_CODES.DISCONNECTED, 'The agent stopped listening');
      });
    },
  };
}
