/**
 * A backend in another process: the runner looks and acts through JSON messages, so the same `<ax-runner>` (or
 * `runAgent`) that drives a page drives a desktop agent, a phone or a test double. Two ends:
 *
 * - `createRemoteBackend(link)`: the runner's side, a Backend whose observe, resolve and act are requests;
 * - `serveRemoteBackend(socket, backend)` / `answerRemote(backend)`: the agent's side, answering requests with
 *   a local Backend.
 *
 * The link is a socket (a browser WebSocket, Node's `ws`, anything with `send` and message events) or a plain
 * function from request to reply (an Electron or Tauri bridge, or `answerRemote` itself in the same page).
 *
 * The protocol, `axstream-remote/1`: every message is one JSON object with `"ax":"remote/1"`.
 *
 *   runner → agent  {"ax":"remote/1","id":1,"call":"observe"}
 *                   {"ax":"remote/1","id":2,"call":"resolve","target":{"kind":"ax","id":"e3","role":"AXButton","title":"Save"},"purpose":"act","alike":true}
 *                   {"ax":"remote/1","id":3,"call":"act","action":{…},"targets":{"target":{"kind":"element","node":{…}}},"step":{"index":0,"line":3}}
 *                   {"ax":"remote/1","id":4,"call":"verify","action":{…},"targets":{…}}   (an approved step, just before act)
 *                   {"ax":"remote/1","id":3,"call":"cancel"}          (the burst stopped: give up request 3)
 *   agent → runner  {"ax":"remote/1","id":1,"ok":true,"result":{"text":"e1 button \"Save\"…"}}
 *                   {"ax":"remote/1","id":2,"ok":true,"result":{"id":"e3","role":"AXButton","name":"Save","ref":"h7"}}   (or null)
 *                   {"ax":"remote/1","id":2,"ok":true,"result":{"node":{…},"alike":[{…}]}}   (asked with "alike":true)
 *                   {"ax":"remote/1","id":3,"ok":true}
 *                   {"ax":"remote/1","id":3,"ok":false,"error":"the Save button is disabled"}
 *                   {"ax":"remote/1","id":4,"ok":true,"result":null}     (or the change: "button \"Save\" is now called \"Delete\"")
 *
 * `action` is the action as the engine read it (ActAction: `op`, `do`, `risk` and its fields, `chord` for keys,
 * targets as `{kind:'ax',…}` or `{kind:'point',x,y}`); `targets` are resolved: `{kind:'element', node}` with the
 * node the agent gave, or `{kind:'point', x, y}`. A node's `ref` is the agent's own handle, any JSON value: the
 * runner never reads it and sends it back as it came. A node may carry a `destination` (`{kind:'link'|'form', url,
 * form?}`). `resolve` may say what the target is for (`purpose`: `act`, `drop` or `find`; resolveTarget.ts ranks
 * by it) and ask with `"alike":true` for the match (the node, or null, and the others that match it exactly as
 * well): without it the answer is the node alone, as an agent that predates `alike` gives. `error` is the plain
 * sentence the model is told. `verify` asks whether the elements a person
 * approved are still what they were (checkApproved.ts); an agent that can't say fails it, and the step doesn't run.
 *
 * The agent's end trusts its socket: it acts on whatever the other end asks. Connect it only to your own runner
 * (an authenticated, same-machine or same-app channel), never to a socket a page on the web can open.
 */
import { errorText } from '../stream/errors.js';
import { isJsonObject } from '../stream/jsonLines.js';
import { listenToSocket, type MessageSocket } from '../transport/messageSocket.js';
import { createPendingReplies } from '../transport/pendingReplies.js';
import type { ActContext, Backend, BackendContext, Observation, ResolveContext } from './backend.js';
import type { Resolved, ResolvedTargets } from './step.js';
import type { AxDestination, AxNode } from './tree.js';
import type { ActAction, AxTarget } from './types.js';
import { matchTarget, MAX_ALIKE, type TargetMatch, type TargetPurpose } from './resolveTarget.js';
import { checkApproved } from './checkApproved.js';
import { ACTION_SPECS } from './vocabulary.js';

/** The protocol's name and version, on every message. */
export const REMOTE_PROTOCOL = 'remote/1';

