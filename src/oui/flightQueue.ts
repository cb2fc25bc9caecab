/**
 * The door of a surface runtime: a dispatch becomes a flight, unless its request id was answered already (the
 * answer again, never a second run), the surface is not active here, or too many wait (SURFACE_BUSY); and the
 * agent's `action:cancel` withdraws a request that has not started.
 */
import type { Flight } from './flight.js';
import { runFlight, type FlightRunContext } from './flightRunner.js';
import { OUI_ERROR_CODES, type OUIActionResultMessage, type OUICancelMessage, type OUIDispatchMessage } from './protocol.js';
import type { RequestMemory } from './requestMemory.js';
import type { OUIRequestTransport } from './transport.js';
import { newId } from './ids.js';

export interface FlightQueue {
  /** Takes a request in; `local` gets the final result of one the page runs itself. */
  dispatch(d: OUIDispatchMessage, local?: (result: OUIActionResultMessage) => void): void;
  cancel(c: OUICancelMessage): void;
}

export interface FlightQueueOptions {
  /** The flights in the air, in the order they came. */
  flights: Map<string, Flight>;
  memory: RequestMemory;
  /** Requests waiting besides the one about to run. */
  maxQueue: number;
  ours: OUIRequestTransport | null;
  active(): boolean;
}

export function createFlightQueue(run: FlightRunContext, o: FlightQueueOptions): FlightQueue {
  const { flights, memory, maxQueue } = o;
  const { fail, withdrawn, send } = run.answers;
  const id = run.surfaceId;
  return {
    dispatch(d, local) {
      const flight = flightOf(d, run.now(), local);
      const { requestId } = flight.request;
      if (flight.answered) {
        const known = memory.get(requestId);
        if (known) {
          run.report('duplicate-request', `Request "${requestId}" came again; it was not run again`);
          if (known.state === 'final') send(flight, known.result);
          return;
        }
        memory.pending(requestId);
      }
      flights.set(requestId, flight);
      if (!o.active()) return fail(flight, OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${id}" is not active here`);
      let waiting = 0;
      for (const f of flights.values()) if (!f.started && f !== flight) waiting++;
      // One of them may be about to run; beyond that, maxQueue wait.
      if (waiting > maxQueue) return fail(flight, OUI_ERROR_CODES.SURFACE_BUSY, `The surface "${id}" is busy: ${maxQueue} requests are already waiting their turn`);
      run.clock.arm(flight);
      const action = run.actions.get(flight.request.actionId);
      // Its place in line is taken now, so handlers run in the order requests came; one that must be confirmed
      // takes its place once the person agreed, so a question left open holds up nothing.
      if (action && !action.confirm) flight.places.push(run.runLane.enter());
      void runFlight(run, flight);
    },

    /**
     * The agent stopped waiting for a request. Not started: withdrawn (its question closed), answered TIMEOUT, and
     * it never runs. Started: its handler's signal aborts, and the answer says what it did may stand. Already
     * answered: the answer again, in case it was lost on the way.
     */
    cancel(c) {
      const flight = flights.get(c.requestId);
      const why = `the agent stopped waiting${c.reason ? ` (${c.reason.slice(0, 200)})` : ''}`;
      if (flight?.answered) {
        if (!flight.started) return withdrawn(flight, why);
        return fail(flight, OUI_ERROR_CODES.TIMEOUT, `${why[0]!.toUpperCase()}${why.slice(1)}; "${flight.request.actionId}" had already started, and what it did may stand`);
      }
      const known = memory.get(c.requestId);
      if (known?.state === 'final') o.ours?.sendResult(known.result);
    },
  };
}

/** A new flight for a dispatch: one of our agent's (with a request id and perhaps a deadline), 0.1.0's, or the page's own. */
export function flightOf(d: OUIDispatchMessage, at: number, local?: (result: OUIActionResultMessage) => void): Flight {
  const answered = d.requestId !== undefined;
  const requestId = d.requestId ?? `${local ? 'local' : 'dispatch'}:${newId()}`;
  return {
    request: { requestId, surfaceId: d.surfaceId, actionId: d.actionId, params: d.params, timestamp: d.timestamp },
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
}
