// OUI events: each line is an event the agent sends to the page, `{"type": "action:request", "payload": {…}}`,
// delivered through the agent's end of an in-memory transport to an <oui-surface> holding a small to-do list.
// The surface runs each request as the page would (filling and submitting the form for `add_todo`, asking the
// person for `clear_all`), and the results that come back to the agent are shown under it. A line that isn't
// JSON, isn't an agent's event, or whose request fails is an issue on that line.
import type { OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import sample from '../samples/oui.txt';
import { createLog, type Format } from './format.js';

/** The surface's own markup: a form the agent fills through `data-oui-action`, and the list it adds to. */
function todoMarkup(surface: OUISurfaceElement): HTMLUListElement {
  const form = document.createElement('form');
  form.dataset.ouiAction = 'add_todo';
  form.dataset.ouiDescription = 'Add a to-do to the list';
  const label = document.createElement('label');
  const input = document.createElement('input');
  input.name = 'title';
  input.required = true;
  input.maxLength = 80;
  label.append('New to-do ', input);
  const add = document.createElement('button');
  add.textContent = 'Add';
  form.append(label, ' ', add);
  const list = document.createElement('ul');
  list.className = 'pg-todos';
  list.setAttribute('aria-label', 'To-dos');
  form.addEventListener('submit', (event) => {
    // The app's own handler: it runs for the person and for the agent alike.
    event.preventDefault();
    const item = document.createElement('li');
    item.textContent = String(new FormData(form).get('title'));
    list.append(item);
    surface.setObservation('count', list.children.length);
    form.reset();
  });
  surface.append(form, list);
  return list;
}

export const oui: Format = {
  id: 'oui',
  tag: 'oui-surface',
  sample,
  start({ stage, theme, report, engine }) {
    const surface = document.createElement('oui-surface') as OUISurfaceElement;
    surface.theme = theme;
    const list = todoMarkup(surface);
    surface.surface = {
      id: 'todos',
      name: 'To-dos',
      description: 'A list of things to do',
      actions: [{ id: 'clear_all', description: 'Remove every to-do', input: { type: 'object', properties: {} }, confirm: true }],
      observations: [{ id: 'count', description: 'How many to-dos there are', schema: { type: 'number' } }],
    };
    surface.handlers = {
      clear_all: () => {
        list.replaceChildren();
        surface.setObservation('count', 0);
        return { cleared: true };
      },
    };
    surface.setObservation('count', 0);
    const { server, client } = engine.createDirectTransportPair();
    surface.transport = client;
    stage.append(surface);
    const log = createLog(stage, 'What the agent heard back');

    // Which line each request came on, so a failed result is reported there; and the line being delivered now.
    const lineOf = new Map<string, number>();
    let delivering: number | null = null;
    server.onIssue((issue) => report({ ...issue, line: delivering }));
    server.onResult((result) => {
      if (result.interim) return log(`${result.requestId}: ${result.progress ?? 0}%`);
      log(`${result.requestId} (${result.actionId}): ${result.success ? `done ${JSON.stringify(result.data ?? null)}` : `failed, ${result.error?.code}: ${result.error?.message}`}`);
      if (!result.success) report({ line: lineOf.get(result.requestId) ?? null, severity: 'error', code: result.error?.code ?? 'failed', message: result.error?.message ?? 'the action failed' });
    });

    // A dispatch without a request id (0.1.0's) is answered only as the action's status observation.
    server.onObservation((update) => {
      const status = engine.parseStatusObservationId(update.observationId);
      const value = update.value as { requestId?: string; success?: boolean; interim?: boolean; error?: { code: string; message: string }; data?: unknown } | null;
      if (!status || !value || value.requestId !== undefined || value.interim) return;
      log(`${status.actionId} (dispatched): ${value.success ? `done ${JSON.stringify(value.data ?? null)}` : `failed, ${value.error?.code}: ${value.error?.message}`}`);
    });

    function deliver(text: string, line: number): void {
      if (!text.trim()) return;
      let event: unknown;
      try {
        event = JSON.parse(text);
      } catch {
        return report({ line, severity: 'error', code: 'not_json', message: 'the line is not one complete JSON object' });
      }
      const { type, payload } = (event ?? {}) as { type?: unknown; payload?: unknown };
      if (type !== 'action:request') {
        return report({ line, severity: 'error', code: 'not_agent_event', message: `an agent sends a page only "action:request" events, not ${JSON.stringify(type)}` });
      }
      const request = (payload ?? {}) as { requestId?: unknown; surfaceId?: unknown; actionId?: unknown; params?: unknown };
      delivering = line;
      if (typeof request.requestId === 'string') {
        lineOf.set(request.requestId, line);
        server.sendRequest(request as Parameters<typeof server.sendRequest>[0]);
      } else {
        // A 0.1.0 dispatch: no request id, so its outcome comes back as the action's status observation.
        server.dispatch(request.surfaceId as string, request.actionId as string, (request.params ?? {}) as Record<string, unknown>);
      }
      delivering = null;
    }

    // Lines complete at their newline, as in every format here; the last one at the end.
    let pending = '';
    let line = 0;
    return {
      write(text) {
        pending += text;
        for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
          deliver(pending.slice(0, at).replace(/\r$/, ''), ++line);
          pending = pending.slice(at + 1);
        }
      },
      end() {
        if (pending) deliver(pending, ++line);
        pending = '';
      },
      theme: (t) => (surface.theme = t),
    };
  },
};
