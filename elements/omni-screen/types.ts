/** The shapes an app gives `<omni-screen>`: its registries, handler and request settings. */
import type { Schema } from '@cfworker/json-schema';
import type { Source } from '../../src/stream/index.js';
import type { ActionParams, OmniAction, OmniActionResult } from './events.js';

/** A tool's parameters as a JSON Schema (draft 2020-12), checked with @cfworker/json-schema at press time. */
export type ToolSchema = Schema | boolean;

/** The confirmation for a tool: a sentence with `{param}` placeholders, or a function writing it from the params. */
export type Confirmation = string | ((params: Readonly<ActionParams>) => string);

/** Runs a governed action the person pressed and confirmed. Throw or reject to report a failure. */
export type ActionHandler = (action: OmniAction) => Promise<OmniActionResult | void> | OmniActionResult | void;

/**
 * What every request to the server carries ([10.14]): `credentials` (default `'same-origin'`) and `headers`, such
 * as `Authorization: Bearer …`. The clients' own Content-Type, Accept and Idempotency-Key win over these.
 */
export interface OmniRequestInit {
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
}

/** Anything `stream()` reads: a fetch Response, a ReadableStream, an async or sync iterable of text or UTF-8 bytes, or a string. */
export type StreamSource = Source;
