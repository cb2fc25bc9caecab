// Plain HTML: the cdn file defines the elements and exports the engine's API. Objects and functions are set as
// properties (an attribute would be a string); events are heard with addEventListener.
import { createDirectTransportPair, createOUIAgent } from './node_modules/agentic-elements/cdn/agentic-elements.js';
import { FILL_REPLY, PAYMENT_SCREEN, QUIZ_ANSWER, confirm, paced, quizReply, tipSurface, tools } from '../shared/scenario.js';

const $ = (selector) => document.querySelector(selector);

// <omni-screen>: registries and the handler first, then the stream.
const screen = $('#screen');
screen.tools = tools;
screen.confirm = confirm;
screen.handler = ({ params }) => ({ result: { receipt: `R-${Math.round(params.amount * 100)}` } });
screen.addEventListener('omni-action', (e) => {
  $('[data-testid=paid]').textContent = `Paid ${e.params.amount} USD, note “${e.params.note}”, receipt ${e.result.receipt}`;
});
screen.stream(paced(PAYMENT_SCREEN));

// <oui-surface>: the action's handler changes the page; the agent's end of the transport lives here too.
const surface = $('#tip');
const { server, client } = createDirectTransportPair();
const agent = createOUIAgent(server);
surface.surface = tipSurface;
surface.handlers = {
  set_tip: ({ percent }) => {
    $('[data-testid=tip]').textContent = `Tip: ${percent}%`;
    return { percent };
  },
};
surface.addEventListener('oui-result', (e) => {
  if (e.final) $('[data-testid=agent]').textContent = `The agent's call succeeded: ${e.result.success}`;
});
surface.transport = client; // last: the surface registers here
$('#ask-tip').addEventListener('click', () => agent.call('set_tip', { percent: 15 }));

// <ax-runner>: acts only inside the form, through the events a person's input makes.
const runner = $('#runner');
const form = $('#delivery');
form.addEventListener('submit', (e) => {
  e.preventDefault();
  $('[data-testid=saved]').textContent = `Delivery to ${form.elements.name.value}`;
});
runner.scope = form;
runner.addEventListener('ax-end', (e) => {
  $('[data-testid=runner]').textContent = `The runner ended: ${e.outcome.reason}`;
});
$('#fill').addEventListener('click', () => runner.stream(paced(FILL_REPLY)));

// <morph-screen>: the quiz's score reaches the page as an event, and `respond` turns it into the next answer.
const answer = $('#answer');
answer.respond = (action) => (action.type === 'quiz' ? paced(quizReply(action.score, action.total)) : undefined);
answer.addEventListener('morph-action', (e) => {
  if (e.action.type === 'quiz') $('[data-testid=quiz]').textContent = `Quiz: ${e.action.score} of ${e.action.total}`;
});
answer.stream(paced(QUIZ_ANSWER));
