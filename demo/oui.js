// The OUI demo page: a small CRM with two <oui-surface>s. Contacts declares its "add" form in markup and two
// actions in script (remove, which the person confirms, and an export followed with progress); Follow-ups
// declares a form and a button. Both reach the demo server's agent over one Socket.IO connection; the page shows
// what the agent sees (its observations) and every call it makes. No inline scripts or styles (strict CSP).
import { createWebSocketTransport } from '/cdn/agentic-elements.js';
import { io } from '/socket.io/socket.io.esm.min.js';
import { themeSwitch } from '/site.js';

const $ = (id) => document.getElementById(id);
const contactsEl = $('contacts');
const followupsEl = $('followups');
const MAX_LOG = 200;

// ——— theme ———

themeSwitch(() => [contactsEl, followupsEl]);

// ——— the log ———

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
function log({ kind, text, tone = 'neutral' }) {
  const item = document.createElement('li');
  item.className = `entry tone-${tone === 'success' || tone === 'warning' || tone === 'danger' || tone === 'info' ? tone : 'neutral'}`;
  const head = document.createElement('div');
  head.className = 'entry-head';
  const label = document.createElement('span');
  label.className = 'entry-kind';
  label.textContent = String(kind).slice(0, 40);
  const time = document.createElement('time');
  time.className = 'entry-time';
  time.textContent = clock.format(new Date());
  head.append(label, time);
  const body = document.createElement('p');
  body.className = 'entry-text';
  body.textContent = String(text).slice(0, 4000);
  item.append(head, body);
  $('log').prepend(item);
  while ($('log').children.length > MAX_LOG) $('log').lastElementChild.remove();
  $('log-empty').hidden = true;
}
$('clear-log').addEventListener('click', () => {
  $('log').replaceChildren();
  $('log-empty').hidden = false;
});

// ——— contacts ———

const contacts = [
  { name: 'Grace Hopper', email: 'grace@example.com', company: 'Navy Labs', stage: 'customer' },
  { name: 'Alan Turing', email: 'alan@example.com', company: 'Bletchley', stage: 'partner' },
];
const stageNames = { lead: 'Lead', customer: 'Customer', partner: 'Partner' };

function drawContacts() {
  $('contact-rows').replaceChildren(
    ...contacts.map((c) => {
      const row = document.createElement('tr');
      for (const v of [c.name, c.email, c.company || '—', stageNames[c.stage] ?? c.stage]) {
        const cell = document.createElement('td');
        cell.textContent = v;
        row.append(cell);
      }
      return row;
    }),
  );
  contactsEl.setObservation('contact_count', contacts.length);
  contactsEl.setObservation('contacts', contacts.map((c) => ({ ...c })));
}

const contactForm = $('add-contact');
const emailField = contactForm.elements.namedItem('email');
// The app's own check, which only the page can make: the agent hears it as INVALID_PARAMS naming the field.
emailField.addEventListener('input', () => {
  const taken = contacts.some((c) => c.email.toLowerCase() === emailField.value.trim().toLowerCase());
  emailField.setCustomValidity(taken ? 'This email is already a contact.' : '');
});
contactForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(contactForm);
  contacts.push({ name: String(data.get('name')).trim(), email: String(data.get('email')).trim(), company: String(data.get('company') ?? '').trim(), stage: String(data.get('stage')) });
  contactForm.reset();
  drawContacts();
});

contactsEl.surface = {
  id: 'contacts',
  name: 'Contacts',
  description: 'The CRM’s contact list: people, their email, company and stage.',
  actions: [
    {
      id: 'remove_contact',
      description: 'Remove a contact by email',
      input: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'], additionalProperties: false },
      confirm: true,
    },
    {
      id: 'export_contacts',
      description: 'Export the contacts as a file',
      input: { type: 'object', properties: { format: { type: 'string', enum: ['csv', 'json'] } }, required: ['format'], additionalProperties: false },
      async: true,
      polling: { intervalMs: 400, maxAttempts: 30 },
      estimatedDuration: '2-3s',
    },
  ],
  observations: [
    { id: 'contact_count', description: 'How many contacts there are', schema: { type: 'number' } },
    { id: 'contacts', description: 'Every contact', schema: { type: 'array', items: { type: 'object' } } },
  ],
};

