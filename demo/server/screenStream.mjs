// One screen from the model, for any transport: the model's run, the live feed of a screen the app keeps current
// ([10.36]), and the pieces handed over in order, then one terminal done or error. Each transport writes them in
// its own form: SSE events (generate.mjs), WebSocket messages (websocketRoute.mjs) or AG-UI events (aguiRoute.mjs).

/**
 * Starts the model on `prompt`; throws when it can't start. With `followable`, a screen the app keeps current gets
 * a live feed, tied to the person when it is theirs (an order) or to nobody (the dashboard); a transport that can't
 * tell the client the feed's id passes false.
 */
export function startScreen({ model, live, orders, person, prompt, pace, chunk, signal, followable = true }) {
  const run = model.start(prompt, { pace, chunk, signal });
  let screen = null;
  if (followable && run.live === 'order' && person) screen = live.create('order', person.id, { order: orders.ensure(person.id), text: run.text });
  else if (followable && run.live === 'dashboard') screen = live.create('dashboard', person?.id ?? null, { text: run.text });
  return { run, screen };
}

/**
 * Hands the run's pieces to `out.chunk(text)` as they come, then `out.live(id)` for a followed screen and
 * `out.done({stopReason, model, ms})`, or `out.error({code, message, retryable})` when the model fails. Returns
 * 'done', 'error' or 'aborted' (the client went away: nothing terminal is sent, and the live feed is dropped).
 */
export async function streamScreen({ run, screen, live, model, signal, started, log }, out) {
  try {
    for await (const piece of run.chunks) {
      if (signal.aborted) break;
      out.chunk(piece);
    }
  } catch (error) {
    if (screen) live.discard(screen);
    const code = typeof error?.code === 'string' ? error.code : 'model_error';
    const retryable = typeof error?.retryable === 'boolean' ? error.retryable : true;
    log(`generate: the model failed (${code})`);
    out.error({ code, message: typeof error?.publicMessage === 'string' ? error.publicMessage : 'The model failed while writing the screen.', retryable });
    return 'error';
  }
  if (signal.aborted) {
    if (screen) live.discard(screen);
    return 'aborted';
  }
  if (screen) {
    live.activate(screen);
    out.live(screen.id);
  }
  out.done({ stopReason: run.stopReason?.() ?? 'end_turn', model: run.model?.() ?? model.name, ms: Date.now() - started });
  return 'done';
}
