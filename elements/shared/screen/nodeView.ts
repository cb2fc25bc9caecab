/**
 * How one node type or component looks, for either screen: a template from the node, the screen's context and
 * the node's element (memory across renders, a way to draw again). A view's styles sit beside it.
 */
import type { NodeHost } from '../base/nodeHost.js';

export type { NodeHost };

export interface NodeView<Node, Screen> {
  render(node: Node, screen: Screen, host: NodeHost): unknown;
}