/** A request from the runner. */
export type RemoteRequest =
  | { readonly ax: typeof REMOTE_PROTOCOL; readonly id: number; readonly call: 'observe' }
  | {
      readonly ax: typeof REMOTE_PROTOCOL;
      readonly id: number;
      readonly call: 'resolve';
      readonly target: AxTarget;
      /** What the target is for (resolveTarget.ts): the kind of element preferred. Absent: `find`. */
      readonly purpose?: TargetPurpose;
      /** True: answer with the match (`{node, alike}`), not the node alone. */
      readonly alike?: boolean;
    }
  | {
      readonly ax: typeof REMOTE_PROTOCOL;
      readonly id: number;
      readonly call: 'act';
      readonly action: ActAction;
      readonly targets: ResolvedTargets<unknown>;
      readonly step: { readonly index: number; readonly line: number };
    }
  | {
      readonly ax: typeof REMOTE_PROTOCOL;
      readonly id: number;
      readonly call: 'verify';
      readonly action: ActAction;
      readonly targets: ResolvedTargets<unknown>;
    }
  | { readonly ax: typeof REMOTE_PROTOCOL; readonly id: number; readonly call: 'cancel' };

/** A reply from the agent. */
export type RemoteReply =
  | { readonly ax: typeof REMOTE_PROTOCOL; readonly id: number; readonly ok: true; readonly result?: unknown }
  | { readonly ax: typeof REMOTE_PROTOCOL; readonly id: number; readonly ok: false; readonly error: string };

export type { MessageSocket };

/** The callback route: a function that answers one request (it may return a promise). */
export type RemoteCall = (request: RemoteRequest) => RemoteReply | Promise<RemoteReply>;

export interface RemoteBackendOptions {
  /** How long a request may wait for its reply, in ms (default 60,000: longer than the longest wait). */
  timeoutMs?: number;
  /** Largest reply read, in characters (default 4,000,000); a larger one fails its request. */
  maxMessageChars?: number;
}

