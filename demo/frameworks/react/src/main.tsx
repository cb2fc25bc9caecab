// Define the elements before React first renders them: React 19 sets a property when the element has one.
import 'agentic-elements';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
