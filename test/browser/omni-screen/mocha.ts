// Typed handles on mocha's globals (the project has no @types/mocha); web-test-runner defines them first.
type Fn = (this: unknown) => unknown;
const g = globalThis as unknown as Record<string, unknown>;
export const describe = g.describe as (name: string, body: () => void) => void;
export const it = g.it as (name: string, body: Fn) => void;
export const before = g.before as (body: Fn) => void;
export const after = g.after as (body: Fn) => void;
export const beforeEach = g.beforeEach as (body: Fn) => void;
export const afterEach = g.afterEach as (body: Fn) => void;
