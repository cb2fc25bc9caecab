// The page of ouiSocket.test.mjs, bundled by esbuild in the test: a small todo app in one <oui-surface>,
// connected through socket.io-client to the test's Socket.IO server, where the agent runs. Test hooks on
// `window.__oui` let Playwright hold a slow action, add a todo by hand and cut or restore the connection.
import { io } from 'socket.io-client';
import '../../../elements/oui-surface/index.js';
import type { OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import { createWebSocketTransport, type OUISurface } from '../../../src/oui/index.js';

const surface: OUISurface = {
  id: 'todo-list',
  name: 'Todos',
  description: 'The list of things to do',
  actions: [
    { id: 'add_item', description: 'Add a todo', input: { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'] } },
    { id: 'clear_all', description: 'Remove every todo', input: { type: 'object', properties: {} }, confirm: true },
    { id: 'export_all', description: 'Export the list', input: { type: 'object', properties: {} }, async: true, polling: { intervalMs: 50, maxAttempts: 40 } },
    { id: 'mark', description: 'Mark the list once more', input: { type: 'object', properties: {} } },
    { id: 'dump', description: 'Dump everything', input: { type: 'object', properties: {} } },
  ],
  observations: [
    { id: 'titles', description: 'The todos, in order', schema: { type: 'array', items: { type: 'string' } } },
    { id: 'marks', description: 'How many marks the view shows', schema: { type: 'number' } },
  ],
};

const titles: string[] = [];
let marks = 0;
const list = document.getElementById('list')!;
const el = document.querySelector<OUISurfaceElement>('oui-surface')!;
let hold: Promise<void> | null = null;
let release: () => void = () => {};

function add(title: string) {
  titles.push(title);
  const li = document.createElement('li');
  li.textContent = title;
  list.append(li);
  el.setObservation('titles', [...titles]);
}

const socket = io({ transports: ['websocket'] });
el.surface = surface;
el.getters = { titles: () => [...titles] };
el.handlers = {
  add_item: async ({ title }) => {
    if (hold) await hold;
    add(String(title));
    return { count: titles.length };
  },
  clear_all: () => {
    titles.length = 0;
    list.replaceChildren();
    return { cleared: true };
  },
  // The view draws on the next frame, as a framework would, and says what it shows as it draws.
  mark: () => {
    marks++;
    requestAnimationFrame(() => el.setObservation('marks', marks));
    return { marked: true };
  },
  // An answer larger than Socket.IO carries (1 MB).
  dump: () => ({ text: 'x'.repeat(1_200_000) }),
  export_all: {
    run: () => ({ jobId: 'export-1', polls: 0 }),
    poll: (job, { attempt }) => (attempt >= 4 ? { done: true, data: { url: `/exports/${(job as { jobId: string }).jobId}.csv`, rows: titles.length } } : { done: false, progress: attempt * 25 }),
  },
};
el.transport = createWebSocketTransport(socket);

Object.assign(window, {
  __oui: {
    hold() {
      hold = new Promise<void>((r) => (release = r));
    },
    release() {
      hold = null;
      release();
    },
    add,
    disconnect: () => socket.disconnect(),
    connect: () => socket.connect(),
    connected: () => socket.connected,
  },
});
