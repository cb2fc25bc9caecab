// `agentic-elements/engine/axstream`: axstream (<ax-runner>'s format) without the DOM, listed by name: fence
// framing and the action model, late-bound targets over an abstract accessibility tree, the burst that runs
// steps, the remote backend, and the agent loop with the prompt it teaches with. The core it stands on is
// `agentic-elements/engine`.
export {
  ACTIONS,
  AX_LIMITS,
  AXSTREAM_VERSION,
  createFenceReader,
  readAction,
  readTarget,
  normalizeChord,
  platformKey,
  resolveTarget,
  matchTarget,
  createTargetSearch,
  roleRank,
  nearestFirst,
  observationText,
  describeAction,
  createBurst,
  createBurstController,
  checkApproved,
  ActivationChanged,
  isActivationChanged,
  createRemoteBackend,
  answerRemote,
  serveRemoteBackend,
  REMOTE_PROTOCOL,
  axSystemPrompt,
  axUserPrompt,
  fenced,
  runAgent,
} from '../axstream/index.js';
export type {
  ActAction, ActContext, ActionName, ActionSpec, AgentHistory, AgentOptions, AgentResult, AnswerOptions, ApprovalAnswer, Approve,
  ActResult, AssertAction, Assessment, AxAction, AxDestination, AxIssue, AxIssueCode, AxNode, AxPromptOptions, AxTarget,
  AxTree, AxUserPromptInput, Backend, BackendContext, Burst, BurstController, BurstControllerOptions,
  BurstEndReason, BurstEnding, BurstOptions, BurstOutcome, ChatMessage, ChatModel, ChordResult, DoneAction,
  DragAction, FenceHandlers, FenceReader, FenceReaderOptions, FieldKind, FieldSpec, KeyAction, KeyName,
  LookupReason, Observation, ObservationTextOptions, ObserveAction, OpenAction, PointTarget, PointerAction,
  PointerActionName, Policy, ReadLine, RemoteBackend, RemoteBackendOptions, RemoteCall, RemoteReply, RemoteRequest,
  ResolveContext, Resolved, ResolvedTargets, Risk, RunSummary, ScrollAction, ScrollDirection, Step, StepReason, StepReasonCode,
  StepStatus, Target, TargetMatch, TargetPurpose, TargetResult, TargetSearch, TypeAction, WaitAction, WaitUntilAction,
} from '../axstream/index.js';

// The core's types this entry's signatures name, so its declarations read whole (the same types as the core's).
export type { Chunk, Clock, MessageSocket, ResponseSource, Severity, Source, SourceInput, StreamIssue, Timers } from '../index.js';
