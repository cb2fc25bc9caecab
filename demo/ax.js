// The axstream demo: a hotel booking form, and <ax-runner> operating it. The model is a recording streamed at
// a model's pace (about 40 tokens a second) unless the demo server has a real model (ANTHROPIC_API_KEY or
// OPENAI_API_KEY), in which case the page's model reads /api/ax/chat. Either way, each complete line is performed
// at once; confirming the booking is marked risky, so it waits for the person. No inline scripts or styles:
// the server's Content-Security-Policy allows neither.
import '/cdn/agentic-elements.js';
import { themeSwitch } from '/site.js';

const runner = document.getElementById('runner');
themeSwitch(() => [runner]);
const booking = document.getElementById('booking');
const rooms = document.getElementById('rooms');
const roomText = document.getElementById('room-text');
const booked = document.getElementById('booked');
const taskForm = document.getElementById('task-form');
const taskInput = document.getElementById('task');
const modelNote = document.getElementById('model-note');
const written = document.getElementById('written');
const fast = new URLSearchParams(location.search).has('fast');

// ——— the app: a booking form that checks availability (slowly, as a server would) and confirms ———

booking.addEventListener('submit', (event) => {
  event.preventDefault();
  rooms.hidden = true;
  booked.textContent = '';
  if (!booking.reportValidity()) return;
  const nights = Number(booking.nights.value);
  // The answer comes later: the model has to wait for it (wait_until), not assume it.
  setTimeout(() => {
    const guests = booking.guests.value;
    roomText.textContent = `Room 12, sea view, for ${guests} guest${guests === '1' ? '' : 's'}, ${nights} night${nights === 1 ? '' : 's'} from ${booking.arrival.value}: €${nights * 140}${booking.breakfast.checked ? ' with breakfast' : ''}.`;
    rooms.hidden = false;
  }, fast ? 50 : 700);
});

document.getElementById('confirm-booking').addEventListener('click', () => {
  rooms.hidden = true;
  booked.textContent = `Booking confirmed for ${booking.guest.value}. A confirmation goes to ${booking.email.value}.`;
});

document.getElementById('reset').addEventListener('click', () => {
  runner.stop();
  booking.reset();
  rooms.hidden = true;
  booked.textContent = '';
});

// ——— the models ———

const line = (o) => JSON.stringify(o);
const field = (role, title) => ({ ax: { role, title } });

/** The id the observation gave an element, so the recording targets by id as a model does (else by name). */
function idIn(observation, role, name) {
  const found = new RegExp(`(e\\d+) ${role} ${JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).exec(observation);
  return found ? { ax: { id: found[1], role, title: name } } : field(role, name);
}

/** The two replies of the recording: fill the form and look again; then confirm (risky) and finish. */
function recordedReply(round, observation) {
  if (round === 1) {
    return [
      "I'll fill in the booking form: the guest, the dates, two guests with breakfast, then check what is free.",
      '```jsonl',
      line({ op: 'act', do: 'click', target: idIn(observation, 'textbox', 'Guest name') }),
      line({ op: 'act', do: 'type', text: 'Ada Lovelace' }),
      line({ op: 'act', do: 'click', target: idIn(observation, 'textbox', 'Email') }),
      line({ op: 'act', do: 'type', text: 'ada@example.com' }),
      line({ op: 'act', do: 'click', target: field('AXTextField', 'Arrival') }),
      line({ op: 'act', do: 'type', text: '2026-07-14' }),
      line({ op: 'act', do: 'click', target: field('AXIncrementor', 'Nights') }),
      line({ op: 'act', do: 'type', text: '3' }),
      line({ op: 'act', do: 'click', target: field('AXPopUpButton', 'Guests') }),
      line({ op: 'act', do: 'type', text: '2 guests' }),
      line({ op: 'act', do: 'click', target: field('AXCheckBox', 'Breakfast included') }),
      line({ op: 'act', do: 'click', target: field('AXButton', 'Check availability') }),
      line({ op: 'act', do: 'wait_until', target: field('AXHeading', 'Available rooms'), timeout_ms: 5000 }),
      line({ op: 'observe' }),
      '```',
      '',
    ].join('\n');
  }
  return [
    'Room 12 is free for those dates. Confirming the booking is hard to undo, so I will ask you first.',
    '```jsonl',
    line({ op: 'assert', target: field('AXButton', 'Confirm booking') }),
    line({ op: 'act', do: 'click', target: field('AXButton', 'Confirm booking'), risk: 'risky' }),
    line({ op: 'act', do: 'wait_until', target: { ax: { title: 'Booking confirmed' } }, timeout_ms: 3000 }),
    line({ op: 'done', status: 'success' }),
    '```',
    '',
  ].join('\n');
}

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** The recording as a chat model: token by token (about 4 characters) at about 40 tokens a second. */
function scriptedModel() {
  return async function* (messages, { signal }) {
    const prompt = messages.at(-1).content;
    const round = /This is burst 1 of/.test(prompt) ? 1 : 2;
    const text = recordedReply(round, prompt);
    for (let i = 0; i < text.length && !signal.aborted; ) {
      const size = 2 + Math.floor(Math.random() * 5);
      yield text.slice(i, i + size);
      i += size;
      await sleep(fast ? 1 : 18 + Math.random() * 14, signal);
    }
  };
}

/** A real model behind the demo server: the reply's text streamed from /api/ax/chat. */
function serverModel() {
  return async function* (messages, { signal }) {
    const response = await fetch('/api/ax/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages }),
      signal,
    });
    if (!response.ok || !response.body) {
      const body = await response.json().catch(() => null);
      throw Object.assign(new Error(body?.error?.message ?? `the model route answered ${response.status}`), {
        code: body?.error?.code ?? 'model_error',
        retryable: body?.error?.retryable === true,
      });
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  };
}

async function chooseModel() {
  try {
    const info = await (await fetch('/api/ax/model')).json();
    if (info && typeof info.model === 'string') {
      modelNote.textContent = `A real model (${info.model}) operates the page. Risky steps still ask you first.`;
      return serverModel();
    }
  } catch {
    // No server route (a static copy of the demo): the recording plays.
  }
  modelNote.textContent = 'A recorded model reply plays at a model’s pace. Risky steps ask you first.';
  return scriptedModel();
}

// ——— the runner ———

runner.scope = document.querySelector('.hotel');
runner.instructions = 'You operate a hotel booking form. Confirming a booking is risky: mark it "risk":"risky".';
// Submitting a form asks first unless the app says otherwise: checking availability only asks this page a question.
runner.riskOf = (element) => (element?.id === 'check' ? 'safe' : undefined);
runner.model = await chooseModel();

let writtenText = '';
runner.addEventListener('ax-observe', () => {
  writtenText += writtenText ? '\n— looking again —\n' : '';
  written.textContent = writtenText;
});
runner.addEventListener('ax-step', ({ step }) => {
  if (step.status === 'queued') {
    writtenText += `${JSON.stringify(step.action)}\n`;
    written.textContent = writtenText;
  }
});

taskForm.addEventListener('submit', (event) => {
  event.preventDefault();
  writtenText = '';
  written.textContent = '';
  const task = taskInput.value.trim();
  if (task) void runner.run(task);
});
document.documentElement.dataset.axReady = 'true';
