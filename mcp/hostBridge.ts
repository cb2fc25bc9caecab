/**
 * JSON-RPC 2.0 between an MCP Apps view and its host (SEP-1865): the view's requests (ui/initialize, tools/call)
 * with their answers, notifications both ways, and answers to the few requests a host sends the view. It speaks
 * through an endpoint, so the same code runs against `window.parent` in the host's frame and against a
 * MessageChannel in tests.
 */
import { errorText, isJsonObject } from '../src/stream/index.js';

/** Where messages go to and come from: the host's window, or anything shaped like it. */
export interface HostEndpoint {
  post(message: unknown): void;
  /** Calls `receive` with each message's data from the host; returns a function that stops listening. */
  listen(receive: (data: unknown) => void): () => void;
}

/** A JSON-RPC error the host answered with. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export type NotificationHandler = (method: string, params: unknown) => void;
/** Answers a request from the host: return the result, or throw a JsonRpcError. */
export type RequestHandler = (method: string, params: unknown) => unknown;

export interface HostBridge {
  /** Sends a request and resolves with the host's result; rejects with a JsonRpcError, or on timeout. */
  request(method: string, params?: unknown, options?: { timeoutMs?: number }): Promise<unknown>;
  notify(method: string, params?: unknown): void;
  onNotification(handler: NotificationHandler): () => void;
  /** The handler for requests from the host. Unset (or returning undefined for a method), the view answers -32601. */
  onRequest(handler: RequestHandler): void;
  close(): void;
}

export const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

const isId = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The endpoint of a view in an iframe: posts to `window.parent` and listens only to messages from it. The
 * host's origin isn't known to a view it loaded (often an opaque sandbox origin), so the frame the message
 * came from is what's checked, and messages go to the parent with the target origin "*".
 */
export function windowEndpoint(view: Window = window): HostEndpoint {
  const host = view.parent;
  return {
    post(message) {
      host.postMessage(message, '*');
    },
    listen(receive) {
      const onMessage = (event: MessageEvent) => {
        if (event.source === host && host !== view) receive(event.data);
      };
      view.addEventListener('message', onMessage);
      return () => view.removeEventListener('message', onMessage);
    },
  };
}

/** The endpoint of one side of a MessageChannel (for tests and workers). */
export function portEndpoint(port: MessagePort): HostEndpoint {
  return {
    post(message) {
      port.postMessage(message);
    },
    listen(receive) {
      const onMessage = (event: MessageEvent) => receive(event.data);
      port.addEventListener('message', onMessage);
      port.start();
      return () => port.removeEventListener('message', onMessage);
    },
  };
}

export function createHostBridge(endpoint: HostEndpoint): HostBridge {
  let nextId = 1;
  const pending = new Map<string | number, { resolve(v: unknown): void; reject(e: unknown): void; timer?: ReturnType<typeof setTimeout> }>();
  const notificationHandlers = new Set<NotificationHandler>();
  let requestHandler: RequestHandler | null = null;

  const answer = (id: string | number, result: unknown) => endpoint.post({ jsonrpc: '2.0', id, result });
  const fail = (id: string | number, code: number, message: string) =>
    endpoint.post({ jsonrpc: '2.0', id, error: { code, message } });

  const receive = (data: unknown) => {
    if (!isJsonObject(data) || data['jsonrpc'] !== '2.0') return;
    const method = data['method'];
    const id = data['id'];
    if (typeof method === 'string') {
      if (isId(id)) void handleRequest(id, method, data['params']);
      else for (const handler of [...notificationHandlers]) handler(method, data['params']);
      return;
    }
    // An answer to one of our requests.
    if (!isId(id)) return;
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (waiting.timer !== undefined) clearTimeout(waiting.timer);
    const error = data['error'];
    if (isJsonObject(error)) {
      const code = typeof error['code'] === 'number' ? error['code'] : INTERNAL_ERROR;
      const message = typeof error['message'] === 'string' ? error['message'] : 'The host answered with an error';
      waiting.reject(new JsonRpcError(code, message, error['data']));
    } else if ('result' in data) {
      waiting.resolve(data['result']);
    } else {
      waiting.reject(new JsonRpcError(INTERNAL_ERROR, 'The host answered with neither a result nor an error'));
    }
  };

  const handleRequest = async (id: string | number, method: string, params: unknown) => {
    try {
      const result = requestHandler ? await requestHandler(method, params) : undefined;
      if (result === undefined) fail(id, METHOD_NOT_FOUND, `The view doesn't handle ${method}`);
      else answer(id, result);
    } catch (error) {
      if (error instanceof JsonRpcError) fail(id, error.code, error.message);
      else fail(id, INTERNAL_ERROR, errorText(error));
    }
  };

  const stop = endpoint.listen(receive);

  return {
    request(method, params, options = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const entry: { resolve(v: unknown): void; reject(e: unknown): void; timer?: ReturnType<typeof setTimeout> } = { resolve, reject };
        if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
          entry.timer = setTimeout(() => {
            pending.delete(id);
            reject(new JsonRpcError(INTERNAL_ERROR, `The host didn't answer ${method} in time`));
          }, options.timeoutMs);
        }
        pending.set(id, entry);
        endpoint.post({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
      });
    },
    notify(method, params) {
      endpoint.post({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    },
    onNotification(handler) {
      notificationHandlers.add(handler);
      return () => notificationHandlers.delete(handler);
    },
    onRequest(handler) {
      requestHandler = handler;
    },
    close() {
      stop();
      for (const [, waiting] of pending) {
        if (waiting.timer !== undefined) clearTimeout(waiting.timer);
        waiting.reject(new JsonRpcError(INTERNAL_ERROR, 'The view closed'));
      }
      pending.clear();
      notificationHandlers.clear();
    },
  };
}
