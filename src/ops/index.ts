/** The op stream: its document model, reader, and the component logic a renderer needs, all without a DOM. */
export { OpDocument, type OpDocumentOptions, type LineIssueCode } from './document.js';
export { createOpReader, createOpStream, parseOps, transportOf, type OpReader, type OpReaderOptions, type OpStream, type OpStreamOptions, type OpTransport } from './reader.js';
export { ChangeFeed, ROOT_ID, type ChangesSince } from './changes.js';
export { OP_LIMITS, opLimits, type OpLimits } from './limits.js';
export { snapshotDocument, type DocumentSnapshot, type NodeSnapshot } from './snapshot.js';
export { BLOCK_TYPES, COMPONENT_NAME, isComponent } from './nodeTypes.js';
export { SPAN_TYPES, plainText, spansOf } from './spans.js';
export { dataKindFor } from './data.js';
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
