// Fixtures and doubles for the OUI tests: a todo surface, a Socket.IO-like socket pair the test connects and
// drops by hand, windows that post to each other, and the manual timers of the transport tests.
import type { OUIIssue, OUIRequestTransport, OUISurface, SocketLike } from '../../../src/oui/index.ts';

export { manualTimers, settle } from '../transport/fakes.ts';

/** A fresh todo surface (callers may change their copy). */
export function todoSurface(overrides: Partial<OUISurface> = {}): OUISurface {
  return {
    id: 'todo-list',
    name: 'Todos',
    description: 'The list of things to do',
    actions: [
      {
        id: 'add_item',
        description: 'Add a todo',
        input: {
          type: 'object',
          properties: { title: { type: 'string', minLength: 1, maxLength: 80 }, due: { type: 'string', format: 'date' } },
          required: ['title'],
          additionalProperties: false,
        },
      },
      { id: 'clear_done', description: 'Remove finished todos', input: { type: 'object', properties: {} }, confirm: true },
      {
        id: 'export_all',
        description: 'Export the list',
        input: { type: 'object', properties: { format: { enum: ['csv', 'json'] } }, required: ['format'] },
        async: true,
        polling: { intervalMs: 100, maxAttempts: 5 },
      },
    ],
    observations: [
      { id: 'item_count', description: 'How many todos', schema: { type: 'number' } },
      { id: 'filter', description: 'The filter shown', schema: { type: 'object' } },
    ],
    ...overrides,
  };
}

/** Collects what a transport end hears, by kind: dispatches and registrations whole, deregistrations as ids. */
export function recorder(t: OUIRequestTransport) {
  const r = {
    actions: [] as any[],
    results: [] as any[],
    cancels: [] as any[],
    observations: [] as any[],
    registers: [] as any[],
    deregisters: [] as string[],
    connection: [] as boolean[],
    issues: [] as OUIIssue[],
  };
  t.onRequest((x) => r.actions.push(x));
  t.onResult((x) => r.results.push(x));
  t.onCancel((x) => r.cancels.push(x));
  t.onObservation((x) => r.observations.push(x));
  t.onRegistration((x) => r.registers.push(x));
  t.onSurfaceDeregister((x) => r.deregisters.push(x));
  t.onConnectionChange((x) => r.connection.push(x));
  t.onIssue((x) => r.issues.push(x));
  return r;
}

type Listener = (...args: any[]) => void;

/** One end of a fake Socket.IO connection; `peer` receives what it emits while both are up. */
export class FakeSocket implements SocketLike {
  connected = true;
  peer: FakeSocket | null = null;
  emitted: [string, unknown][] = [];
  connectCalls = 0;
  private listeners = new Map<string, Set<Listener>>();
  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn?: Listener) {
    if (fn) this.listeners.get(event)?.delete(fn);
    else this.listeners.delete(event);
    return this;
  }
  once(event: string, fn: Listener) {
    const w = (...a: unknown[]) => {
      this.off(event, w);
      fn(...a);
    };
    return this.on(event, w);
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, args[0]]);
    if (this.connected && this.peer?.connected) this.peer.fire(event, ...args);
    return true;
  }
  /** Delivers an event to this socket's own listeners, as if it came from the other side. */
  fire(event: string, ...args: unknown[]) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
  listenerCount(event?: string) {
    if (event) return this.listeners.get(event)?.size ?? 0;
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }
  connect() {
    this.connectCalls++;
    return this;
  }
  disconnect() {
    this.drop();
    return this;
  }
  drop() {
    if (!this.connected) return;
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  restore() {
    if (this.connected) return;
    this.connected = true;
    this.fire('connect');
  }
}

/** Two fake sockets joined: what one emits the other hears. */
export function socketPair(): [FakeSocket, FakeSocket] {
  const a = new FakeSocket();
  const b = new FakeSocket();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

type MessageListener = (event: { data: unknown; origin: string; source: unknown }) => void;

/** A window that delivers posted messages (structured-cloned) to its listeners on a later turn. */
export class FakeWindow {
  listeners = new Set<MessageListener>();
  posted: { message: unknown; targetOrigin: string }[] = [];
  /** The window messages from this one are delivered to, and as whom. */
  constructor(readonly origin: string) {}
  partner: FakeWindow | null = null;
  addEventListener(_type: 'message', fn: MessageListener) {
    this.listeners.add(fn);
  }
  removeEventListener(_type: 'message', fn: MessageListener) {
    this.listeners.delete(fn);
  }
  /** Another window posts to this one. */
  postMessage(message: unknown, targetOrigin: string) {
    this.posted.push({ message, targetOrigin });
    const from = this.partner;
    if (targetOrigin !== '*' && targetOrigin !== this.origin) return; // the browser drops it
    const data = structuredClone(message);
    setImmediate(() => this.deliver({ data, origin: from?.origin ?? 'null', source: from }));
  }
  deliver(event: { data: unknown; origin: string; source: unknown }) {
    for (const fn of [...this.listeners]) fn(event);
  }
}

/** A parent page and its frame, each the other's partner. */
export function windowPair(parentOrigin = 'https://app.example', frameOrigin = 'https://frame.example'): [FakeWindow, FakeWindow] {
  const parent = new FakeWindow(parentOrigin);
  const frame = new FakeWindow(frameOrigin);
  parent.partner = frame;
  frame.partner = parent;
  return [parent, frame];
}
