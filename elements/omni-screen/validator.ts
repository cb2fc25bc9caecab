/**
 * The params check of a press ([9]): the tool's JSON Schema (draft 2020-12) with @cfworker/json-schema. Loaded on
 * first use, as its own chunk, since most screens never press a governed Button; `warmValidator()` starts the
 * load as soon as a governed Button is drawn, so a press rarely waits for it.
 */
import type { Schema } from '@cfworker/json-schema';

type ValidatorModule = typeof import('@cfworker/json-schema');
let loading: Promise<ValidatorModule> | null = null;

export function warmValidator(): void {
  if (!loading) {
    loading = import('@cfworker/json-schema');
    loading.catch(() => {
      loading = null; // try again on the next press
    });
  }
}

/** The schema errors of `value` (empty when it passes). A broken schema counts as an error, never as a pass. */
export async function schemaErrors(schema: Schema | boolean, value: unknown): Promise<unknown[]> {
  warmValidator();
  const { Validator } = await loading!;
  try {
    const result = new Validator(schema, '2020-12', false).validate(value);
    return result.valid ? [] : result.errors;
  } catch (error) {
    return [error];
  }
}
