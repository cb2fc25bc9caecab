/**
 * What the agent loop tells the model about earlier bursts: each step that ran or failed, lines that were
 * dropped, and how each burst ended. Bounded: the oldest lines go first, with a line saying so, so a long task
 * never grows the prompt without limit.
 */
import { describeAction } from './describe.js';
import { observationLine } from './observation.js';
import type { BurstOutcome, Step } from './step.js';
import type { AxIssue } from './types.js';

/** The account of a run's bursts that each prompt carries. */
export interface RunSummary {
  /** Adds a finished burst (numbered from 1, or on from an earlier run's). */
  add(burst: number, steps: readonly Step[], outcome: BurstOutcome, issues?: readonly AxIssue[]): void;
  /** The summary so far; empty before the first burst. */
  text(): string;
}

const ENDINGS: Record<Exclude<BurstOutcome['reason'], 'truncated' | 'model_failed' | 'withdrawn'>, string> = {
  done: 'you ended the task',
  observe: 'you asked to observe',
  assert_failed: 'an assert failed, so the burst stopped there',
  action_failed: 'an action failed, so the burst stopped there',
  risk_refused: 'a risky step was refused, so the burst stopped there; do not retry it as it was',
  target_changed: 'the page changed after the person approved a step, so it was not done; observe again before trying anything else',
  activation_changed: 'a step would have pressed something other than what was judged (the page moved or changed it), so it was not done; observe again before trying anything else',
  approval_unseen: 'a risky step needed approval but the person could not be shown the question, so the burst stopped there',
  stream_ended: 'your reply ended without observe or done; end every burst with one of them',
  no_fence: 'your reply had no ```jsonl block, so nothing ran; write the actions in one, or end the task with {"op":"done",…} in one',
  aborted: 'it was stopped',
};

/** How a burst ended, in the words the model reads. */
function endingWords(outcome: BurstOutcome): string {
  if (outcome.reason === 'truncated' || outcome.reason === 'withdrawn') return `${outcome.detail}; your reply stops there, so write shorter bursts`;
  if (outcome.reason === 'model_failed') return `your reply broke off (${clip(outcome.detail)}); the steps above ran, the rest did not`;
  return ENDINGS[outcome.reason];
}

/** One step as a summary line, or null for a step that never ran. */
export function summaryLine(step: Step): string | null {
  const what = describeAction(step.action);
  switch (step.status) {
    case 'done':
      return `  ok: ${what}${ambiguousWords(step)}`;
    case 'failed':
      return `  FAILED: ${what}: ${step.error ?? 'no reason given'}`;
    case 'refused':
      return `  REFUSED: ${what}: ${step.error ?? 'no reason given'}`;
    case 'withdrawn':
      return `  WITHDRAWN: ${what}: ${step.error ?? 'no reason given'}`;
    default:
      return null;
  }
}

/** For a step that ran on an ambiguous target: which elements it matched, the one used first. */
function ambiguousWords(step: Step): string {
  const ambiguous = step.ambiguous;
  const used = ambiguous ? step.resolved?.[ambiguous.target] : undefined;
  if (!ambiguous || used?.kind !== 'element') return '';
  const words = [used.node, ...ambiguous.alike].map((n) => observationLine({ ...n, states: [], value: '' }, 60)).join(', ');
  return ` (ambiguous: it matched ${words}; the first was used)`;
}

function clip(text: string): string {
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** The line that opens a summary whose oldest lines were dropped. */
const CUT = '(earlier steps left out)';

/**
 * Keeps the last `maxLines` lines of every burst's account. `earlier`: the summary of an earlier run of the same
 * task (its `text()`), which this one goes on from.
 */
export function createRunSummary(maxLines = 80, earlier = ''): RunSummary {
  let lines = earlier === '' ? [] : earlier.split('\n');
  let cut = lines[0] === CUT;
  if (cut) lines.shift();
  if (lines.length > maxLines) {
    lines = lines.slice(lines.length - maxLines);
    cut = true;
  }
  return {
    add(burst, steps, outcome, issues = []) {
      lines.push(`Burst ${burst}:`);
      for (const step of steps) {
        const line = summaryLine(step);
        if (line !== null) lines.push(line);
      }
      // The reasons teach the model its mistake; three are enough to show a pattern. Warnings are on their steps.
      const dropped = issues.filter((i) => i.severity === 'error');
      for (const issue of dropped.slice(0, 3)) lines.push(`  DROPPED ${clip(issue.message)}`);
      if (dropped.length > 3) lines.push(`  (${dropped.length - 3} more lines dropped)`);
      lines.push(`  ended: ${endingWords(outcome)}`);
      if (lines.length > maxLines) {
        lines = lines.slice(lines.length - maxLines);
        cut = true;
      }
    },
    text() {
      return (cut ? [CUT, ...lines] : lines).join('\n');
    },
  };
}
