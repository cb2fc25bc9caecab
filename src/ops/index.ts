/**
 * The op stream: its document model, reader, and the component logic a renderer needs, all without a DOM. This is
 * the folder's face for the elements and the engine's other parts; what is published is listed by name in
 * src/entries/ops.ts. A module all of whose names the folder offers is re-exported whole; names are listed only
 * where the folder keeps some of a module's to itself.
 */
export * from './document.js';
export * from './reader.js';
export { ChangeFeed, ROOT_ID, type ChangesSince } from '../stream/changeFeed.js';
export * from './limits.js';
export * from './snapshot.js';
export { BLOCK_TYPES, COMPONENT_NAME, headingLevel, isComponent, isEndAligned, isHeadRow, taskOf } from './nodeTypes.js';
export { SPAN_TYPES, plainText, spansOf } from './spans.js';
export { dataKindFor } from './data.js';
export * from './chartNumbers.js';
export { attrFlag, attrText } from './attrs.js';
export * from './url.js';
export * from './whatif.js';
export type * from './types.js';
export * from './quiz.js';
export * from './form.js';
export * from './actions.js';
export * from './state.js';
export * from './sharedState.js';
