// The demo page: <omni-screen endpoint="/api/generate"> asks the server for a screen and draws it as it
// streams; its governed presses go to /api/mutate and a screen the server keeps current is followed live, all
// inside the element. The page adds the registry, the prompts, a theme switch, a transport switch (the same
// screens over a WebSocket or as an AG-UI run, through the engine's clients) and a log of what the app sees.
// No inline scripts or styles anywhere: the server's Content-Security-Policy allows neither.
import '/cdn/agentic-elements.js';
import { themeSwitch } from '/site.js';

const screen = document.getElementById('screen');
const form = document.getElementById('ask');
const promptInput = document.getElementById('prompt');
const empty = document.getElementById('empty');
const area = document.getElementById('screen-area');
const logList = document.getElementById('log');
const logEmpty = document.getElementById('log-empty');
const MAX_LOG = 200;

// ——— theme: light, dark or the system's, remembered across the demos ———

themeSwitch(() => [screen]);

// ——— the log: what the app sees, as text ———

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function log(kind, text, tone = 'neutral') {
  const item = document.createElement('li');
  item.className = `entry tone-${tone}`;
  const head = document.createElement('div');
  head.className = 'entry-head';
  const label = document.createElement('span');
  label.className = 'entry-kind';
  label.textContent = kind;
  const time = document.createElement('time');
  time.className = 'entry-time';
  const now = new Date();
  time.dateTime = now.toISOString();
  time.textContent = clock.format(now);
  head.append(label, time);
  const body = document.createElement('p');
  body.className = 'entry-text';
  body.textContent = text;
  item.append(head, body);
  logList.prepend(item);
  while (logList.children.length > MAX_LOG) logList.lastElementChild.remove();
  logEmpty.hidden = true;
}

document.getElementById('clear-log').addEventListener('click', () => {
  logList.replaceChildren();
  logEmpty.hidden = false;
});

