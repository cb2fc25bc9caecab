/** The op stream: its document model, reader, and the component logic a renderer needs, all without a DOM. */
export { OpDocument, type OpDocumentOptions, type LineIssueCode } from './document.js';
export { createOpReader, createOpStream, parseOps, transportOf, type OpReader, type OpReaderOptions, type OpStream, type OpStreamOptions, type OpTransport } from './reader.js';
export { ChangeFeed, ROOT_ID, type ChangesSince } from '../stream/changeFeed.js';
export { OP_LIMITS, opLimits, type OpLimits } from './limits.js';
export { snapshotDocument, type DocumentSnapshot, type NodeSnapshot } from './snapshot.js';
export { BLOCK_TYPES, COMPONENT_NAME, headingLevel, isComponent, isEndAligned, isHeadRow, taskOf } from './nodeTypes.js';
export { SPAN_TYPES, plainText, spansOf } from './spans.js';
export { dataKindFor } from './data.js';
export { CHART_VALUE_LIMIT, readChartNumbers, readChartValue, type ChartCellProblem, type ChartColumn, type ChartNumbers, type ChartValue, type ChartValueProblem } from './chartNumbers.js';
export { attrFlag, attrText } from './attrs.js';
export { httpUrl, imagePolicy, type ImagePolicy } from './url.js';
export {
  evaluateFormula,
  formulaProblem,
  FORMULA_OPERATORS,
  isSliderName,
  labelWord,
  MAX_FORMULA_TOKENS,
  sliderName,
  sliderSpec,
  sliderValue,
  startingValues,
  type SliderSpec,
  type SliderValues,
} from './whatif.js';
export type * from './types.js';
export { matchChoice, quizComplete, quizQuestions, scoreQuiz, type QuizAnswer, type QuizQuestion, type QuizScore } from './quiz.js';
export {
  choiceOptions,
  defaultButton,
  FIELD_KINDS,
  fieldKey,
  fieldProblem,
  fieldProblems,
  fieldValueProblem,
  formFields,
  hasValue,
  isFieldKey,
  keepsAsState,
  missingRequired,
  submitFields,
  type FieldMessage,
  type FieldValue,
  type FieldValueKind,
  type FormField,
  type GeoLocation,
} from './form.js';
export {
  askAction,
  buttonIntent,
  buttonLabel,
  checklistAction,
  flashcardsAction,
  followUpAction,
  quizAction,
  submitAction,
  voteAction,
  type AskAction,
  type ButtonIntent,
  type ButtonLike,
  type MorphAction,
  type QuizAction,
  type StateAction,
  type SubmitAction,
  type VoteAction,
} from './actions.js';
export {
  checkState,
  ComponentStates,
  initialState,
  stateContext,
  STATEFUL_TYPES,
  type ChecklistState,
  type ComponentState,
  type FlashcardsState,
  type FormState,
  type FormStateValue,
  type PollState,
  type QuizState,
  type StateCheck,
  type StateContext,
  type WhatIfState,
} from './state.js';
export { SHARED_STATE_KEY, sharedStatesFor, withSharedState } from './sharedState.js';
