/** `<omni-screen>`: draws an Omni-IR stream as a live screen. Importing this module defines the element. */
export { OmniScreen } from './omniScreen.js';
export type { ActionHandler, Confirmation, StreamSource, ToolSchema } from './omniScreen.js';
export {
  OmniActionErrorEvent,
  OmniActionEvent,
  OmniBlockedEvent,
  OmniEndEvent,
  OmniIssueEvent,
  type ActionParams,
  type BlockReason,
  type OmniAction,
  type OmniActionResult,
} from './events.js';
export type { AppComponentView, Picture } from './screenContext.js';
