// Compiles with no error against agentic-elements/react: properties (objects, functions) as props, on<event> handlers
// typed with each element's event classes, a ref of the element's class.
import type {} from 'agentic-elements/react';
import type { OmniScreenElement, ToolSchema } from 'agentic-elements/omni-screen';
import { useRef } from 'react';

const tools: Record<string, ToolSchema> = { 'payments.confirm': { type: 'object', properties: { amount: { type: 'number' } } } };

export function App() {
  const screen = useRef<OmniScreenElement>(null);
  return (
    <>
      <omni-screen
        ref={screen}
        theme="system"
        tools={tools}
        confirm={{ 'payments.confirm': 'Pay {amount} now?' }}
        handler={async ({ tool, params }) => ({ result: { tool, params } })}
        mutate-endpoint="/api/mutate"
        className="screen"
        onomni-end={(e) => console.log(e.issues.length)}
        onomni-action={(e) => console.log(e.tool.toUpperCase(), e.result)}
      />
      <oui-surface surface-id="todos" handlers={{ add: () => ({ added: true }) }} onoui-request={(e) => console.log(e.request.actionId)} />
      <ax-runner policy="confirm" maxBursts={3} onax-step={(e) => console.log(e.step.index)} />
    </>
  );
}
