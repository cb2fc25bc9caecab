// Secrets stay secret (issue 15, item 5): what is typed into a password, one-time-code or payment field, or a
// field the app marks, is typed for real but shown as dots everywhere a person or the model would read it: the
// step log, the live region, the events' steps and outcomes, and the summary the next prompt carries.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, answer, area, byName, reply, runnerFor, tick, until, watch } from './helpers.js';
import type { AxRunnerElement, ChatMessage } from '../../../elements/ax-runner/index.js';
import type { AxEndEvent } from '../../../elements/ax-runner/events.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) {
    r.stop();
    r.remove();
  }
});
async function runner(scope: Element, props: Partial<AxRunnerElement> = {}) {
  const r = await runnerFor(scope, props);
  runners.push(r);
  return r;
}

const SECRETS = ['hunter2', '481516', '4111111111111111', 'mother-maiden', 'Sesame-7'];

async function loginForm() {
  return area(html`<section aria-label="Account">
    <label>Password <input type="password" /></label>
    <label>Code <input autocomplete="one-time-code" inputmode="numeric" /></label>
    <label>Card number <input autocomplete="billing cc-number" /></label>
    <label>Secret answer <input data-ax-secret /></label>
    <label>Shown password <input type="text" autocomplete="current-password" /></label>
    <label>Name <input /></label>
  </section>`);
}

const typing = [
  act({ do: 'click', target: byName('textbox', 'Password') }),
  act({ do: 'type', text: 'hunter2' }),
  act({ do: 'click', target: byName('textbox', 'Code') }),
  act({ do: 'type', text: '481516' }),
  act({ do: 'click', target: byName('textbox', 'Card number') }),
  act({ do: 'type', text: '4111111111111111' }),
  act({ do: 'click', target: byName('textbox', 'Secret answer') }),
  act({ do: 'type', text: 'mother-maiden' }),
  act({ do: 'click', target: byName('textbox', 'Shown password') }),
  act({ do: 'type', text: 'Sesame-7' }),
  act({ do: 'click', target: byName('textbox', 'Name') }),
  act({ do: 'type', text: 'Ada' }),
];

const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

