/**
 * What a step typed into a secret field (a password, a one-time code, a card number) is typed for real but never
 * shown: every snapshot of the step carries the action with its text as dots, so the element's log, its live
 * region, the events an app logs and the summary the model is sent all read the same dots. The engine keeps the
 * real action for the backend alone. A `type` step's text is hidden until its field is known not to be secret:
 * a snapshot taken before then can't show what is about to go into a password field.
 */
import type { AxAction } from './types.js';

/** What a secret reads as, wherever it is shown. */
export const SECRET_MASK = '••••••';

/**
 * The action as people and the model may see it. `secret` is the step's: true, false, or undefined while not yet
 * known. A `type` step's text shows only when `secret` is false; a secret `key` step shows its characters as dots.
 */
export function shownAction(action: AxAction, secret: boolean | undefined): AxAction {
  if (action.op !== 'act') return action;
  if (action.do === 'type') return secret === false ? action : Object.freeze({ ...action, text: SECRET_MASK });
  if (action.do === 'key' && secret === true) {
    const dot = (k: string) => ([...k].length === 1 ? '•' : k);
    return Object.freeze({ ...action, keys: action.keys.map(dot), chord: action.chord.map(dot) });
  }
  return action;
}
