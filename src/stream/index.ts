/**
 * The stream stage every format reader shares: bytes → text (one UTF-8 decoder) → lines → JSON lines, the
 * sources they are read from, and the shape problems are reported in.
 */
export { createUtf8Decoder, type Utf8Decoder } from './utf8Decoder.js';
export { createLineSplitter, type LineHandlers, type LineSplitter } from './lineSplitter.js';
export { createLineStream, type LineStream } from './lineStream.js';
export {
  createJsonLineReader,
  isBlank,
  isJsonObject,
  parseJsonLine,
  type JsonLine,
  type JsonLineHandlers,
  type JsonLineProblem,
  type JsonLineReaderOptions,
} from './jsonLines.js';
export {
  assertSource,
  readSource,
  SourceError,
  type Chunk,
  type ReadSourceOptions,
  type ResponseSource,
  type Source,
  type SourceInput,
} from './readSource.js';
export { createIssueSink, reportError, type Issue, type IssueListener, type IssueSink, type Severity } from './issue.js';
export { describe, errorText } from './errors.js';
export { withoutDirectionControls } from './directionControls.js';
export { hasOwn, ownValue } from './ownProperty.js';
