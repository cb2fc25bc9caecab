/** The Omni-IR reader: parser, catalog facts and field checks. */
export { createOmniParser } from './parser.js';
export { checkField, type FieldMessage } from '../actions/fields.js';
export { isNewerVersion } from './version.js';
export { COMPONENT_NAMES, FORMAT_VERSION, LIMITS, RESERVED } from './specs.js';
export type * from './types.js';
