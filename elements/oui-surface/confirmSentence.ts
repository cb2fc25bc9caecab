/**
 * What the person reads before an agent's action runs: what the app says the action does, its id, and each
 * param the agent sent as `name: value`. Names and values come from the transport, so they are plain text,
 * bounded in length and in number: a hostile request can't fill the dialog or draw anything in it.
 */
import { fill } from '../../src/actions/fill.js';
import { plainValue } from '../../src/actions/govern.js';
import type { OUIAction, OUIActionRequest } from '../../src/oui/protocol.js';
import type { Strings } from '../../strings/en.js';
import { clean } from './controllers/formFields.js';

const MAX_PARAMS = 8;

export function confirmSentence(request: OUIActionRequest, action: OUIAction, w: Strings): string {
  const lines = [fill(w.ouiConfirmIntro, { description: clean(action.description, 300) }), fill(w.ouiConfirmAction, { action: clean(action.id, 100) })];
  const entries = Object.entries(request.params ?? {});
  if (entries.length === 0) lines.push(w.ouiConfirmNoParams);
  for (const [name, value] of entries.slice(0, MAX_PARAMS)) {
    lines.push(fill(w.ouiConfirmParam, { name: clean(name, 60), value: clean(plainValue(value, 200), 200) }));
  }
  if (entries.length > MAX_PARAMS) lines.push(fill(w.ouiConfirmMoreParams, { count: entries.length - MAX_PARAMS }));
  return lines.join('\n');
}
