/**
 * The entry of dist/mcp-view.html: defines the elements, reads the app's registries from the page's JSON
 * block (data, never code) and starts the view against the host in `window.parent`.
 */
import '../elements/omni-screen/index.js';
import type { OmniScreen } from '../elements/omni-screen/index.js';
import { windowEndpoint } from './hostBridge.js';
import { startMcpView, type ViewRegistry } from './view.js';

function readRegistry(): ViewRegistry {
  const block = document.getElementById('omni-registry');
  try {
    const data: unknown = JSON.parse(block?.textContent ?? '{}');
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as ViewRegistry;
  } catch {
    // An unreadable block leaves the view without tools or pictures: lines naming them are rejected.
  }
  return { tools: {} };
}

const screen = document.querySelector<OmniScreen>('omni-screen');
if (screen) startMcpView({ screen, endpoint: windowEndpoint(window), registry: readRegistry(), measure: document.documentElement });
