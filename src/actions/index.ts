/** The governed action pipeline: registered tools, JSON Schema checks, confirmation sentences. No DOM. */
export { fill, fillPieces, type FilledValue } from './fill.js';
export { checkParams, warmValidator, ValidatorUnavailableError, type JsonSchema, type ParamProblem } from './schema.js';
export {
  reviewAction,
  confirmationSentence,
  paramWords,
  type NumberWriter,
  paramsMessage,
  type ActionParams,
  type ActionRules,
  type BlockReason,
  type Confirmation,
  type Review,
} from './govern.js';
export { plainValue } from './plainValue.js';
export { canonicalJson } from './canonicalJson.js';
export { sha256 } from './sha256.js';
export { paramsDigest, sealParams, matchesSeal, type ParamsSeal } from './paramsSeal.js';
export { paramDetails, requiredNames, fullValue, type ParamDetail } from './paramDetails.js';
export { pastDeadline } from './deadline.js';
