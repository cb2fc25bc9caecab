import type { OmniNode } from '../../../src/omni-ir/index.js';
import type { NodeView as ScreenNodeView } from '../../shared/screen/nodeView.js';
import type { ScreenContext } from '../screenContext.js';

/** The element a node renders in: a view may keep memory on it across renders and ask it to render again. */
export type { NodeHost } from '../../shared/screen/nodeView.js';

/** How one component looks: a template from the node's checked props. Its styles sit beside it. */
export type NodeView = ScreenNodeView<OmniNode, ScreenContext>;
