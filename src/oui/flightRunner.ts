/**
 * The steps a request goes through in a surface runtime, each its own function: the checks (a handler, its
 * params, the page's `accept`), the person's confirmation, its turn in the line and the deadline just before
 * it runs, the handler, and the follow-up (the answer after what it changed, or the async job followed).
 */
import { checkParams, paramsMessage, type JsonSchema } from '../actions/index.js';
import type { Timers } from '../transport/clock.js';
import { errorText } from '../stream/index.js';
import { followAsyncAction } from './asyncAction.js';
import { deadlineOf, type Flight, type FlightTimers, type FlightWait } from './flight.js';
import type { FlightAnswers } from './flightAnswers.js';
import { actionErrorOf, runOf, type OUIActionContext, type OUISurfaceHandler } from './handlers.js';
import type { HandlerTable } from './handlerTable.js';
import { toWireJson } from './json.js';
import type { Lane, LanePlace } from './lane.js';
import type { Listeners } from './listeners.js';
import type { ObservationStore } from './observations.js';
import { OUI_ERROR_CODES, type OUIAction, type OUIErrorCode } from './protocol.js';
import { settleWithin, type Settled } from './settleWithin.js';
import type { OUIActivity, SurfaceRuntimeOptions } from './surfaceRuntime.js';
import type { OUIIssueCode } from './transport.js';

/** How long a request waits for a handler that is not there yet (bounded by its deadline): see HandlerTable. */
const HANDLER_GRACE_MS = 2000;

/** What the steps share: the runtime's parts and settings. */
export interface FlightRunContext {
  surfaceId: string;
  actions: ReadonlyMap<string, OUIAction>;
  /** Copies of the actions' input schemas (the checker annotates what it is given). */
  inputs: ReadonlyMap<string, JsonSchema>;
  handlers: HandlerTable;
  /** Handlers run one at a time in this line; confirmations are asked one at a time in the other. */
  runLane: Lane;
  askLane: Lane;
  answers: FlightAnswers;
  clock: FlightTimers;
  activity: Listeners<OUIActivity>;
  store: Pick<ObservationStore, 'refresh'>;
  timers: Timers;
  now: () => number;
  actionTimeoutMs: number;
  confirmTimeoutMs: number;
  asyncTimeoutMs: number;
  options: Pick<SurfaceRuntimeOptions, 'accept' | 'confirm' | 'events' | 'afterRun' | 'limits'>;
  report(code: OUIIssueCode, message: string): void;
}

/** Answers the flight (a refusal, a withdrawal): the step ends it, and says it did not pass. */
function refuse(answer: () => void): false {
  answer();
  return false;
}

