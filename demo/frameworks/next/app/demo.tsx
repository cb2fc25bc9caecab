'use client';
// A client component, still rendered on the server first: the import below runs in Node too, where it defines
// nothing and touches no DOM, and React writes the bare tags into the HTML. In the browser each element's code
// loads as its tag is found (a chunk of its own) and the element upgrades; effects (useElement) give the elements
// their objects, functions and listeners, which an element takes up when it upgrades if they came first.
import 'agentic-elements';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createDirectTransportPair, createOUIAgent } from 'agentic-elements/engine/oui';
import type { AxEndEvent, AxRunnerElement, MorphActionEvent, MorphRespond, MorphScreenElement, OmniAction, OmniActionEvent, OmniScreenElement, OUIResultEvent, OUISurfaceElement } from 'agentic-elements';
import { useElement } from './useElement';
import { FILL_REPLY, PAYMENT_SCREEN, QUIZ_ANSWER, confirm, paced, quizReply, tipSurface, tools } from '../../shared/scenario.js';

const handler = ({ params }: OmniAction) => ({ result: { receipt: `R-${Math.round(Number(params.amount) * 100)}` } });
const respond: MorphRespond = (action) => (action.type === 'quiz' ? paced(quizReply(action.score, action.total)) : undefined);

/** The transport's two ends, one pair per page: the page's end to <oui-surface>, the agent's end to the agent. */
function connect() {
  const { server, client } = createDirectTransportPair();
  return { client, agent: createOUIAgent(server) };
}

export function Demo() {
  const [paid, setPaid] = useState('');
  const [tip, setTip] = useState(0);
  const [agentSaid, setAgentSaid] = useState('');
  const [name, setName] = useState('');
  const [saved, setSaved] = useState('');
  const [runnerSaid, setRunnerSaid] = useState('');
  const [quiz, setQuiz] = useState('');
  const [{ client, agent }] = useState(connect);
  const [handlers] = useState(() => ({
    set_tip: ({ percent }: Record<string, unknown>) => {
      setTip(Number(percent));
      return { percent };
    },
  }));
  const screen = useRef<OmniScreenElement>(null);
  const surface = useRef<OUISurfaceElement>(null);
  const runner = useRef<AxRunnerElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const answer = useRef<MorphScreenElement>(null);

  const onAction = (e: OmniActionEvent) => {
    const { receipt } = e.result as { receipt: string };
    setPaid(`Paid ${e.params.amount} USD, note “${e.params.note}”, receipt ${receipt}`);
  };
  const onResult = (e: OUIResultEvent) => e.final && setAgentSaid(`The agent's call succeeded: ${e.result.success}`);
  const onEnd = (e: AxEndEvent) => setRunnerSaid(`The runner ended: ${e.outcome.reason}`);
  const onQuiz = (e: MorphActionEvent) => e.action.type === 'quiz' && setQuiz(`Quiz: ${e.action.score} of ${e.action.total}`);

  // Effects run only in the browser, in this order: properties and listeners first, then the stream.
  useElement(screen, { tools, confirm, handler }, { 'omni-action': onAction });
  useElement(surface, { surface: tipSurface, handlers, transport: client }, { 'oui-result': onResult });
  useElement(runner, {}, { 'ax-end': onEnd });
  useElement(answer, { respond }, { 'morph-action': onQuiz });
  useEffect(() => {
    const [el, doc] = [screen.current!, answer.current!];
    runner.current!.scope = form.current; // a ref is set only once mounted
    // A method exists once its element is defined: the tags are in the page, so their code is on its way.
    let mounted = true;
    void Promise.all(['omni-screen', 'morph-screen'].map((tag) => customElements.whenDefined(tag))).then(() => {
      if (!mounted) return;
      void el.stream(paced(PAYMENT_SCREEN));
      void doc.stream(paced(QUIZ_ANSWER));
    });
    return () => {
      mounted = false;
      // Defined by now unless the page left before its code came: then there is nothing to stop.
      if (customElements.get('omni-screen')) el.reset();
      if (customElements.get('morph-screen')) doc.reset();
    };
  }, []);

  const save = (e: FormEvent) => {
    e.preventDefault();
    setSaved(`Delivery to ${name}`);
  };

  return (
    <>
      <section aria-labelledby="pay-title">
        <h2 id="pay-title">Payment</h2>
        <omni-screen ref={screen} theme="light" />
        <p role="status" data-testid="paid">{paid}</p>
      </section>

      <section aria-labelledby="tip-title">
        <h2 id="tip-title">Tip</h2>
        <oui-surface ref={surface}>
          <p data-testid="tip">Tip: {tip}%</p>
        </oui-surface>
        <button type="button" onClick={() => agent.call('set_tip', { percent: 15 })}>Ask the agent for a 15% tip</button>
        <p role="status" data-testid="agent">{agentSaid}</p>
      </section>

      <section aria-labelledby="delivery-title">
        <h2 id="delivery-title">Delivery</h2>
        <form ref={form} onSubmit={save}>
          <label>Name <input name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} /></label>
          <button>Save</button>
        </form>
        <p role="status" data-testid="saved">{saved}</p>
        <button type="button" onClick={() => runner.current?.stream(paced(FILL_REPLY))}>Let the agent fill the form</button>
        <ax-runner ref={runner} theme="light" />
        <p role="status" data-testid="runner">{runnerSaid}</p>
      </section>

      <section aria-labelledby="answer-title">
        <h2 id="answer-title">Answer</h2>
        <morph-screen ref={answer} theme="light" />
        <p role="status" data-testid="quiz">{quiz}</p>
      </section>
    </>
  );
}
