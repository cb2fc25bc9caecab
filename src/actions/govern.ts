/**
 * The governed action pipeline every element shares, without the DOM: a stream (or an agent) may only ask for
 * actions the app registered, with params that match the app's schema, and the sentence the person confirms
 * is built from the app's words with the params as plain text. What asks the person, and what runs the
 * action, is the element's: `<omni-screen>`'s presses, `<ax-runner>`'s risky steps, `<oui-surface>`'s requests.
 */
import { fill } from './fill.js';
import { checkParams, type JsonSchema, type ParamProblem } from './schema.js';
import { hasOwn } from '../stream/ownProperty.js';
import { plainValue } from './plainValue.js';

// Still reachable from here, where it was first declared.
export { plainValue };

/** Params of an action as the handler receives them. */
export type ActionParams = Readonly<Record<string, unknown>>;

/** The confirmation for a tool: a sentence with `{param}` placeholders, or a function writing it from the params. */
export type Confirmation<P = ActionParams> = string | ((params: Readonly<P>) => string);

/** Why an action was stopped before it ran. */
export type BlockReason = 'tool' | 'params' | 'confirm-failed';

export type Review =
  /** Every check passed; `confirmation` is the sentence to ask the person, or null when none is needed. */
  | { readonly ok: true; readonly confirmation: string | null }
  | { readonly ok: false; readonly reason: BlockReason; readonly message: string; readonly problems: readonly ParamProblem[]; readonly error?: unknown };

export interface ActionRules {
  /** The registered tools and their param schemas; nothing else may run. */
  readonly tools: Readonly<Record<string, JsonSchema>>;
  /** Confirmations by tool; a tool without one runs without asking. */
  readonly confirm?: Readonly<Record<string, Confirmation<never>>>;
}


/**
 * Reviews an action before it runs: the tool is registered, its params match its schema, and the confirmation
 * (if the tool has one) can be written. Never throws for what the action or the app's rules contain; rejects
 * only when the schema checker can't be loaded (ValidatorUnavailableError), which blocks the action too.
 */
export async function reviewAction(tool: string, params: ActionParams, rules: ActionRules, number?: NumberWriter): Promise<Review> {
  if (!hasOwn(rules.tools, tool)) {
    return { ok: false, reason: 'tool', message: `The tool "${tool}" isn't registered`, problems: [] };
  }
  const problems = await checkParams(rules.tools[tool] as JsonSchema, params);
  if (problems.length > 0) {
    return { ok: false, reason: 'params', message: paramsMessage(tool, problems), problems };
  }
  if (!rules.confirm || !hasOwn(rules.confirm, tool)) return { ok: true, confirmation: null };
  const written = confirmationSentence(rules.confirm[tool] as Confirmation, params, number);
  if (!written.ok) {
    return { ok: false, reason: 'confirm-failed', message: `The confirmation for "${tool}" could not be written`, problems: [], error: written.error };
  }
  return { ok: true, confirmation: written.sentence };
}

/** How a number is written in the person's language (the element's locale); without one, as JavaScript writes it. */
export type NumberWriter = (value: number) => string;

/**
 * Writes a confirmation: a template filled once with the params as plain text (numbers by `number`), or the
 * app's function called with the params. A function that throws or doesn't return a string fails, and the
 * action must not run.
 */
export function confirmationSentence(
  confirmation: Confirmation,
  params: ActionParams,
  number?: NumberWriter,
): { ok: true; sentence: string } | { ok: false; error: unknown } {
  let sentence: unknown;
  try {
    sentence =
      typeof confirmation === 'function'
        ? confirmation(params)
        : typeof confirmation === 'string'
          ? fill(confirmation, paramWords(params, number))
          : undefined;
  } catch (error) {
    return { ok: false, error };
  }
  if (typeof sentence !== 'string') return { ok: false, error: new TypeError('The confirmation is not a string') };
  return { ok: true, sentence };
}

/** Param values as the plain text a sentence shows: null as nothing, objects and lists as compact JSON. */
export function paramWords(params: ActionParams, number?: NumberWriter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) out[k] = number && typeof v === 'number' && Number.isFinite(v) ? plainValue(number(v)) : plainValue(v);
  return out;
}

/** The problems as one sentence for a developer: each field and what is wrong with it. */
export function paramsMessage(tool: string, problems: readonly ParamProblem[]): string {
  const parts = problems.slice(0, 5).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
  return `The params for "${tool}" don't match its schema: ${parts.join('; ')}${more}`;
}