/** Runs a request from its checks to its answer; every way it ends answers it (through `answers`). */
export async function runFlight(ctx: FlightRunContext, flight: Flight): Promise<void> {
  const { fail, withdrawn } = ctx.answers;
  const { request } = flight;
  const action = ctx.actions.get(request.actionId);
  if (!action) return fail(flight, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The surface "${ctx.surfaceId}" has no action "${request.actionId}"`);
  flight.action = action;
  if (!(await checkFlight(ctx, flight, action))) return;
  if (action.confirm) {
    if (!(await confirmFlight(ctx, flight, action))) return;
    flight.places.push(ctx.runLane.enter());
  }

  const place = flight.places.at(-1)!;
  if (!(await turnOf(ctx, flight, place, 'turn'))) return;
  // Just before running: the agent must still be waiting (the person may have confirmed after its deadline).
  if (ctx.now() >= deadlineOf(flight)) {
    place.leave();
    return withdrawn(flight, `the agent's deadline passed before it could start`);
  }
  const handler = ctx.handlers.get(action.id);
  if (!handler) {
    place.leave();
    return fail(flight, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The action "${action.id}" has no handler on this page`);
  }
  flight.started = true;
  flight.startedAt = ctx.now();
  ctx.clock.quiet(flight);
  ctx.activity.emit({ phase: 'run', request, action });
  const signal = flight.controller.signal;
  const context: OUIActionContext = { request, action, signal };
  const ran = await settleWithin(() => runOf(handler)(request.params, context), ctx.actionTimeoutMs, ctx.timers, signal);
  place.leave();
  if (flight.done) return;
  // It ran: removed while the page settles, it is still answered with what it did (see dispose).
  if (!action.polling) flight.conclude = () => concludeFlight(ctx, flight, action, handler, context, ran);
  await settled(ctx);
  if (!flight.done) concludeFlight(ctx, flight, action, handler, context, ran);
}

/** A handler (waited for a moment), the params, the page's policy: true when the request passed them all. */
async function checkFlight(ctx: FlightRunContext, flight: Flight, action: OUIAction): Promise<boolean> {
  const { fail } = ctx.answers;
  const { request } = flight;
  await ctx.handlers.waitFor(action.id, Math.min(HANDLER_GRACE_MS, Math.max(0, deadlineOf(flight) - ctx.now())), flight.withdraw.signal);
  if (flight.done) return false;
  if (!ctx.handlers.get(action.id)) return refuse(() => fail(flight, OUI_ERROR_CODES.ACTION_NOT_FOUND, `The action "${action.id}" has no handler on this page`));

  let problems;
  try {
    problems = await checkParams(ctx.inputs.get(action.id)!, request.params);
  } catch (error) {
    return refuse(() => fail(flight, OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, errorText(error)));
  }
  if (flight.done) return false;
  if (problems.length > 0) {
    const message = paramsMessage(action.id, problems);
    const details = { problems: problems.map((p) => ({ path: p.path, message: p.message, ...(p.keyword ? { keyword: p.keyword } : {}) })) };
    return refuse(() => fail(flight, OUI_ERROR_CODES.INVALID_PARAMS, message, details));
  }

  const accept = ctx.options.accept;
  if (accept) {
    const said = await settleWithin(() => accept(request, action), ctx.actionTimeoutMs, ctx.timers, flight.withdraw.signal);
    if (flight.done) return false;
    if (said.status !== 'ok' || said.value !== true) {
      const why = said.status === 'ok' && typeof said.value === 'string' && said.value ? `: ${said.value.slice(0, 2000)}` : said.status === 'error' ? `: ${errorText(said.error)}` : '';
      return refuse(() => fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `This page does not accept "${action.id}" now${why}`));
    }
  }
  return true;
}

/** Asks the person, one question at a time, within the request's deadline: true when they allowed it. */
export async function confirmFlight(ctx: FlightRunContext, flight: Flight, action: OUIAction): Promise<boolean> {
  const { fail, withdrawn } = ctx.answers;
  const { request } = flight;
  const { now, confirmTimeoutMs } = ctx;
  const ask = ctx.options.confirm;
  if (!ask) return refuse(() => fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `"${action.id}" needs the person's confirmation, and this page can't ask`));
  const asking = ctx.askLane.enter();
  flight.places.push(asking);
  if (!(await turnOf(ctx, flight, asking, 'confirmation'))) return false;
  ctx.activity.emit({ phase: 'confirm', request, action });
  // The person is asked now; the agent hears so at once (and on every beat while the question is open).
  ctx.clock.waitFor(flight, 'confirmation');
  const bound = flight.maxWaitMs ?? flight.timeoutMs;
  const deadline = bound !== undefined ? flight.receivedAt + bound : undefined;
  const limit = deadline !== undefined ? Math.min(confirmTimeoutMs > 0 ? confirmTimeoutMs : Infinity, Math.max(0, deadline - now())) : confirmTimeoutMs;
  const said = await settleWithin(
    () => ask(request, action, { signal: flight.withdraw.signal, ...(deadline !== undefined ? { deadline } : {}) }),
    limit === Infinity ? 0 : Math.max(1, limit),
    ctx.timers,
    flight.withdraw.signal,
  );
  ctx.clock.stopBeat(flight);
  asking.leave();
  if (flight.done) return false;
  // The question closed because the deadline came (here, or in a dialog given it): not the person's no.
  if (said.status !== 'ok' || said.value !== true) {
    if (now() >= deadlineOf(flight) || (deadline !== undefined && now() >= deadline)) return refuse(() => withdrawn(flight, `the agent's deadline passed`));
  }
  if (said.status === 'timeout') return refuse(() => fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `Nobody answered the confirmation within ${confirmTimeoutMs} ms`));
  if (said.status === 'error') return refuse(() => fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `The confirmation failed: ${errorText(said.error)}`));
  if (said.status !== 'ok' || said.value !== true) return refuse(() => fail(flight, OUI_ERROR_CODES.ACTION_DENIED, `The person did not allow "${action.id}"`));
  return true;
}

