// Omni-IR in <omni-screen>, with one tool registered so a governed Button can run: its press asks first (the
// confirmation sentence), then the handler answers with a made-up receipt.
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import sample from '../samples/omni-ir.txt';
import { createLog, type Format } from './format.js';

export const omniIr: Format = {
  id: 'omni-ir',
  tag: 'omni-screen',
  sample,
  start({ stage, theme, report }) {
    const screen = document.createElement('omni-screen') as OmniScreenElement;
    screen.theme = theme;
    screen.tools = {
      'payments.confirm': {
        type: 'object',
        additionalProperties: false,
        required: ['amount'],
        properties: { amount: { type: 'number', minimum: 0, maximum: 10000 }, note: { type: 'string', maxLength: 200 } },
      },
    };
    screen.confirm = { 'payments.confirm': 'Pay {amount} USD now?' };
    screen.handler = async ({ params }) => ({ result: { receipt: 'R-1042', amount: params.amount } });
    screen.addEventListener('omni-issue', (e) => report(e.issue));
    stage.append(screen);
    const log = createLog(stage, 'What the app heard');
    screen.addEventListener('omni-action', (e) => log(`${e.tool} ran with ${JSON.stringify(e.params)}: ${JSON.stringify(e.result)}`));
    screen.addEventListener('omni-blocked', (e) => log(`A press of ${e.button} was stopped: ${e.reason}`));
    screen.addEventListener('omni-end', (e) => log(`The stream ended with ${e.issues.length} issue${e.issues.length === 1 ? '' : 's'}.`));
    return {
      write: (text) => screen.write(text),
      end: () => screen.end(),
      theme: (t) => (screen.theme = t),
    };
  },
};
