// Runners that ran a burst of steps (typing, clicks, a risky step approved in the dialog) and were removed leave
// nothing behind: the app's area they acted on stays in the page and must not keep any of them. The check:
// test/browser/shared/leakCheck.ts.
import '../../../elements/ax-runner/index.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import { expectNoLeak } from '../shared/leakCheck.js';
import { act, answer, byName, reply, watch } from './helpers.js';

/** A notes app built with DOM calls: a field, Add, and a list whose items can be deleted. */
function notesApp(): HTMLElement {
  const app = document.createElement('section');
  app.setAttribute('aria-label', 'Notes app');
  const label = document.createElement('label');
  label.append('New note ', document.createElement('input'));
  const add = document.createElement('button');
  add.textContent = 'Add';
  const list = document.createElement('ul');
  app.append(label, add, list);
  add.addEventListener('click', () => {
    const item = document.createElement('li');
    const input = app.querySelector('input')!;
    const text = input.value;
    input.value = '';
    const remove = document.createElement('button');
    remove.textContent = `Delete “${text}”`;
    remove.addEventListener('click', () => item.remove());
    item.append(text, remove);
    list.append(item);
  });
  return app;
}

describe('ax-runner: memory', () => {
  it('20 runners that ran a burst with an approved risky step, removed, leave nothing the app keeps alive', async function () {
    this.timeout(60000);
    const app = notesApp();
    document.body.append(app);
    try {
      await expectNoLeak({
        rounds: 20,
        atLeast: 20 * 4,
        async use(i) {
          const runner = document.createElement('ax-runner') as AxRunnerElement;
          runner.scope = app;
          document.body.append(runner);
          const { steps } = watch(runner);
          const done = runner.stream(
            reply(
              `Adding note ${i}, then deleting it.`,
              act({ do: 'click', target: byName('AXTextField', 'New note') }),
              act({ do: 'type', text: `Note ${i}` }),
              act({ do: 'click', target: byName('button', 'Add') }),
              act({ do: 'click', target: byName('button', `Delete “Note ${i}”`), risk: 'risky' }),
              '{"op":"done","status":"success"}',
            ),
          );
          await answer(runner, true);
          const outcome = await done;
          if (outcome.reason !== 'done') throw new Error(`the burst ended ${outcome.reason}: ${outcome.detail ?? ''}`);
          if (steps.filter((s) => s.status === 'done').length !== 5) throw new Error('not every step ran');
          if (app.querySelectorAll('li').length !== 0) throw new Error('the note was not deleted');
          await runner.updateComplete;
          return { element: runner, made: [...runner.shadowRoot!.querySelectorAll('ae-confirm-dialog, [part~="step"], [part="outline"]')] };
        },
      });
    } finally {
      app.remove();
    }
  });
});