const exports = new Map();
contactsEl.handlers = {
  remove_contact: ({ email }) => {
    const at = contacts.findIndex((c) => c.email === email);
    if (at === -1) throw new Error(`No contact has the email ${email}`);
    const [removed] = contacts.splice(at, 1);
    drawContacts();
    return { removed: removed.name };
  },
  export_contacts: {
    run: ({ format }) => {
      const jobId = `export-${exports.size + 1}`;
      exports.set(jobId, { format, step: 0 });
      return { jobId };
    },
    poll: ({ jobId }) => {
      const job = exports.get(jobId);
      job.step += 1;
      if (job.step < 5) return { done: false, progress: job.step * 20 };
      const link = $('export-link');
      link.textContent = `Exported ${contacts.length} contacts as ${job.format.toUpperCase()} (${jobId}).`;
      link.hidden = false;
      return { done: true, data: { file: `${jobId}.${job.format}`, rows: contacts.length } };
    },
  },
};

// ——— follow-ups ———

const followups = [{ id: 1, title: 'Call Alan about the renewal', due: '2030-03-02', done: true }];
let nextFollowup = 2;

function drawFollowups() {
  $('followup-list').replaceChildren(
    ...followups.map((f) => {
      const item = document.createElement('li');
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = f.done;
      box.addEventListener('change', () => {
        f.done = box.checked;
        drawFollowups();
      });
      label.append(box, ` ${f.title} · due ${f.due}`);
      item.append(label);
      return item;
    }),
  );
  followupsEl.setObservation('open_followups', followups.filter((f) => !f.done).map(({ title, due }) => ({ title, due })));
}

const followupForm = $('add-followup');
followupForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(followupForm);
  followups.push({ id: nextFollowup++, title: String(data.get('title')).trim(), due: String(data.get('due')), done: false });
  followupForm.reset();
  drawFollowups();
});
followupsEl.querySelector('[data-oui-action="clear_finished"]').addEventListener('click', () => {
  for (let i = followups.length - 1; i >= 0; i--) if (followups[i].done) followups.splice(i, 1);
  drawFollowups();
});

followupsEl.surface = {
  id: 'followups',
  name: 'Follow-ups',
  description: 'Tasks to follow up with contacts, each with a due date.',
  actions: [],
  observations: [{ id: 'open_followups', description: 'The follow-ups not done yet', schema: { type: 'array', items: { type: 'object' } } }],
};

drawContacts();
drawFollowups();

// ——— the connection to the agent ———

const socket = io({ transports: ['websocket'] });
const transport = createWebSocketTransport(socket);
contactsEl.transport = transport;
followupsEl.transport = transport;

const runButton = $('run-scripted');
const askForm = $('ask-model');
let running = false;
const setState = (text) => ($('agent-state').textContent = text);
const ready = () => {
  runButton.disabled = running || !socket.connected;
  for (const el of askForm.elements) el.disabled = running || !socket.connected;
};

socket.on('connect', () => {
  setState('Connected. The agent is waiting.');
  ready();
});
socket.on('disconnect', () => {
  setState('Disconnected. Reconnecting…');
  ready();
});
socket.on('demo:hello', ({ model }) => {
  if (typeof model === 'string' && model) {
    $('model-name').textContent = model;
    askForm.hidden = false;
  }
});
socket.on('demo:running', (on) => {
  running = on === true;
  setState(running ? 'The agent is working…' : 'The agent is waiting.');
  ready();
});
socket.on('demo:log', (entry) => entry && typeof entry === 'object' && log(entry));
socket.on('demo:tools', (tools) => {
  if (!Array.isArray(tools)) return;
  $('tools').textContent = tools.length ? tools.map((t) => `${t.name} (${t.surface})`).join(', ') : 'None yet.';
});

// What the agent sees: the latest value of each observation, as the server's agent stored it.
const seen = new Map();
socket.on('demo:observation', (update) => {
  if (!update || typeof update.observationId !== 'string' || update.observationId.includes(':')) return;
  const key = `${update.surfaceId} · ${update.observationId}`;
  let entry = seen.get(key);
  if (!entry) {
    const dt = document.createElement('dt');
    dt.textContent = key;
    const dd = document.createElement('dd');
    $('observations').append(dt, dd);
    seen.set(key, (entry = dd));
  }
  const text = JSON.stringify(update.value) ?? 'null';
  entry.textContent = text.length > 600 ? `${text.slice(0, 599)}…` : text;
});

runButton.addEventListener('click', () => socket.emit('demo:run', { mode: 'scripted' }));
askForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const prompt = $('model-prompt').value.trim();
  if (prompt) socket.emit('demo:run', { mode: 'model', prompt });
});

for (const el of [contactsEl, followupsEl]) {
  el.addEventListener('oui-error', ({ kind, message }) => log({ kind: `page error · ${kind}`, text: message, tone: 'danger' }));
}
