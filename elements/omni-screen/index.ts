/**
 * `<omni-screen>`: draws an Omni-IR stream as a live screen. Importing this module defines the element (and the
 * internal `<omni-node>` it draws each node in), here and nowhere else, as every element's index.ts does.
 */
import { defineElement } from '../shared/base/defineElement.js';
import { OmniNodeElement } from './omniNode.js';
import { OmniScreenElement } from './omniScreen.js';

defineElement('omni-node', OmniNodeElement);
defineElement('omni-screen', OmniScreenElement);

export { OmniScreenElement };
export type { ActionHandler, Confirmation, GenerateProgress, OmniRequestInit, StreamSource, ToolSchema } from './omniScreen.js';
export type { GenerateOutcome, GenerateDone, GenerateError } from '../../src/omni-ir/transport/index.js';
export {
  OmniActionErrorEvent,
  OmniActionEvent,
  OmniBlockedEvent,
  OmniEndEvent,
  OmniGenerateEndEvent,
  OmniIssueEvent,
  OmniLiveEvent,
  OmniUpdateEvent,
  type ActionParams,
  type BlockReason,
  type LiveState,
  type UpdateSource,
  type OmniAction,
  type OmniActionResult,
} from './events.js';
export type { AppComponentView, Picture } from './screenContext.js';
// The registries' shapes, for an app's own typed constants (`const tools: Record<string, ToolSchema> = …`).
export type { AppComponentDeclaration, PictureFamily } from '../../src/omni-ir/index.js';
export { registerLocale } from '../../strings/locales.js';
