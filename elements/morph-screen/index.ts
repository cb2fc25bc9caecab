/**
 * `<morph-screen>`: draws an op-stream answer document as it streams. Importing this module defines the element
 * (and the internal `<morph-node>` it draws each node in) where custom elements exist and it isn't defined yet.
 */
import { defineElement } from '../shared/base/defineElement.js';
import { MorphNodeElement } from './morphNode.js';
import { MorphScreenElement } from './morphScreen.js';

defineElement('morph-node', MorphNodeElement);
defineElement('morph-screen', MorphScreenElement);

export { MorphScreenElement };
export type { ComponentTags, MorphRespond } from './morphScreen.js';
export type { AppComponentEntry } from '../shared/screen/appComponents.js';
export { MorphActionEvent, MorphEndEvent, MorphIssueEvent, MorphStateEvent, type DiagOrigin, type IssueSource } from './events.js';
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
