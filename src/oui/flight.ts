/**
 * A request on its way through a surface runtime (a flight), and its two clocks: the deadline after which the
 * agent no longer waits for it, and the heartbeat that tells the agent what it waits for meanwhile.
 */
import type { Timers } from '../transport/clock.js';
import type { LanePlace } from './lane.js';
import type { OUIAction, OUIActionRequest, OUIActionResultMessage } from './protocol.js';

/** What a request that has not started waits for. */
export type FlightWait = 'confirmation' | 'turn';

export interface Flight {
  request: OUIActionRequest;
  /** The agent gave the request id and awaits `action:result` events; a 0.1.0 dispatch (id made here) does not. */
  answered: boolean;
  action?: OUIAction;
  /** Aborted when it ends unsuccessfully: what its handler hears. */
  controller: AbortController;
  /** Aborted when it ends for any reason: withdraws a confirmation still open. */
  withdraw: AbortController;
  startedAt: number;
  done: boolean;
  /** The handler was called: from here the deadline no longer stops it. */
  started: boolean;
  /** When it arrived, and when the agent last heard from us about it (the deadline counts from there). */
  receivedAt: number;
  lastWord: number;
  timeoutMs?: number;
  maxWaitMs?: number;
  deadlineTimer?: unknown;
  heartbeat?: { timer: unknown; waiting: FlightWait };
  places: LanePlace[];
  /** Run by the page itself (execute): its final result goes here, and nothing to the agent. */
  local?: (result: OUIActionResultMessage) => void;
  /** Its handler finished and it waits for the page to settle: answers it now. */
  conclude?: () => void;
}

/**
 * When the agent stops waiting for a request that hasn't started: `timeoutMs` after the last word it heard
 * from us, and never later than `maxWaitMs` after the request came. Infinity for a 0.1.0 dispatch (no agent
 * waits; the confirmation's own limit holds).
 */
export function deadlineOf(flight: Pick<Flight, 'timeoutMs' | 'maxWaitMs' | 'lastWord' | 'receivedAt'>): number {
  const silence = flight.timeoutMs !== undefined ? flight.lastWord + flight.timeoutMs : Infinity;
  // A timeout given alone is the request's hard deadline, as the agent counts it.
  const bound = flight.maxWaitMs ?? flight.timeoutMs;
  return Math.min(silence, bound !== undefined ? flight.receivedAt + bound : Infinity);
}

/** A flight's timers: its deadline, and its heartbeat while it waits. */
export interface FlightTimers {
  /** (Re)sets the deadline from the flight's last word; `expired` runs when it passes before the flight started. */
  arm(flight: Flight): void;
  /** Says, now (or from the next beat) and every beat, what the flight waits for. */
  waitFor(flight: Flight, waiting: FlightWait, now?: boolean): void;
  stopBeat(flight: Flight): void;
  /** No more timers for it. */
  quiet(flight: Flight): void;
}

export interface FlightTimerOptions {
  timers: Timers;
  now: () => number;
  /** The longest time between two beats (at least 250 ms). */
  heartbeatMs: number;
  /** A beat: the agent hears what the flight waits for. */
  beat(flight: Flight, waiting: FlightWait): void;
  /** The deadline passed while the flight had not started. */
  expired(flight: Flight): void;
}

export function createFlightTimers({ timers, now, heartbeatMs, beat, expired }: FlightTimerOptions): FlightTimers {
  const arm = (flight: Flight) => {
    if (flight.deadlineTimer !== undefined) timers.clearTimeout(flight.deadlineTimer);
    flight.deadlineTimer = undefined;
    const at = deadlineOf(flight);
    if (flight.done || flight.started || !Number.isFinite(at)) return;
    flight.deadlineTimer = timers.setTimeout(() => {
      flight.deadlineTimer = undefined;
      if (flight.done || flight.started) return;
      // A word sent since may have moved it.
      if (now() < deadlineOf(flight)) return arm(flight);
      expired(flight);
    }, Math.max(0, at - now()));
  };

  const stopBeat = (flight: Flight) => {
    if (flight.heartbeat?.timer !== undefined) timers.clearTimeout(flight.heartbeat.timer);
    if (flight.heartbeat) flight.heartbeat.timer = undefined;
  };

  // Only to an agent that awaits it: a 0.1.0 one hears it once.
  const waitFor = (flight: Flight, waiting: FlightWait, atOnce = true) => {
    if (flight.done) return;
    stopBeat(flight);
    // Never more often than every 250 ms, whatever timeout an agent names: it can't make the page chatter.
    const every = flight.timeoutMs !== undefined ? Math.min(heartbeatMs, Math.max(250, Math.floor(flight.timeoutMs / 3))) : heartbeatMs;
    const next = () => {
      flight.heartbeat = { waiting, timer: flight.answered ? timers.setTimeout(next, every) : undefined };
      beat(flight, waiting);
    };
    if (atOnce) next();
    else flight.heartbeat = { waiting, timer: flight.answered ? timers.setTimeout(next, every) : undefined };
  };

  const quiet = (flight: Flight) => {
    stopBeat(flight);
    if (flight.deadlineTimer !== undefined) timers.clearTimeout(flight.deadlineTimer);
    flight.deadlineTimer = undefined;
  };

  return { arm, waitFor, stopBeat, quiet };
}
