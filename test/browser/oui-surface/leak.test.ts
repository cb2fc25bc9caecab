// Surfaces that registered, ran an agent's actions (one confirmed by the person in the dialog) and were removed
// leave nothing behind: the app's transport and the agent on its other end stay alive, as an app's socket does,
// and must not keep any of them. The check: test/browser/shared/leakCheck.ts.
import type { OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import { createDirectTransportPair, createOUIAgent } from '../../../src/oui/index.js';
import { expectNoLeak, until } from '../shared/leakCheck.js';
import { pressDialog } from '../shared/approvals.js';
import { dialogOf, openDialog, recorder, todoSurface } from './helpers.js';

describe('oui-surface: memory', () => {
  it('20 surfaces that ran a confirmed action, removed, leave nothing the transport or the agent keeps alive', async function () {
    this.timeout(60000);
    const { server, client } = createDirectTransportPair();
    const heard = recorder(server);
    const agent = createOUIAgent(server, { timeoutMs: 5000 });
    await expectNoLeak({
      rounds: 20,
      atLeast: 20 * 3,
      async use(i) {
        const items: string[] = [];
        const count = () => items.length;
        const el = document.createElement('oui-surface') as OUISurfaceElement;
        el.surface = todoSurface();
        el.handlers = { add_item: ({ title }) => void items.push(String(title)), clear_done: () => void items.splice(0) };
        el.transport = client;
        document.body.append(el);
        await until(() => el.registered && agent.surfaces().length === 1, 'the surface to register');
        const added = await agent.call('add_item', { title: `Milk ${i}` });
        if (!added.success || count() !== 1) throw new Error(`add_item: ${JSON.stringify(added)}`);
        const cleared = agent.call('clear_done');
        const dialog = await openDialog(el);
        await pressDialog(dialogOf(el), 'confirm');
        if (!(await cleared).success || count() !== 0) throw new Error('clear_done did not run');
        await el.updateComplete;
        return { element: el, made: [...el.shadowRoot!.querySelectorAll('ae-confirm-dialog, [part="indicator"]'), dialog] };
      },
    });
    await until(() => heard.deregisters.length === 20, 'every surface to deregister');
    agent.dispose();
  });
});
