/**
 * axstream, the engine of <ax-runner>: fence framing and line commit, the 0.1 action model, late-bound targets
 * over an abstract accessibility tree, the burst controller, the agent loop and the prompt it teaches with.
 */
export { createBurst, type Burst, type BurstOptions } from './burst.js';
export {
  createBurstController,
  type Approve,
  type ApprovalAnswer,
  type BurstController,
  type BurstEnding,
  type BurstControllerOptions,
  type Policy,
} from './burstController.js';
export { createFenceReader, type FenceHandlers, type FenceReader, type FenceReaderOptions } from './fenceReader.js';
export { readAction, lineIssue } from './readAction.js';
export { readTarget, readAxTarget, type TargetResult } from './readTarget.js';
export {
  ACTIONS,
  ACTION_SPECS,
  AX_LIMITS,
  AXSTREAM_VERSION,
  type ActionSpec,
  type FieldKind,
  type FieldSpec,
} from './vocabulary.js';
export { normalizeKey, normalizeChord, platformKey, KEY_ALIASES, MODIFIERS, type ChordResult } from './keys.js';
export { ariaRoles, rolesMatch, AX_ROLE_MAP, INTERACTIVE_ROLES } from './roles.js';
export {
  resolveTarget,
  matchTarget,
  createTargetSearch,
  roleRank,
  describeTarget,
  nameKey,
  MAX_ALIKE,
  type TargetMatch,
  type TargetPurpose,
  type TargetSearch,
} from './resolveTarget.js';
export { nearestFirst, observationText, observationLine, type ObservationTextOptions } from './observation.js';
export { describeAction } from './describe.js';
export { checkApproved, nodeChange, approvedWords, approvedNodes, ActivationChanged, isActivationChanged } from './checkApproved.js';
export { shownAction, SECRET_MASK } from './secretText.js';
export { createRunSummary, summaryLine, type RunSummary } from './summary.js';
export { axSystemPrompt, axUserPrompt, exampleLine, fenced, type AxPromptOptions, type AxUserPromptInput } from './prompt.js';
export { runAgent, type AgentHistory, type AgentOptions, type AgentResult, type ChatMessage, type ChatModel } from './agent.js';
export { sleep, realClock, type Clock } from '../transport/clock.js';
export {
  createRemoteBackend,
  answerRemote,
  serveRemoteBackend,
  REMOTE_PROTOCOL,
  type AnswerOptions,
  type MessageSocket,
  type RemoteBackend,
  type RemoteBackendOptions,
  type RemoteCall,
  type RemoteReply,
  type RemoteRequest,
} from './remote.js';
export type { Backend, BackendContext, ActContext, ActResult, Assessment, Observation, ResolveContext } from './backend.js';
export type { AxDestination, AxNode, AxTree } from './tree.js';
export type { BurstOutcome, BurstEndReason, Resolved, ResolvedTargets, Step, StepStatus } from './step.js';
export { STEP_REASON_WORDS, stepReasonText, type LookupReason, type StepReason, type StepReasonCode } from './stepReason.js';
export type * from './types.js';