/** Waits for a place's turn, saying so to the agent when it takes a while; false when the request ended meanwhile. */
async function turnOf(ctx: FlightRunContext, flight: Flight, place: LanePlace, waiting: FlightWait): Promise<boolean> {
  let first = true;
  const shown = place.turn.then(() => (first = false));
  await Promise.resolve();
  // Its turn at once (nothing ahead): no word needed. Else the agent hears what it waits for, and a question
  // waiting behind another is counted for the person.
  if (first && !flight.done) {
    ctx.clock.waitFor(flight, waiting, waiting === 'confirmation');
    if (waiting === 'confirmation') ctx.activity.emit({ phase: 'queued', request: flight.request, ...(flight.action ? { action: flight.action } : {}) });
  }
  await shown;
  ctx.clock.stopBeat(flight);
  return !flight.done;
}

/** Answers a request whose handler finished: after what it changed, what it did (or follows its job). */
export function concludeFlight(ctx: FlightRunContext, flight: Flight, action: OUIAction, handler: OUISurfaceHandler, context: OUIActionContext, ran: Settled<unknown>): void {
  const { answer, fail, interim } = ctx.answers;
  const { store, options } = ctx;
  const settledFail = (code: OUIErrorCode, message: string, details?: unknown) => {
    // A failure after app code ran: what it changed is read first, then the answer.
    store.refresh();
    fail(flight, code, message, details);
  };
  if (ran.status === 'timeout') return settledFail(OUI_ERROR_CODES.TIMEOUT, `"${action.id}" took longer than ${ctx.actionTimeoutMs} ms`);
  if (ran.status === 'error') {
    const asked = actionErrorOf(ran.error);
    return asked ? settledFail(asked.code, errorText(ran.error), asked.details) : settledFail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, errorText(ran.error));
  }
  if (ran.status !== 'ok') return;
  const wire = toWireJson(ran.value, options.limits);
  // The observations the action changed go out first, so an agent reading the answer never sees old values.
  store.refresh();
  // It ran: an answer that can't travel is left out and said so, never turned into a failure.
  const dropped = wire.ok ? undefined : { fields: ['data'], reason: `The answer of "${action.id}" can't be sent: ${wire.reason}` };
  if (!wire.ok) ctx.report('malformed-event', dropped!.reason);
  const data = wire.ok ? wire.value : undefined;
  if (!action.polling) return answer(flight, { success: true, ...(data !== undefined ? { data } : {}), ...(dropped ? { dropped } : {}) });
  interim(flight, 0, data);
  void followAsyncAction({
    polling: action.polling,
    handler: typeof handler === 'object' ? handler : null,
    dispatchResult: data,
    context,
    events: options.events,
    timers: ctx.timers,
    stepTimeoutMs: ctx.actionTimeoutMs,
    defaultMaxDurationMs: ctx.asyncTimeoutMs,
    limits: options.limits,
    interim: (progress, step) => {
      store.refresh();
      interim(flight, progress, step);
    },
  }).then(async (outcome) => {
    await settled(ctx);
    store.refresh();
    if (outcome.kind === 'done') answer(flight, { success: true, interim: false, progress: 100, ...(outcome.data !== undefined ? { data: outcome.data } : {}) });
    else if (outcome.kind === 'failed') fail(flight, outcome.code, outcome.message, outcome.details);
  });
}

/** Waits for the page to settle after app code ran (afterRun), within bounds; its failure is not the action's. */
async function settled(ctx: FlightRunContext): Promise<void> {
  const afterRun = ctx.options.afterRun;
  if (!afterRun) return;
  const said = await settleWithin(() => afterRun(), ctx.actionTimeoutMs > 0 ? ctx.actionTimeoutMs : 1000, ctx.timers);
  if (said.status === 'error') ctx.report('observation-mismatch', `afterRun failed: ${errorText(said.error)}`);
}
