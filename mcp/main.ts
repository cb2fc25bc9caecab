/**
 * The entry of dist/mcp-view.html: defines the elements and starts the view against the host in
 * `window.parent`. The app's registries come from the page's JSON block when the server wrote one into it
 * (data, never code), else from the host's answer to ui/initialize (see startMcpView).
 */
import '../elements/omni-screen/index.js';
import type { OmniScreenElement } from '../elements/omni-screen/index.js';
import { windowEndpoint } from './hostBridge.js';
import { readViewRegistry, startMcpView, type ViewRegistry } from './view.js';

/** The page's registry block, or null when the page has none (the generic view as shipped). */
function pageRegistry(): ViewRegistry | null {
  const block = document.getElementById('omni-registry');
  if (!block) return null;
  try {
    // An unreadable block leaves the view without tools or pictures: lines naming them are rejected.
    return readViewRegistry(JSON.parse(block.textContent ?? '')) ?? { tools: {} };
  } catch {
    return { tools: {} };
  }
}

const screen = document.querySelector<OmniScreenElement>('omni-screen');
if (screen) startMcpView({ screen, endpoint: windowEndpoint(window), registry: pageRegistry(), measure: document.documentElement });
