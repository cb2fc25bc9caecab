/** `<morph-screen>`: draws an op-stream answer document as it streams. Importing this module defines the element. */
export { MorphScreen } from './morphScreen.js';
export type { ComponentTags, MorphRespond } from './morphScreen.js';
export { MorphActionEvent, MorphDiagEvent, MorphEndEvent, MorphStateEvent, type DiagOrigin } from './events.js';
export type {
  ComponentState,
  EndResult,
  ImagePolicy,
  MorphAction,
  AskAction,
  SubmitAction,
  QuizAction,
  VoteAction,
  StateAction,
  OpIssue,
  StreamDiag,
} from '../../src/ops/index.js';
