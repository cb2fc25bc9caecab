import type { NodeView } from '../screenContext.js';
import { badgeTemplate } from './badgeLook.js';
import { scope, spans } from './spans.js';

export { badgeStyles } from './badgeLook.js';

/** Badge: its spans (or `text`/`label`), in a tone: neutral, info, success, warning or danger. */
export const badge: NodeView = {
  render(node, screen, host) {
    return badgeTemplate(node.attrs, spans(node.spans, scope(screen, node.id, host)));
  },
};
