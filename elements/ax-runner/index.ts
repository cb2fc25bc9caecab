/** `<ax-runner>`: runs a model's axstream actions against the live page as they stream. Importing this module defines the element. */
import { defineElement } from '../shared/base/defineElement.js';
import { AxRunnerElement } from './axRunner.js';

defineElement('ax-runner', AxRunnerElement);

export { AxRunnerElement };
export { AxEndEvent, AxIssueEvent, AxObserveEvent, AxStepEvent, axOutcome, type AxOutcome } from './events.js';
export { createPageBackend, type PageBackend, type PageBackendOptions } from './backend/pageBackend.js';
export type { RiskOf } from './backend/riskMarking.js';
export { createRemoteBackend, answerRemote, serveRemoteBackend, type MessageSocket, type RemoteCall } from '../../src/axstream/index.js';
export type { AgentResult, ChatMessage, ChatModel } from '../../src/axstream/index.js';
export type { ApprovalAnswer, Policy } from '../../src/axstream/index.js';
export type { Backend, Observation } from '../../src/axstream/index.js';
export type { Step, StepStatus } from '../../src/axstream/index.js';
