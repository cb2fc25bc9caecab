// React 19 passes objects and functions to a custom element as properties, and `on<event-name>` props listen
// for its own events. Module constants keep the registries stable: a new object each render is a new registry.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createDirectTransportPair, createOUIAgent } from 'agentic-elements/engine/oui';
import type { AxEndEvent, AxRunnerElement, MorphActionEvent, MorphRespond, MorphScreenElement, OmniAction, OmniActionEvent, OmniScreenElement, OUIResultEvent } from 'agentic-elements';
import { FILL_REPLY, PAYMENT_SCREEN, QUIZ_ANSWER, confirm, paced, quizReply, tipSurface, tools } from '../../shared/scenario.js';

const handler = ({ params }: OmniAction) => ({ result: { receipt: `R-${Math.round(Number(params.amount) * 100)}` } });
const respond: MorphRespond = (action) => (action.type === 'quiz' ? paced(quizReply(action.score, action.total)) : undefined);
// The page's end of the transport goes to <oui-surface>; the agent's end stays here, one for the page.
const { server, client } = createDirectTransportPair();
const agent = createOUIAgent(server);

export function App() {
  const [paid, setPaid] = useState('');
  const [tip, setTip] = useState(0);
  const [agentSaid, setAgentSaid] = useState('');
  const [name, setName] = useState('');
  const [saved, setSaved] = useState('');
  const [runnerSaid, setRunnerSaid] = useState('');
  const [quiz, setQuiz] = useState('');
  const screen = useRef<OmniScreenElement>(null);
  const runner = useRef<AxRunnerElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const answer = useRef<MorphScreenElement>(null);
  // State setters never change, so this object is made once.
  const [handlers] = useState(() => ({
    set_tip: ({ percent }: Record<string, unknown>) => {
      setTip(Number(percent));
      return { percent };
    },
  }));

  useEffect(() => {
    const [el, doc] = [screen.current!, answer.current!];
    runner.current!.scope = form.current;
    void el.stream(paced(PAYMENT_SCREEN));
    void doc.stream(paced(QUIZ_ANSWER));
    // StrictMode mounts twice in development: the second streams start afresh.
    return () => {
      el.reset();
      doc.reset();
    };
  }, []);

  const onAction = (e: OmniActionEvent) => {
    const { receipt } = e.result as { receipt: string };
    setPaid(`Paid ${e.params.amount} USD, note “${e.params.note}”, receipt ${receipt}`);
  };
  const onResult = (e: OUIResultEvent) => e.final && setAgentSaid(`The agent's call succeeded: ${e.result.success}`);
  const onQuiz = (e: MorphActionEvent) => e.action.type === 'quiz' && setQuiz(`Quiz: ${e.action.score} of ${e.action.total}`);
  const save = (e: FormEvent) => {
    e.preventDefault();
    setSaved(`Delivery to ${name}`);
  };

  return (
    <>
      <h1>agentic-elements in React 19</h1>

      <section aria-labelledby="pay-title">
        <h2 id="pay-title">Payment</h2>
        <omni-screen ref={screen} theme="light" tools={tools} confirm={confirm} handler={handler} onomni-action={onAction} />
        <p role="status" data-testid="paid">{paid}</p>
      </section>

      <section aria-labelledby="tip-title">
        <h2 id="tip-title">Tip</h2>
        <oui-surface surface={tipSurface} handlers={handlers} transport={client} onoui-result={onResult}>
          <p data-testid="tip">Tip: {tip}%</p>
        </oui-surface>
        <button type="button" onClick={() => agent.call('set_tip', { percent: 15 })}>Ask the agent for a 15% tip</button>
        <p role="status" data-testid="agent">{agentSaid}</p>
      </section>

      <section aria-labelledby="delivery-title">
        <h2 id="delivery-title">Delivery</h2>
        {/* A controlled input: the runner sets the value through the native setter, so React's onChange hears it. */}
        <form ref={form} onSubmit={save}>
          <label>Name <input name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} /></label>
          <button>Save</button>
        </form>
        <p role="status" data-testid="saved">{saved}</p>
        <button type="button" onClick={() => runner.current?.stream(paced(FILL_REPLY))}>Let the agent fill the form</button>
        <ax-runner ref={runner} theme="light" onax-end={(e: AxEndEvent) => setRunnerSaid(`The runner ended: ${e.outcome.reason}`)} />
        <p role="status" data-testid="runner">{runnerSaid}</p>
      </section>

      <section aria-labelledby="answer-title">
        <h2 id="answer-title">Answer</h2>
        <morph-screen ref={answer} theme="light" respond={respond} onmorph-action={onQuiz} />
        <p role="status" data-testid="quiz">{quiz}</p>
      </section>
    </>
  );
}
