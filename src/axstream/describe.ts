/**
 * Short plain-English words for an action, as the model's summary and logs show it: `click button "Save"`,
 * `type "hello⏎"`, `key cmd+s`. Model text inside is quoted and clipped, so a summary line stays one line.
 */
import { describeTarget } from './resolveTarget.js';
import type { AxAction, Target } from './types.js';

function quote(text: string, max = 60): string {
  const t = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(t);
}

function place(target: Target): string {
  return target.kind === 'point' ? `(${target.x}, ${target.y})` : describeTarget(target);
}

/** One action in a few words. */
export function describeAction(action: AxAction): string {
  switch (action.op) {
    case 'observe':
      return 'observe';
    case 'done':
      return action.reason === undefined ? `done ${action.status}` : `done ${action.status}: ${quote(action.reason, 120)}`;
    case 'assert':
      return `assert ${describeTarget(action.target)}`;
    case 'act':
      break;
  }
  const risky = action.risk === 'risky' ? ' (risky)' : '';
  switch (action.do) {
    case 'click':
    case 'double_click':
    case 'right_click':
    case 'move':
      return `${action.do} ${place(action.target)}${risky}`;
    case 'drag':
      return `drag ${place(action.from)} to ${place(action.to)}${risky}`;
    case 'type':
      return `type ${quote(action.text)}${risky}`;
    case 'key':
      return `key ${action.keys.join('+')}${risky}`;
    case 'scroll':
      return `scroll ${action.direction}${action.clicks === 1 ? '' : ` ${action.clicks}`}${risky}`;
    case 'open':
      return `open ${quote(action.target, 120)}${risky}`;
    case 'wait':
      return `wait ${action.ms} ms${risky}`;
    case 'wait_until':
      return `wait until ${describeTarget(action.target)} appears (up to ${action.timeout_ms} ms)${risky}`;
  }
}
