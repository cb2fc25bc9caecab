/**
 * Checks an action's params against its JSON Schema (draft 2020-12) with @cfworker/json-schema, which needs no
 * `eval` and so works under a strict Content-Security-Policy. The checker is loaded once, on first use (most
 * pages never run a governed action); `warmValidator()` starts the load early, when an action first shows.
 */
import type { Schema } from '@cfworker/json-schema';
import { lazy } from '../lazy.js';
import { errorText } from '../stream/errors.js';

/** A JSON Schema, or `true`/`false` (accept anything / nothing). */
export type JsonSchema = Schema | boolean;

/** One reason params don't match: where (`amount`, `items/0/qty`, empty for the whole object) and why. */
export interface ParamProblem {
  readonly path: string;
  readonly message: string;
  /** The schema keyword that failed (`type`, `required`, `enum`…), when known. */
  readonly keyword?: string;
}

/**
 * The checker couldn't be loaded (offline, a missing file). Browsers remember a failed `import()` for the life
 * of the page, so trying again in the same page fails the same way: the page has to be reloaded.
 */
export class ValidatorUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The JSON Schema checker could not be loaded, so nothing was sent unchecked. Reload the page to try again.', { cause });
    this.name = 'ValidatorUnavailableError';
  }
}

type ValidatorModule = typeof import('@cfworker/json-schema');
const loadValidator = lazy(() => import('@cfworker/json-schema'), 'the JSON Schema checker');

/** Starts loading the checker, if it isn't loading already. */
export function warmValidator(): Promise<ValidatorModule> {
  const loading = loadValidator();
  // Nobody may be waiting yet: keep an early failure from being reported as unhandled. Callers still see it.
  loading.catch(() => {});
  return loading;
}

/**
 * The problems of `params` against `schema`: empty when they pass. A schema that is itself broken is one
 * problem, never a pass. Rejects with ValidatorUnavailableError when the checker can't be loaded.
 */
export async function checkParams(schema: JsonSchema, params: unknown): Promise<ParamProblem[]> {
  let mod: ValidatorModule;
  try {
    mod = await warmValidator();
  } catch (error) {
    throw new ValidatorUnavailableError(error);
  }
  let result: ReturnType<InstanceType<ValidatorModule['Validator']>['validate']>;
  try {
    result = new mod.Validator(schema, '2020-12', false).validate(params);
  } catch (error) {
    return [{ path: '', message: `The schema can't be used: ${errorText(error)}` }];
  }
  if (result.valid) return [];
  return leafProblems(result.errors);
}

interface OutputUnit {
  keyword: string;
  instanceLocation: string;
  error: string;
}

/** Keywords that only say "something inside failed"; the error inside says what. */
const WRAPPERS = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'additionalProperties', 'dependentSchemas', 'then', 'else', 'if', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'patternProperties']);
const NAMED = /property "([^"]*)"/;

function leafProblems(errors: readonly OutputUnit[]): ParamProblem[] {
  const out: ParamProblem[] = [];
  const seen = new Set<string>();
  const leaves = errors.filter((e) => !WRAPPERS.has(e.keyword));
  for (const e of leaves.length > 0 ? leaves : errors) {
    let path = pointerPath(e.instanceLocation);
    // A missing property is reported on its parent: name the property itself, so the message names the field.
    if (e.keyword === 'required' || e.keyword === 'dependentRequired') {
      const name = NAMED.exec(e.error)?.[1];
      if (name !== undefined) path = path ? `${path}/${name}` : name;
    }
    const key = `${path}\u0000${e.keyword}\u0000${e.error}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: e.error, keyword: e.keyword });
  }
  return out;
}

/** `#/items/0/qty` → `items/0/qty` (JSON Pointer escapes undone). */
function pointerPath(location: string): string {
  const raw = location.startsWith('#') ? location.slice(1) : location;
  return raw
    .split('/')
    .filter((p) => p !== '')
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('/');
}