/** A message read as JSON; undefined (skipped) when it is longer than `maxChars` or not JSON. */
function readMessage(text: string, maxChars: number): unknown {
  if (text.length > maxChars) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A node as the agent sent it, checked: role and name are text; the rest is kept only when well formed. */
function readNode(value: unknown): AxNode<unknown> | null {
  if (!isJsonObject(value) || typeof value['role'] !== 'string' || typeof value['name'] !== 'string') return null;
  const node: { -readonly [K in keyof AxNode<unknown>]: AxNode<unknown>[K] } = { role: value['role'], name: value['name'], ref: value['ref'] ?? null };
  if (typeof value['id'] === 'string') node.id = value['id'];
  if (typeof value['value'] === 'string') node.value = value['value'];
  if (Array.isArray(value['states'])) node.states = value['states'].filter((s): s is string => typeof s === 'string');
  if (typeof value['depth'] === 'number') node.depth = value['depth'];
  const destination = readDestination(value['destination']);
  if (destination) node.destination = destination;
  return node;
}

/** An element the agent sent, or null for none; anything else that isn't an element is a broken reply. */
function elementOf(value: unknown): AxNode<unknown> | null {
  if (value === null || value === undefined) return null;
  const node = readNode(value);
  if (!node) throw new Error('the remote backend sent an element without a role and a name');
  return node;
}

function readDestination(value: unknown): AxDestination | null {
  if (!isJsonObject(value) || (value['kind'] !== 'link' && value['kind'] !== 'form') || typeof value['url'] !== 'string') return null;
  return typeof value['form'] === 'string' ? { kind: value['kind'], url: value['url'], form: value['form'] } : { kind: value['kind'], url: value['url'] };
}

function wireNode(node: AxNode<unknown>): AxNode<unknown> {
  const { id, role, name, value, states, depth, destination, ref } = node;
  return {
    ...(id === undefined ? {} : { id }),
    role,
    name,
    ...(value === undefined ? {} : { value }),
    ...(states === undefined ? {} : { states }),
    ...(depth === undefined ? {} : { depth }),
    ...(destination === undefined ? {} : { destination }),
    ref,
  };
}

function wireTargets(targets: ResolvedTargets<unknown>): ResolvedTargets<unknown> {
  const one = (r: Resolved<unknown> | undefined) => (r === undefined ? undefined : r.kind === 'point' ? r : { kind: 'element' as const, node: wireNode(r.node) });
  const out: { target?: Resolved<unknown>; from?: Resolved<unknown>; to?: Resolved<unknown> } = {};
  for (const key of ['target', 'from', 'to'] as const) {
    const r = one(targets[key]);
    if (r) out[key] = r;
  }
  return out;
}

/** The runner's side of the protocol: a Backend whose every call is a request, and `close()` to stop listening. */
export interface RemoteBackend extends Backend<unknown> {
  observe(context: BackendContext): Promise<Observation<unknown>>;
  resolve(target: AxTarget, context: ResolveContext): Promise<AxNode<unknown> | null>;
  match(target: AxTarget, context: ResolveContext): Promise<TargetMatch<unknown>>;
  act(action: ActAction, targets: ResolvedTargets<unknown>, context: ActContext<unknown>): Promise<void>;
  verify(action: ActAction, targets: ResolvedTargets<unknown>, context: BackendContext): Promise<string | null>;
  /** Stops listening to the socket; what is pending fails. */
  close(): void;
}

/** A request before it is numbered. */
type RequestBody =
  | { readonly call: 'observe' }
  | { readonly call: 'resolve'; readonly target: AxTarget; readonly purpose?: TargetPurpose; readonly alike?: boolean }
  | { readonly call: 'act'; readonly action: ActAction; readonly targets: ResolvedTargets<unknown>; readonly step: { readonly index: number; readonly line: number } }
  | { readonly call: 'verify'; readonly action: ActAction; readonly targets: ResolvedTargets<unknown> };

/**
 * The runner's side: a Backend that asks the agent at the other end of `link` to observe, resolve and act.
 * A request fails (and so its step) when the reply says so, when none comes within `timeoutMs`, when the socket
 * closes, or when the reply is not one this protocol knows.
 */
export function createRemoteBackend(link: MessageSocket | RemoteCall, options: RemoteBackendOptions = {}): RemoteBackend {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxChars = options.maxMessageChars ?? 4_000_000;
  let nextId = 1;
  const pending = createPendingReplies<number, null, RemoteReply>();
  let closed = false;
  let stopListening = () => {};

  const settle = (reply: RemoteReply) => void pending.settle(reply.id, reply);
  const failAll = (error: string) => pending.settleAll((id) => ({ ax: REMOTE_PROTOCOL, id, ok: false, error }));

  let send: (request: RemoteRequest) => void;
  if (typeof link === 'function') {
    send = (request) => {
      if (request.call === 'cancel') return;
      Promise.resolve()
        .then(() => link(request))
        .then(
          (reply) => settle(isJsonObject(reply) && reply['id'] === request.id ? reply : { ax: REMOTE_PROTOCOL, id: request.id, ok: false, error: 'the remote backend gave no reply to this request' }),
          (error: unknown) => settle({ ax: REMOTE_PROTOCOL, id: request.id, ok: false, error: errorText(error) }),
        );
    };
  } else {
    stopListening = listenToSocket(
      link,
      (text) => {
        let reply = readMessage(text, maxChars);
        if (!isJsonObject(reply) || reply['ax'] !== REMOTE_PROTOCOL || typeof reply['id'] !== 'number' || typeof reply['ok'] !== 'boolean') return;
        if (reply['ok'] === false && typeof reply['error'] !== 'string') reply = { ...reply, error: 'the remote backend failed without saying why' };
        settle(reply as RemoteReply);
      },
      () => {
        closed = true;
        failAll('the connection to the remote backend closed');
      },
    );
    send = (request) => link.send(JSON.stringify(request));
  }

  const call = (request: RequestBody, signal: AbortSignal): Promise<unknown> => {
    if (closed) return Promise.reject(new Error('the connection to the remote backend is closed'));
    if (signal.aborted) return Promise.reject(new Error('stopped'));
    const id = nextId++;
    const onAbort = () => {
      try {
        send({ ax: REMOTE_PROTOCOL, id, call: 'cancel' });
      } catch {
        // The socket is gone; nothing more to cancel.
      }
      settle({ ax: REMOTE_PROTOCOL, id, ok: false, error: 'stopped' });
    };
    const replied = pending.wait(id, null).then((reply) => {
      signal.removeEventListener('abort', onAbort);
      if (reply.ok) return reply.result;
      throw new Error(reply.error);
    });
    pending.deadline(id, timeoutMs, () => settle({ ax: REMOTE_PROTOCOL, id, ok: false, error: `the remote backend did not answer within ${timeoutMs} ms` }));
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      send({ ax: REMOTE_PROTOCOL, id, ...request } as RemoteRequest);
    } catch (error) {
      settle({ ax: REMOTE_PROTOCOL, id, ok: false, error: `the request could not be sent: ${errorText(error)}` });
    }
    return replied;
  };

  return {
    async observe({ signal }: BackendContext): Promise<Observation<unknown>> {
      const result = await call({ call: 'observe' }, signal);
      if (!isJsonObject(result) || typeof result['text'] !== 'string') throw new Error('the remote backend sent an observation without text');
      return { text: result['text'] };
    },
    async resolve(target: AxTarget, { signal, purpose }: ResolveContext): Promise<AxNode<unknown> | null> {
      const result = await call({ call: 'resolve', target, ...(purpose === undefined ? {} : { purpose }) }, signal);
      return elementOf(result);
    },
    async match(target: AxTarget, { signal, purpose }: ResolveContext): Promise<TargetMatch<unknown>> {
      const result = await call({ call: 'resolve', target, ...(purpose === undefined ? {} : { purpose }), alike: true }, signal);
      // An agent that predates `alike` answers with the node alone.
      if (!isJsonObject(result) || !('alike' in result)) return { node: elementOf(result), alike: [] };
      const alike = Array.isArray(result['alike']) ? result['alike'].slice(0, MAX_ALIKE).map((n) => elementOf(n)) : [];
      return { node: elementOf(result['node']), alike: alike.filter((n): n is AxNode<unknown> => n !== null) };
    },
    async act(action: ActAction, targets: ResolvedTargets<unknown>, { signal, step }: ActContext<unknown>): Promise<void> {
      await call({ call: 'act', action, targets: wireTargets(targets), step: { index: step.index, line: step.line } }, signal);
    },
    async verify(action: ActAction, targets: ResolvedTargets<unknown>, { signal }: BackendContext): Promise<string | null> {
      const result = await call({ call: 'verify', action, targets: wireTargets(targets) }, signal);
      if (result === null || result === undefined) return null;
      if (typeof result !== 'string') throw new Error('the remote backend answered verify with neither null nor a sentence');
      return result === '' ? null : result.slice(0, 500);
    },
    close() {
      closed = true;
      stopListening();
      failAll('the remote backend was closed');
    },
  };
}

