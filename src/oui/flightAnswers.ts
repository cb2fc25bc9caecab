/**
 * How a surface runtime answers a request: once finally (a result event to our agent, the status observation
 * for a 0.1.0 one, or the page's own promise for `execute`), and with interim results while it waits or runs.
 */
import type { Flight, FlightWait } from './flight.js';
import type { Listeners } from './listeners.js';
import { OUI_ERROR_CODES, statusObservationId, type OUIActionResultMessage, type OUIErrorCode } from './protocol.js';
import type { RequestMemory } from './requestMemory.js';
import type { OUIActivity } from './surfaceRuntime.js';
import type { OUIRequestTransport, OUITransport } from './transport.js';

export interface FlightAnswers {
  /** Sends a result where the flight's answers go. */
  send(flight: Flight, result: OUIActionResultMessage): void;
  /** The final answer: the flight ends (its places left, its question withdrawn, its timers stopped). */
  answer(flight: Flight, fields: Partial<OUIActionResultMessage> & { success: boolean }): void;
  fail(flight: Flight, code: OUIErrorCode, message: string, details?: unknown): void;
  /** An interim result: progress, or what it waits for. */
  interim(flight: Flight, progress: number | undefined, data: unknown, waiting?: FlightWait): void;
  /** Answers a request that never started: TIMEOUT, saying what it waited for. */
  withdrawn(flight: Flight, why: string): void;
}

export interface FlightAnswerOptions {
  surfaceId: string;
  transport: OUITransport;
  /** The transport when it is one of ours (results as events), else null. */
  ours: OUIRequestTransport | null;
  /** Status observations the app declares itself: its own, so no results are pushed there. */
  ownStatus: ReadonlySet<string>;
  memory: RequestMemory;
  /** The flights in the air: an answered one leaves it. */
  flights: Map<string, Flight>;
  activity: Listeners<OUIActivity>;
  now: () => number;
  /** Stops the flight's timers. */
  quiet(flight: Flight): void;
  /** The agent heard from us about the flight: its deadline moves. */
  heard(flight: Flight): void;
}

export function createFlightAnswers(o: FlightAnswerOptions): FlightAnswers {
  const { surfaceId, transport, ours, now } = o;
  const withAction = (flight: Flight) => (flight.action ? { action: flight.action } : {});

  const send = (flight: Flight, result: OUIActionResultMessage) => {
    if (flight.local) {
      if (!result.interim) flight.local(result);
      return;
    }
    if (flight.answered) ours?.sendResult(result);
    // 0.1.0 agents have no result event: the same result as the action's status observation. A 0.1.0
    // dispatch had no id, and its status says none.
    const id = statusObservationId(result.actionId);
    if (o.ownStatus.has(id)) return;
    const { requestId, ...rest } = result;
    const value = flight.answered ? { requestId, ...rest } : rest;
    transport.pushObservation({ surfaceId, observationId: id, value, timestamp: result.timestamp });
  };

  const answer = (flight: Flight, fields: Partial<OUIActionResultMessage> & { success: boolean }) => {
    if (flight.done) return;
    flight.done = true;
    o.flights.delete(flight.request.requestId);
    o.quiet(flight);
    for (const place of flight.places) place.leave();
    if (!flight.withdraw.signal.aborted) flight.withdraw.abort();
    const at = now();
    const result: OUIActionResultMessage = {
      requestId: flight.request.requestId,
      surfaceId,
      actionId: flight.request.actionId,
      ...fields,
      durationMs: Math.max(0, at - flight.startedAt),
      timestamp: at,
    };
    if (flight.answered) o.memory.final(result);
    send(flight, result);
    o.activity.emit({ phase: 'done', request: flight.request, ...withAction(flight), result });
    // A handler still running after a timeout, a stop or a removal hears it through its signal.
    if (!fields.success && !flight.controller.signal.aborted) flight.controller.abort();
  };

  const fail = (flight: Flight, code: OUIErrorCode, message: string, details?: unknown) =>
    answer(flight, { success: false, error: { code, message, ...(details !== undefined ? { details } : {}) } });

  const interim = (flight: Flight, progress: number | undefined, data: unknown, waiting?: FlightWait) => {
    if (flight.done) return;
    const at = now();
    const result: OUIActionResultMessage = {
      requestId: flight.request.requestId,
      surfaceId,
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
      o.heard(flight);
    }
    if (!waiting) o.activity.emit({ phase: 'progress', request: flight.request, ...withAction(flight), result });
  };

  const withdrawn = (flight: Flight, why: string) => {
    const what = flight.heartbeat?.waiting === 'confirmation' ? ' while it waited for the person' : flight.heartbeat?.waiting === 'turn' ? ' while it waited for its turn' : '';
    fail(flight, OUI_ERROR_CODES.TIMEOUT, `"${flight.request.actionId}" did not run: ${why}${what}`);
  };

  return { send, answer, fail, interim, withdrawn };
}
