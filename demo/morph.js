// The answer page: <morph-screen> draws a recorded op stream (demo/morph/answer.json, what the core sends for a
// rich answer) at a model's pace; every action it sends is shown in the log, and a follow-up's answer streams
// in place of this one through the element's `respond` hook. No inline scripts or styles: the server's
// Content-Security-Policy allows neither. `?fast` streams without pauses (for tests).
import '/cdn/agentic-elements.js';
import { themeSwitch } from '/site.js';

const screen = document.getElementById('answer');
const logList = document.getElementById('log');
const logEmpty = document.getElementById('log-empty');
const progress = document.getElementById('progress');
const statePanel = document.getElementById('state');
const fast = new URLSearchParams(location.search).has('fast');
const MAX_LOG = 200;
const OVERVIEW = 'Show the revenue overview again';

// ——— theme: light, dark or the system's, remembered across the demos ———

themeSwitch(() => [screen]);

// ——— the log ———

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function log(kind, text, tone = 'neutral', json = false) {
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
  const body = document.createElement(json ? 'pre' : 'p');
  body.className = json ? 'entry-text json' : 'entry-text';
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

/** An action as JSON for the log: photos and files (File objects) by name and size. */
function shown(action) {
  return JSON.stringify(action, (_key, value) => (value instanceof File ? { file: value.name, bytes: value.size } : value), 2);
}

function showState() {
  statePanel.textContent = JSON.stringify(screen.state, null, 2);
}

// ——— streaming a recording at a model's pace ———

const recording = fetch('/morph/answer.json').then((r) => r.json());
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The ops of a recording as JSON lines, at roughly the pace a model writes them (or at once with ?fast). */
async function* paced(ops) {
  for (const op of ops) {
    if (!fast) await sleep(op.op === 'spans' ? 35 + Math.random() * 40 : 90 + Math.random() * 80);
    yield `${JSON.stringify(op)}\n`;
  }
}

async function play(ops) {
  progress.textContent = 'Streaming the answer…';
  try {
    await screen.stream(paced(ops));
  } catch (error) {
    log('stream', `The stream failed: ${error.message}`, 'danger');
  }
}

async function start() {
  screen.reset();
  showState();
  await play((await recording).answer);
}

// A follow-up (or the overview button) asks the model again: its recorded answer streams in place of this one.
screen.respond = async (action) => {
  if (action.type !== 'ask') return undefined;
  const { answer, followUps } = await recording;
  const ops = action.text === OVERVIEW ? answer : Object.prototype.hasOwnProperty.call(followUps, action.text) ? followUps[action.text] : null;
  if (!ops) return undefined;
  progress.textContent = 'Streaming the answer…';
  return paced(ops);
};

screen.addEventListener('morph-action', (e) => log(e.action.type, shown(e.action), e.action.type === 'state' ? 'info' : 'success', true));
screen.addEventListener('morph-state', showState);
screen.addEventListener('morph-issue', (e) => log('diagnostic', `${e.code} (line ${e.line ?? '–'}): ${e.message}`, e.severity === 'error' ? 'warning' : 'info'));
screen.addEventListener('morph-end', (e) => {
  progress.textContent = e.end?.complete ? 'The answer is complete.' : 'The answer stopped early.';
  showState();
});

document.getElementById('replay').addEventListener('click', () => void start());

void start();