export interface AnswerOptions {
  /** Most element handles remembered (default 10,000); the oldest are forgotten first. */
  maxHandles?: number;
}

/**
 * The agent's side as a function: answers one request with `backend`. Element refs are kept here and sent as
 * handles (`h1`, `h2`…), so a ref never needs to be JSON; a handle that was forgotten fails its act with a
 * sentence asking the model to look again. `cancel` aborts the signal the backend was given.
 */
export function answerRemote<Ref>(backend: Backend<Ref>, options: AnswerOptions = {}): RemoteCall {
  const maxHandles = options.maxHandles ?? 10_000;
  let next = 1;
  const byHandle = new Map<string, Ref>();
  const byRef = new Map<Ref, string>();
  const running = new Map<number, AbortController>();

  const handleOf = (ref: Ref): string => {
    let h = byRef.get(ref);
    if (h === undefined) {
      h = `h${next++}`;
      byRef.set(ref, h);
      byHandle.set(h, ref);
      if (byHandle.size > maxHandles) {
        const [oldest, oldRef] = byHandle.entries().next().value as [string, Ref];
        byHandle.delete(oldest);
        byRef.delete(oldRef);
      }
    }
    return h;
  };
  const out = (node: AxNode<Ref>): AxNode<unknown> => wireNode({ ...node, ref: handleOf(node.ref) });
  const back = (r: unknown): Resolved<Ref> | undefined => {
    if (!isJsonObject(r)) return undefined;
    if (r['kind'] === 'point' && typeof r['x'] === 'number' && typeof r['y'] === 'number') return { kind: 'point', x: r['x'], y: r['y'] };
    const node = r['kind'] === 'element' ? readNode(r['node']) : null;
    if (!node) throw new Error('a target of the request is not an element or a point');
    const ref = typeof node.ref === 'string' ? byHandle.get(node.ref) : undefined;
    if (ref === undefined) throw new Error('that element is no longer known here; observe again');
    return { kind: 'element', node: { ...node, ref } };
  };

  const backTargets = (given: unknown): ResolvedTargets<Ref> => {
    const all = isJsonObject(given) ? given : {};
    const targets: { target?: Resolved<Ref>; from?: Resolved<Ref>; to?: Resolved<Ref> } = {};
    for (const key of ['target', 'from', 'to'] as const) {
      const r = back(all[key]);
      if (r) targets[key] = r;
    }
    return targets;
  };

  return async (request: RemoteRequest): Promise<RemoteReply> => {
    const id = isJsonObject(request) && typeof request['id'] === 'number' ? request.id : -1;
    const fail = (error: string): RemoteReply => ({ ax: REMOTE_PROTOCOL, id, ok: false, error });
    if (!isJsonObject(request) || request['ax'] !== REMOTE_PROTOCOL || id < 0) return fail('not an axstream-remote/1 request');
    if (request.call === 'cancel') {
      running.get(id)?.abort();
      return { ax: REMOTE_PROTOCOL, id, ok: true };
    }
    const controller = new AbortController();
    running.set(id, controller);
    const signal = controller.signal;
    try {
      switch (request.call) {
        case 'observe': {
          const seen = await backend.observe({ signal });
          return { ax: REMOTE_PROTOCOL, id, ok: true, result: { text: typeof seen === 'string' ? seen : seen.text } };
        }
        case 'resolve': {
          const target = request.target;
          if (!isJsonObject(target) || target['kind'] !== 'ax') return fail('resolve needs an element target');
          const purpose: TargetPurpose = request.purpose === 'act' || request.purpose === 'drop' ? request.purpose : 'find';
          let match: TargetMatch<Ref>;
          if (backend.match) match = await backend.match(target, { signal, purpose });
          else if (backend.resolve) match = { node: await backend.resolve(target, { signal, purpose }), alike: [] };
          else if (backend.tree) match = matchTarget(target, await backend.tree({ signal }), purpose);
          else return fail('this backend cannot find elements');
          const node = match.node ? out(match.node) : null;
          const result = request.alike === true ? { node, alike: match.node ? match.alike.slice(0, MAX_ALIKE).map(out) : [] } : node;
          return { ax: REMOTE_PROTOCOL, id, ok: true, result };
        }
        case 'verify': {
          const action = request.action;
          if (!isJsonObject(action) || action['op'] !== 'act' || typeof action['do'] !== 'string' || !ACTION_SPECS.has(action['do'])) return fail('verify needs an action');
          let targets: ResolvedTargets<Ref>;
          try {
            targets = backTargets(request.targets);
          } catch {
            // A handle forgotten here is an element that may have gone: not what was approved.
            return { ax: REMOTE_PROTOCOL, id, ok: true, result: 'the approved element is no longer known here' };
          }
          return { ax: REMOTE_PROTOCOL, id, ok: true, result: await checkApproved(backend, action, targets, { signal }) };
        }
        case 'act': {
          const action = request.action;
          if (!isJsonObject(action) || action['op'] !== 'act' || typeof action['do'] !== 'string' || !ACTION_SPECS.has(action['do'])) return fail('act needs an action');
          const targets = backTargets(request.targets);
          const step = isJsonObject(request.step) ? request.step : { index: 0, line: 0 };
          await backend.act(action, targets, {
            signal,
            step: { index: Number(step.index) || 0, line: Number(step.line) || 0, action, risk: action.risk ?? 'safe', status: 'running', resolved: targets },
          });
          return { ax: REMOTE_PROTOCOL, id, ok: true };
        }
        default:
          return fail(`unknown call "${String((request as { call?: unknown }).call)}"`);
      }
    } catch (error) {
      return fail(errorText(error));
    } finally {
      running.delete(id);
    }
  };
}

