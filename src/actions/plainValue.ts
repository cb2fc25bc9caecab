/**
 * A value as the plain text a person reads in a sentence: a confirmation's params, a step or an observation
 * described to the model. Its own file because both the action pipeline (loaded when an action is first asked
 * for) and the words elements show at once use it.
 */
import { withoutDirectionControls } from '../stream/directionControls.js';

/** One value as plain text, at most `max` characters (a hostile value can't fill a dialog). */
export function plainValue(value: unknown, max = 200): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? '';
    } catch {
      text = String(value);
    }
  }
  // Shown to a person who decides on it: without the direction controls that could make it show something else.
  text = withoutDirectionControls(text);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
