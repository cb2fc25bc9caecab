// The demo page: asks the server for a screen over SSE, draws it in <omni-screen>, runs its governed actions
// through /api/mutate and follows its live feed. Everything comes from the engine and the elements' bundle.
import '/dist/agent-elements.js';
import { generate, createPress, followLive } from '/dist/engine.js';

const screen = document.getElementById('screen');
const form = document.getElementById('ask');
const status = document.getElementById('status');
let current = null;

const registry = await (await fetch('/api/registry')).json();
Object.assign(screen, { tools: registry.tools, confirm: registry.confirm, assets: registry.assets, pictures: registry.pictures });

screen.handler = async ({ tool, params, button }) => {
  const press = createPress({ endpoint: '/api/mutate', tool, params, button, credentials: 'same-origin' });
  let answer = await press.send();
  // A lost answer is retried once with the same key: the server runs the action at most once.
  if (!answer.ok && answer.code === 'network_error') answer = await press.send();
  if (!answer.ok) throw new Error(answer.message);
  return { result: answer.result, update: answer.update };
};

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  current?.abort();
  const controller = new AbortController();
  current = controller;
  screen.reset();
  status.textContent = 'Writing…';
  const outcome = await generate(
    { endpoint: '/api/generate', prompt: form.prompt.value, version: '0.8', signal: controller.signal, credentials: 'same-origin' },
    { write: (text) => screen.write(text), end: () => screen.end() },
  );
  if (current !== controller) return;
  status.textContent = outcome.status === 'done' ? '' : outcome.message;
  if (outcome.status === 'done' && outcome.screen) {
    status.textContent = 'Live';
    followLive({
      screen: outcome.screen,
      credentials: 'same-origin',
      signal: controller.signal,
      onUpdate: ({ text }) => screen.applyUpdate(text),
      onStop: (stop) => {
        if (current === controller) status.textContent = stop.reason === 'end' ? 'Up to date' : '';
      },
    });
  }
});