describe('ax-runner: secrets stay secret', () => {
  it('issue 15.5: typed into a password field, the step log and the live region show dots, not the password; the field gets it', async () => {
    const app = await loginForm();
    const r = await runner(app, { policy: 'allow' });
    const w = watch(r);
    const announced: string[] = [];
    const region = () => r.shadowRoot!.querySelector('[part="announcer"]');
    const observer = new MutationObserver(() => announced.push(region()?.textContent ?? ''));
    const ends: AxEndEvent[] = [];
    r.addEventListener('ax-end', (e) => ends.push(e));
    await until(() => region() !== null, 'the live region');
    observer.observe(region()!, { childList: true, subtree: true, characterData: true });
    const outcome = await r.stream(reply('Signing in.', ...typing));
    expect(outcome.reason).to.equal('unfinished');
    const fields = [...app.querySelectorAll('input')].map((i) => i.value);
    expect(fields).to.deep.equal([...SECRETS, 'Ada']);
    await r.updateComplete;
    await tick(50);
    const log = r.shadowRoot!.querySelector('[part="log"]')!.textContent ?? '';
    expect(leaks(log)).to.deep.equal([]);
    expect(log).to.contain('Type “••••••” into textbox “Password”');
    expect(log).to.contain('Type “Ada” into textbox “Name”');
    expect(leaks(announced.join('\n'))).to.deep.equal([]);
    // The events' steps, as an app would log them.
    expect(leaks(JSON.stringify(w.steps.map((s) => s.action)))).to.deep.equal([]);
    expect(leaks(JSON.stringify(ends.map((e) => e.outcome.engine)))).to.deep.equal([]);
    expect(w.steps.filter((s) => s.status === 'done' && s.secret === true).length).to.equal(5);
    // Finished steps are said in batches naming the latest; one typed into a password field alone says dots.
    await tick(1100);
    await r.stream(reply('Again.', act({ do: 'click', target: byName('textbox', 'Password') }), act({ do: 'type', text: 'hunter2' })));
    await until(() => announced.some((t) => t.includes('Type “••••••” into textbox “Password”: Done.')), 'the masked step said alone');
    expect(announced.join('\n')).not.to.contain('hunter2');
    observer.disconnect();
  });

  it('issue 15.5: the summary the model is sent after a burst does not carry the password', async () => {
    const app = await loginForm();
    const prompts: (readonly ChatMessage[])[] = [];
    const answers = [
      reply('Typing the password.', act({ do: 'click', target: byName('textbox', 'Password') }), act({ do: 'type', text: 'hunter2' }), '{"op":"observe"}'),
      reply('Done.', '{"op":"done","status":"success"}'),
    ];
    const model = async function* (messages: readonly ChatMessage[]) {
      prompts.push(messages);
      yield answers[prompts.length - 1]!;
    };
    const r = await runner(app, { model, policy: 'allow' });
    const result = await r.run('Sign in');
    expect(result.reason).to.equal('done');
    expect(app.querySelector('input')!.value).to.equal('hunter2');
    const second = prompts[1]!.map((m) => m.content).join('\n');
    expect(second).to.contain('type "••••••"');
    expect(leaks(second)).to.deep.equal([]);
    expect(leaks(result.summary)).to.deep.equal([]);
  });

  it('a failed or refused secret step still shows dots, and the approval names the field without the text', async () => {
    const app = await loginForm();
    const r = await runner(app);
    const done = r.stream(reply('', act({ do: 'click', target: byName('textbox', 'Password') }), act({ do: 'type', text: 'hunter2' })));
    const sentence = await answer(r, false);
    expect(sentence).to.contain('Type “••••••” into textbox “Password”');
    expect(leaks(sentence)).to.deep.equal([]);
    const outcome = await done;
    expect(outcome.reason).to.equal('refused');
    expect(app.querySelector('input')!.value).to.equal('');
    await r.updateComplete;
    expect(leaks(r.shadowRoot!.textContent ?? '')).to.deep.equal([]);
  });

  it('issue 26.11a: a field the page turns into a password on the first character: the typed text is never shown, in the log or in any event', async () => {
    const app = await area(html`<label>Passphrase <input class="late" /></label>`);
    const field = app.querySelector<HTMLInputElement>('.late')!;
    field.addEventListener('input', () => (field.type = 'password'), { once: true });
    const r = await runner(app, { policy: 'allow' });
    const w = watch(r);
    const outcome = await r.stream(reply('', act({ do: 'click', target: byName('textbox', 'Passphrase') }), act({ do: 'type', text: 'hunter2' })));
    expect(outcome.reason).to.equal('unfinished');
    expect(field.value).to.equal('hunter2');
    expect(leaks(JSON.stringify(w.steps.map((s) => s.action)))).to.deep.equal([]);
    expect(w.steps.filter((s) => s.index === 1).at(-1)!.secret).to.equal(true);
    await r.updateComplete;
    expect(leaks(r.shadowRoot!.textContent ?? '')).to.deep.equal([]);
  });

  it('a type step whose field is not yet known is not shown in clear while it waits', async () => {
    const app = await loginForm();
    const r = await runner(app, { policy: 'allow' });
    const w = watch(r);
    await r.stream(reply('', act({ do: 'wait', ms: 50 }), act({ do: 'click', target: byName('textbox', 'Password') }), act({ do: 'type', text: 'hunter2' })));
    const queued = w.steps.filter((s) => s.index === 2);
    expect(queued.length).to.be.greaterThan(0);
    expect(leaks(JSON.stringify(queued.map((s) => s.action)))).to.deep.equal([]);
  });
});