/**
 * The agent's side on a socket: answers every request that arrives with `backend`. Returns the function that
 * stops listening (requests in flight are cancelled).
 */
export function serveRemoteBackend<Ref>(socket: MessageSocket, backend: Backend<Ref>, options: AnswerOptions & { maxMessageChars?: number } = {}): () => void {
  const answer = answerRemote(backend, options);
  const maxChars = options.maxMessageChars ?? 1_000_000;
  const inFlight = new Set<number>();
  const stop = listenToSocket(
    socket,
    (text) => {
      const request = readMessage(text, maxChars);
      if (!isJsonObject(request) || request['ax'] !== REMOTE_PROTOCOL) return;
      const id = typeof request['id'] === 'number' ? request['id'] : -1;
      if (request['call'] !== 'cancel') inFlight.add(id);
      void Promise.resolve(answer(request as RemoteRequest)).then((reply) => {
        if (request['call'] === 'cancel') return;
        inFlight.delete(id);
        try {
          socket.send(JSON.stringify(reply));
        } catch {
          // The socket closed while the action ran: the runner has already failed the request.
        }
      });
    },
    () => {
      for (const id of inFlight) void answer({ ax: REMOTE_PROTOCOL, id, call: 'cancel' });
    },
  );
  return () => {
    stop();
    for (const id of inFlight) void answer({ ax: REMOTE_PROTOCOL, id, call: 'cancel' });
  };
}
