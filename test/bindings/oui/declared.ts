// Code written against oui-spec 0.1.0's transport declarations, importing the declared names from the package:
// it must type-check as it is. The `@ts-expect-error` lines are the request-object API we had before: each must
// be an error now, or tsc says the expectation is unused.
import {
  createDirectTransportPair,
  createOUIAgent,
  createSurfaceRuntime,
  createWebSocketTransport,
  type OUIActionHandler,
  type OUIObservationHandler,
  type OUIObservationUpdate,
  type OUISurface,
  type OUITransport,
  type OUITransportConfig,
  type SocketLike,
} from 'agentic-elements/engine/oui';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { Socket as ServerSocket } from 'socket.io';

const surface: OUISurface = {
  id: 'dataViz',
  name: 'Chart',
  description: 'The chart',
  actions: [{ id: 'setChartType', description: 'Change the chart type', input: { type: 'object', properties: { type: { type: 'string' } } } }],
};

// The direct pair: two OUITransports.
const pair: { server: OUITransport; client: OUITransport } = createDirectTransportPair();
const { server, client } = pair;

// The client side: dispatches heard with three arguments.
const onAction: OUIActionHandler = (surfaceId: string, actionId: string, params: Record<string, unknown>): void => {
  const update: OUIObservationUpdate = { surfaceId, observationId: `${actionId}:status`, value: { params }, timestamp: Date.now() };
  client.pushObservation(update);
};
const stopActions: () => void = client.onAction(onAction);
client.registerSurface(surface);
client.deregisterSurface('dataViz');

// The server side: the surface, the id and each update as they are.
const stopRegister: () => void = server.onSurfaceRegister((s: OUISurface) => void s.actions.length);
const stopDeregister: () => void = server.onSurfaceDeregister((surfaceId: string) => void surfaceId.length);
const onObservation: OUIObservationHandler = (u: OUIObservationUpdate) => void u.value;
const stopObservations: () => void = server.onObservation(onObservation);
const nothing: void = server.dispatch('dataViz', 'setChartType', { type: 'bar' });

// Connection.
const up: boolean = server.connected;
const connecting: Promise<void> = client.connect();
client.disconnect();
const stopConnection: () => void = client.onConnectionChange((connected: boolean) => void connected);

// The Socket.IO transport, with the declared config and socket shape.
const config: OUITransportConfig = { namespace: 'oui', connectTimeoutMs: 5000, bufferWhileDisconnected: false, maxBufferSize: 50 };
const handMade: SocketLike = {
  connected: true,
  emit(event: string, data: unknown): void {
    void [event, data];
  },
  on(event: string, handler: (...args: any[]) => void): void {
    void [event, handler];
  },
  off(event: string, handler: (...args: any[]) => void): void {
    void [event, handler];
  },
  once(event: string, handler: (...args: any[]) => void): void {
    void [event, handler];
  },
  connect(): void {},
  disconnect(): void {},
};
const overHandMade: OUITransport = createWebSocketTransport(handMade, config);
declare const browserSocket: ClientSocket;
declare const serverSocket: ServerSocket;
const overClient: OUITransport = createWebSocketTransport(browserSocket);
const overServer: OUITransport = createWebSocketTransport(serverSocket, { namespace: 'app' });

// A transport that is only what 0.1.0 declares still works with our agent and our runtime.
declare const plain: OUITransport;
createOUIAgent(plain);
createSurfaceRuntime({ surface, transport: plain });

// The request-object API of before is not the declared one.
// @ts-expect-error 0.1.0's dispatch takes (surfaceId, actionId, params)
server.dispatch({ requestId: 'r1', surfaceId: 'dataViz', actionId: 'setChartType', params: {}, timestamp: 1 });
// @ts-expect-error registerSurface takes the surface itself
client.registerSurface({ surface, timestamp: 1 });
// @ts-expect-error deregisterSurface takes the surface id
client.deregisterSurface({ surfaceId: 'dataViz', timestamp: 1 });
// @ts-expect-error an OUIActionHandler is a listener of three arguments, not an app's handler of params
const appHandler: OUIActionHandler = (params: Record<string, unknown>, context: { signal: AbortSignal }) => ({ params, context });

export { stopActions, stopRegister, stopDeregister, stopObservations, nothing, up, connecting, stopConnection, overHandMade, overClient, overServer, appHandler };