/** The first lines of an update, for the log. */
function preview(text, lines = 3) {
  const all = text.split('\n').filter((l) => l.trim() !== '');
  const shown = all.slice(0, lines).join('\n');
  return all.length > lines ? `${shown}\n… ${all.length - lines} more line${all.length - lines === 1 ? '' : 's'}` : shown;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

screen.addEventListener('omni-generate-end', ({ prompt, outcome }) => {
  if (outcome.status === 'done') {
    const errors = screen.issues.filter((i) => i.severity === 'error').length;
    const parts = [`Screen complete for “${prompt}”`];
    if (outcome.model) parts.push(`model ${outcome.model}`);
    if (typeof outcome.ms === 'number') parts.push(`${outcome.ms} ms`);
    if (outcome.stopReason && outcome.stopReason !== 'end_turn') parts.push(`stopped: ${outcome.stopReason}`);
    parts.push(errors ? plural(errors, 'rejected line') : 'no rejected lines');
    if (outcome.screen) parts.push('the server keeps it current');
    log('generate', parts.join(' · '), errors ? 'warning' : 'success');
  } else if (outcome.code === 'cancelled') {
    log('generate', `Cancelled “${prompt}”.`);
  } else {
    const retry = outcome.retryable ? 'retryable' : 'not retryable';
    log('generate', `Failed: ${outcome.code} (${retry}). ${outcome.message}`, 'danger');
  }
});

screen.addEventListener('omni-issue', ({ issue }) => {
  const where = [issue.line != null ? `line ${issue.line}` : null, issue.id ? `“${issue.id}”` : null].filter(Boolean).join(', ');
  log(`${issue.severity} · ${issue.code}`, `${where ? `${where}: ` : ''}${issue.message}`, issue.severity === 'error' ? 'danger' : 'warning');
});

screen.addEventListener('omni-action', ({ tool, button, result }) => {
  log('action', `${tool} ran from the button “${button}”. Result: ${JSON.stringify(result)}`, 'success');
});

screen.addEventListener('omni-action-error', ({ tool, error }) => {
  const failure = error && error.failure;
  const why = failure ? `${failure.code} (HTTP ${failure.status})` : error instanceof Error ? error.message : String(error);
  log('action failed', `${tool}: ${why}. The person sees a plain sentence; nothing was changed.`, 'danger');
});

screen.addEventListener('omni-blocked', ({ tool, reason, details }) => {
  const what = {
    fields: `a field it reads needs fixing (${Array.isArray(details) ? details.join(', ') : ''})`,
    tool: 'the tool is not in the registry',
    params: 'its params failed the tool’s schema',
    'confirm-failed': 'the confirmation could not be written',
  }[reason];
  log('blocked', `${tool}: stopped before sending, ${what}.`, 'warning');
});

screen.addEventListener('omni-update', ({ source, seq, text, result }) => {
  const from = source === 'live' ? `Live update #${seq}` : source === 'action' ? 'Update from the action’s result' : 'Update';
  if (result.applied) log('update', `${from} applied:\n${preview(text)}`, 'info');
  else log('update rejected', `${from} rejected whole: ${result.issues.map((i) => i.code).join(', ')}. The screen did not change.`, 'danger');
});

// A small mark over the screen while the server keeps it current (plain text, not a live region: it would talk).
const liveState = document.getElementById('live-state');
function showLive(state) {
  const words = { following: 'Live: updates as they happen', retrying: 'Live: reconnecting…', ended: 'Final: this screen won’t change again' }[state];
  liveState.hidden = !words;
  liveState.textContent = words ?? '';
  liveState.className = `live-state ${state}`;
}

screen.addEventListener('omni-live', ({ state, lastSeq, error }) => {
  showLive(state);
  const words = {
    following: 'Following the live feed.',
    retrying: `The feed dropped (${error?.code ?? 'no answer'}); following again shortly.`,
    ended: `The feed ended after ${plural(lastSeq, 'update')}: this screen won’t change again.`,
    stopped: 'Stopped following (a new screen replaced it).',
    failed: `The feed failed: ${error?.code ?? 'unknown'}. Not following any more.`,
  }[state];
  log('live', words, state === 'failed' ? 'danger' : 'info');
});

// ——— the registry, then the prompts ———

async function loadRegistry() {
  const response = await fetch('/api/registry', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the registry answered ${response.status}`);
  const registry = await response.json();
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  Object.assign(screen, {
    tools: registry.tools,
    assets: registry.assets,
    pictures: registry.pictures,
    // The server's sentences, with one written by a function so the amount reads as money ([9.1]).
    confirm: {
      ...registry.confirm,
      'payments.confirm': (params) => `Pay ${usd.format(Number(params.amount))} to Blue Bottle Café now?`,
    },
  });
}

const ready = loadRegistry().catch((error) => {
  log('registry', `Could not load the registry: ${error.message}. Buttons will stay blocked.`, 'danger');
});

// ——— the transport: SSE through the element's own generate(), or the engine's WebSocket and AG-UI clients ———

const TRANSPORTS = { sse: 'SSE', ws: 'WebSocket', agui: 'AG-UI' };
let transport = 'sse';
for (const radio of document.querySelectorAll('input[name="transport"]')) {
  if (radio.checked) transport = radio.value;
  radio.addEventListener('change', () => {
    if (radio.checked) transport = radio.value;
  });
}

// The engine's clients load only when a screen is first asked for over another transport than SSE.
let engineModule = null;
const loadEngine = () => (engineModule ??= import('/cdn/agentic-elements.js'));

/**
 * A client's writes as an async iterable for `<omni-screen>.stream()`, which then draws, ends the parser and shows
 * a lost connection exactly as for any stream. When the element stops reading (reset() by the next screen), the
 * client is aborted. `start(sink, signal)` runs the client and resolves with its outcome.
 */
function clientFeed(start) {
  const controller = new AbortController();
  const queue = [];
  let ended = false;
  let wake = null;
  const sink = {
    write(text) {
      queue.push(text);
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
  };
  const outcome = start(sink, controller.signal);
  async function* pieces() {
    try {
      for (;;) {
        if (queue.length > 0) yield queue.splice(0).join('');
        else if (ended) break;
        else await new Promise((resolve) => (wake = resolve));
      }
      const result = await outcome;
      // Thrown, so the element says the connection was lost, as it does for generate() ([10.9]).
      if (result.status === 'error' && result.code === 'connection_lost') throw new Error(result.message);
    } finally {
      controller.abort();
    }
  }
  return { pieces: pieces(), outcome };
}

/**
 * An AG-UI run in the browser without an AG-UI client library: the run's events are read with the engine's SSE
 * reader and handed to its AG-UI reader, which writes the omni-ir activity's lines to `sink` ([10.18]–[10.19]).
 */
async function runAgUi(engine, prompt, signal, sink) {
  const id = () => crypto.randomUUID();
  const reader = engine.createAgUiReader({ sink, onError: (r) => log('AG-UI', `Refused an event: ${r.message}`, 'warning') });
  let result = null;
  try {
    const response = await fetch('/api/agui', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      credentials: 'same-origin',
      signal,
      body: JSON.stringify({
        threadId: id(),
        runId: id(),
        state: {},
        messages: [{ id: id(), role: 'user', content: prompt }],
        tools: [],
        context: [],
        forwardedProps: {},
      }),
    });
    if (!response.ok) {
      const error = engine.parseErrorBody(await response.text());
      return { status: 'error', code: error?.code ?? 'server_error', message: error?.message ?? `The server answered ${response.status}.`, retryable: error?.retryable ?? false };
    }
    const events = engine.createSseReader((event) => {
      const data = engine.parseEventObject(event.data);
      if (data === null) return;
      if (data.type === 'RUN_FINISHED' && data.result && typeof data.result === 'object') result = data.result;
      reader.handle(data);
    });
    await engine.pumpBody(response.body, (bytes) => (events.write(bytes), !reader.ended), { signal });
    events.end();
  } catch {
    // A failed request: the reader's end below says the connection was lost.
  } finally {
    reader.end();
  }
  if (signal.aborted && reader.outcome?.status !== 'done') return { status: 'error', code: 'cancelled', message: 'Cancelled.', retryable: false };
  return { ...reader.outcome, ...(reader.outcome?.status === 'done' && result ? result : {}) };
}

let follower = null;
function stopFollowing() {
  follower?.stop();
  follower = null;
}

/** A screen streamed over WebSocket names its live feed too ([10.36]): the page follows it and applies each update. */
function followOver(engine, id) {
  follower = engine.followLive({
    endpoint: '/api/live',
    screen: id,
    credentials: 'same-origin',
    onUpdate: ({ text }) => screen.applyUpdate(text),
    onError: (error) => showLive(error.retryable ? 'retrying' : null),
    onStop: (stop) => {
      showLive(stop.reason === 'end' ? 'ended' : null);
      log('live', stop.reason === 'end' ? 'The feed ended: this screen won’t change again.' : `Stopped following (${stop.reason === 'error' ? stop.code : stop.reason}).`);
    },
  });
  showLive('following');
  log('live', 'Following the live feed.', 'info');
}

async function generateOver(over, prompt) {
  const engine = await loadEngine();
  const name = TRANSPORTS[over];
  screen.reset();
  const feed = clientFeed((sink, signal) =>
    over === 'ws'
      ? engine.generateOverWebSocket({ url: `${location.origin.replace(/^http/, 'ws')}/api/ws`, prompt, version: '0.8', signal }, sink)
      : runAgUi(engine, prompt, signal, sink),
  );
  const reading = screen.stream(feed.pieces).catch(() => {});
  const outcome = await feed.outcome;
  await reading;
  if (outcome.status === 'done') {
    const errors = screen.issues.filter((i) => i.severity === 'error').length;
    const parts = [`Screen complete over ${name} for “${prompt}”`];
    if (outcome.model) parts.push(`model ${outcome.model}`);
    if (typeof outcome.ms === 'number') parts.push(`${outcome.ms} ms`);
    parts.push(errors ? plural(errors, 'rejected line') : 'no rejected lines');
    if (over === 'agui') parts.push('AG-UI carries no live feed');
    log('generate', parts.join(' · '), errors ? 'warning' : 'success');
    if (outcome.screen) followOver(engine, outcome.screen);
  } else if (outcome.code === 'cancelled') {
    log('generate', `Cancelled “${prompt}” over ${name}.`);
  } else {
    log('generate', `Failed over ${name}: ${outcome.code} (${outcome.retryable ? 'retryable' : 'not retryable'}). ${outcome.message}`, 'danger');
  }
}

async function show(prompt) {
  const text = prompt.trim();
  if (!text) return;
  await ready;
  empty.hidden = true;
  showLive(null);
  stopFollowing();
  const over = transport;
  log('generate', over === 'sse' ? `Asked for “${text}”.` : `Asked for “${text}” over ${TRANSPORTS[over]}.`);
  if (over === 'sse') await screen.generate(text);
  else await generateOver(over, text);
}

for (const chip of document.querySelectorAll('.chip')) {
  chip.addEventListener('click', () => {
    promptInput.value = chip.dataset.prompt;
    void show(chip.dataset.prompt);
    // On a phone the screen is below the fold: bring it into view, without moving focus.
    if (matchMedia('(max-width: 60rem)').matches) {
      const calm = matchMedia('(prefers-reduced-motion: reduce)').matches;
      area.scrollIntoView({ behavior: calm ? 'auto' : 'smooth', block: 'start' });
    }
  });
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void show(promptInput.value);
});

// A link can ask for a screen: /?prompt=Where+is+my+order
const asked = new URLSearchParams(location.search).get('prompt');
if (asked) {
  promptInput.value = asked;
  void show(asked);
}
