import type { OmniNode } from '../../../src/omni-ir/index.js';
import type { ScreenContext } from '../screenContext.js';

/** The element a node renders in: a view may keep memory on it across renders and ask it to render again. */
export type { NodeHost } from '../../shared/base/nodeHost.js';
import type { NodeHost } from '../../shared/base/nodeHost.js';

/** How one component looks: a template from the node's checked props. Its styles sit beside it. */
export interface NodeView {
  render(node: OmniNode, screen: ScreenContext, host: NodeHost): unknown;
}
