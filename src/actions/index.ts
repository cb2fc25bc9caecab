/** The governed action pipeline: registered tools, JSON Schema checks, confirmation sentences. No DOM. */
export { fill, fillPieces, type FilledValue } from './fill.js';
export { checkParams, warmValidator, ValidatorUnavailableError, type JsonSchema, type ParamProblem } from './schema.js';
export {
  reviewAction,
  confirmationSentence,
  paramWords,
  plainValue,
  paramsMessage,
  type ActionParams,
  type ActionRules,
  type BlockReason,
  type Confirmation,
  type Review,
} from './govern.js';
