// Each element loads when its tag first appears, its code a chunk of its own. React 19 sets a property when the
// element has one as it first renders, else an attribute (a function is dropped): so the elements this app uses
// are loaded and defined before it renders.
import { load } from 'agentic-elements';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

await Promise.all(['omni-screen', 'oui-surface', 'ax-runner', 'morph-screen'].map(load));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
