/**
 * What the person reads before an agent's action runs: what the app says the action does and its id; below it
 * the dialog lists every param the agent sent, required ones first, each value whole (`confirmDetails`). Names
 * and values come from the transport, so they are plain text: a hostile request can't draw anything in the
 * dialog, nor hide a param behind a count.
 */
import { fill, paramDetails, type ParamDetail } from '../../../src/actions/index.js';
import type { OUIAction, OUIActionRequest } from '../../../src/oui/index.js';
import type { Strings } from '../../../strings/en.js';
import { clean } from '../model/formFields.js';

export function confirmSentence(request: OUIActionRequest, action: OUIAction, w: Strings): string {
  const lines = [fill(w.ouiConfirmIntro, { description: clean(action.description, 300) }), fill(w.ouiConfirmAction, { action: clean(action.id, 100) })];
  if (Object.keys(request.params ?? {}).length === 0) lines.push(w.ouiConfirmNoParams);
  return lines.join('\n');
}

/** Every param of the request, required ones (by the action's input schema) first. */
export function confirmDetails(request: OUIActionRequest, action: OUIAction): ParamDetail[] {
  return paramDetails(request.params ?? {}, action.input);
}
