/** Small helpers for error messages every layer writes: one wording, one place. */

/** Names a value for an error message: its kind, and a short look at it. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'string':
      return `a string`;
    case 'number':
    case 'bigint':
      return `a number (${String(value)})`;
    case 'boolean':
      return `a boolean (${String(value)})`;
    case 'function':
      return `a function${value.name ? ` (${value.name})` : ''}`;
    case 'symbol':
      return 'a symbol';
  }
  if (Array.isArray(value)) return `an array of ${value.length}`;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? `a ${name}` : 'a plain object';
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
