// The demo server's agent for demo/oui.html: each page that connects over Socket.IO (same origin only) gets
// an OUI agent on its socket. The page asks it to run (`demo:run`), and it drives the page's surfaces through
// tool calls: the scripted plan, or a real model when ANTHROPIC_API_KEY or OPENAI_API_KEY is set (the key never
// leaves this process). What the agent does and sees goes back to the page as `demo:log` and
// `demo:observation`. Everything the page sends is checked: one run at a time, a bounded prompt, a few runs.
import { Server as SocketServer } from 'socket.io';
import { runScriptedAgent } from './scriptedAgent.mjs';
import { runModelAgent, toolModelFromEnv } from './modelAgent.mjs';

const MAX_PROMPT = 2000;
const MAX_RUNS = 30;

/**
 * Attaches the agent to `httpServer` at `/socket.io`. Options: `engine` (the loaded engine), `allowedOrigin(origin)`,
 * `model` (default: the environment's, or null for the scripted agent only), `stepMs` (the scripted agent's pause),
 * `fetch` (the model's), `log`. Returns `{io, close()}`.
 */
export function attachPageAgent(httpServer, { engine, allowedOrigin, model = toolModelFromEnv(), stepMs = 700, fetch, log = () => {} }) {
  const io = new SocketServer(httpServer, {
    // The page loads the client from here: /socket.io/socket.io.esm.min.js.
    serveClient: true,
    maxHttpBufferSize: 1024 * 1024,
    allowRequest: (req, done) => done(null, allowedOrigin(req.headers.origin)),
  });

  io.on('connection', (socket) => {
    const transport = engine.createWebSocketTransport(socket);
    const agent = engine.createOUIAgent(transport, { timeoutMs: 120_000 });
    const say = (entry) => socket.emit('demo:log', { kind: String(entry.kind), text: String(entry.text), tone: entry.tone ?? 'neutral' });
    agent.onObservation((update) => socket.emit('demo:observation', update));
    agent.onChange(() => socket.emit('demo:tools', agent.tools().map((t) => ({ name: t.name, surface: t.surfaceId }))));
    agent.onIssue((issue) => log(`oui demo: ${issue.code}: ${issue.message}`));
    socket.emit('demo:hello', { model: model ? `${model.provider} ${model.model}` : null });

    let running = null;
    let runs = 0;
    socket.on('demo:run', async (request) => {
      const mode = request && typeof request === 'object' ? request.mode : undefined;
      const prompt = request && typeof request.prompt === 'string' ? request.prompt.trim().slice(0, MAX_PROMPT) : '';
      if (running) return say({ kind: 'agent', text: 'The agent is already running.', tone: 'warning' });
      if (runs >= MAX_RUNS) return say({ kind: 'agent', text: 'This page has used its runs; reload it to start again.', tone: 'warning' });
      if (mode !== 'scripted' && mode !== 'model') return;
      if (mode === 'model' && (!model || !prompt)) return say({ kind: 'agent', text: model ? 'Say what the model should do.' : 'No model key is set on the server.', tone: 'warning' });
      runs++;
      running = new AbortController();
      socket.emit('demo:running', true);
      try {
        if (mode === 'scripted') await runScriptedAgent(agent, { log: say, stepMs, signal: running.signal });
        else {
          say({ kind: 'agent', text: `${model.provider} ${model.model} works on: “${prompt}”` });
          await runModelAgent(agent, prompt, { model, log: say, signal: running.signal, ...(fetch ? { fetch } : {}) });
        }
      } catch (error) {
        say({ kind: 'agent', text: `The agent stopped: ${error instanceof Error ? error.message : String(error)}`, tone: 'danger' });
      } finally {
        running = null;
        socket.emit('demo:running', false);
      }
    });
    socket.on('disconnect', () => {
      running?.abort();
      agent.dispose();
      transport.close();
    });
  });

  return {
    io,
    close() {
      // Not io.close(): that closes the HTTP server too, which belongs to the demo server.
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
