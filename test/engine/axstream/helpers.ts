// Small helpers shared by the axstream engine tests: a recording fake backend, a clock that never really waits,
// and a way to run a whole burst and read back what it did.
import {
  createBurst,
  observationText,
  type ActAction,
  type AxNode,
  type Backend,
  type BurstOptions,
  type BurstOutcome,
  type Clock,
  type ResolvedTargets,
  type Step,
} from '../../../src/axstream/index.ts';

export type Ref = string;

/** A screen the way the conformance cases write one: refs, roles and names in document order. */
export function screen(...nodes: [ref: string, role: string, name: string, id?: string][]): AxNode<Ref>[] {
  return nodes.map(([ref, role, name, id]) => (id === undefined ? { ref, role, name } : { ref, role, name, id }));
}

/** The screen most tests use. */
export const SCREEN = screen(
  ['save', 'button', 'Save', 'e1'],
  ['save-as', 'button', 'Save as…', 'e2'],
  ['search', 'textbox', 'Search', 'e3'],
  ['help', 'link', 'Help center', 'e4'],
  ['delete', 'button', 'Delete draft', 'e5'],
);

export interface Performed {
  readonly action: ActAction;
  readonly targets: ResolvedTargets<Ref>;
  readonly step: Step<Ref>;
}

export interface FakeOptions {
  /** The live tree; a function is read again each time the engine looks. */
  tree?: readonly AxNode<Ref>[] | (() => readonly AxNode<Ref>[]);
  /** Milliseconds (real time) each action takes; default none. */
  delay?: (action: ActAction) => number;
  /** A message to fail the action with, or undefined to perform it. */
  fail?: (action: ActAction) => string | undefined;
}

/** A backend that records each action it performs (as a short line in `log`, and whole in `performed`). */
export function fakeBackend(options: FakeOptions = {}) {
  const performed: Performed[] = [];
  const log: string[] = [];
  const tree = () => (typeof options.tree === 'function' ? options.tree() : (options.tree ?? SCREEN));
  const backend: Backend<Ref> = {
    observe: () => ({ text: observationText(tree()), tree: tree() }),
    tree,
    async act(action, targets, { step, signal }) {
      const message = options.fail?.(action);
      if (message !== undefined) throw new Error(message);
      const ms = options.delay?.(action) ?? 0;
      if (ms > 0) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, ms);
          signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
        });
        // Cut short by a stop: it was not performed.
        if (signal.aborted) return;
      }
      performed.push({ action, targets, step });
      log.push(short(action, targets));
    },
  };
  return { backend, performed, log };
}

/** `click @save`, `type "hi"`, `wait 5`: enough to compare runs at a glance. */
export function short(action: ActAction, targets: ResolvedTargets<Ref> = {}): string {
  const where = (r: ResolvedTargets<Ref>['target']) => (r === undefined ? '' : r.kind === 'element' ? `@${r.node.ref}` : `(${r.x},${r.y})`);
  switch (action.do) {
    case 'drag':
      return `drag ${where(targets.from)} ${where(targets.to)}`;
    case 'type':
      return `type ${JSON.stringify(action.text)}`;
    case 'key':
      return `key ${action.chord.join('+')}`;
    case 'scroll':
      return `scroll ${action.direction} ${action.clicks}`;
    case 'open':
      return `open ${action.target}`;
    case 'wait':
      return `wait ${action.ms}`;
    case 'wait_until':
      return `wait_until ${where(targets.target)}`;
    default:
      return `${action.do} ${where(targets.target)}`;
  }
}

/** A clock on which time passes only when something sleeps, and sleeping takes no real time. */
export function fakeClock(): Pick<Clock, 'now' | 'sleep'> & { readonly slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    async sleep(ms, signal) {
      slept.push(ms);
      if (signal?.aborted) return;
      await Promise.resolve();
      t += ms;
    },
  };
}

export interface BurstRun {
  readonly log: string[];
  readonly dropped: number[];
  readonly codes: string[];
  readonly outcome: BurstOutcome<Ref>;
  readonly steps: readonly Step<Ref>[];
  readonly narration: string[];
}

/** Writes `pieces` (text or bytes) into a burst, ends it, and waits for the outcome. */
export async function runBurst(
  pieces: string | (string | Uint8Array)[],
  options: Partial<BurstOptions<Ref>> & { fake?: FakeOptions } = {},
): Promise<BurstRun> {
  const fake = fakeBackend(options.fake);
  const burst = createBurst<Ref>({ backend: fake.backend, clock: fakeClock(), ...options });
  const narration: string[] = [];
  burst.onNarration((t) => narration.push(t));
  for (const p of typeof pieces === 'string' ? [pieces] : pieces) burst.write(p);
  burst.end();
  const outcome = await burst.outcome;
  return {
    log: fake.log,
    dropped: burst.issues.map((i) => i.line!),
    codes: burst.issues.map((i) => `${i.line} ${i.code}`),
    outcome,
    steps: burst.steps,
    narration,
  };
}

/** A fenced burst of the given lines. */
export function fence(...lines: string[]): string {
  return ['```jsonl', ...lines, '```', ''].join('\n');
}

/** An act line from an object, written as JSON. */
export const act = (fields: Record<string, unknown>) => JSON.stringify({ op: 'act', ...fields });

export const bytes = (s: string) => new TextEncoder().encode(s);

/** `bytes` cut into pieces of `size`. */
export function split(b: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += size) out.push(b.subarray(i, i + size));
  return out;
}

/** The parts of an outcome a test compares: reason, and status and detail when there. */
export function ending(o: BurstOutcome<Ref>): Record<string, unknown> {
  const out: Record<string, unknown> = { reason: o.reason };
  if ('status' in o) out['status'] = o.status;
  if ('detail' in o && o.detail !== undefined) out['detail'] = o.detail;
  return out;
}

/** Resolves after `ms` of real time. */
export const later = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
