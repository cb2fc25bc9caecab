/**
 * What the indicator says of a request an agent has in flight: the action's description (one line, bounded,
 * through the one text path) in the sentence for its phase.
 */
import type { TemplateResult } from 'lit';
import type { OUIAction } from '../../../src/oui/index.js';
import type { Strings } from '../../../strings/en.js';
import { fillRuns } from '../../shared/base/fillRuns.js';
import { streamText } from '../../shared/base/streamText.js';
import type { Activity } from '../controllers/activity.js';
import { clean } from '../model/formFields.js';

/** The action's description as the indicator shows it: one line, bounded, through the one text path. */
export const shownDescription = (action: OUIAction): string => streamText(clean(action.description, 120));

/** What the indicator says of a request, drawn in a template: the description in its own bidirectional run (`<bdi>`). */
export function activityRuns(a: Activity, w: Strings): TemplateResult[] {
  return fillRuns(...activitySentence(a, w));
}

function activitySentence(a: Activity, w: Strings): [string, Record<string, string | number>] {
  const description = shownDescription(a.action);
  if (a.phase === 'confirm') return [w.ouiConfirming, { description }];
  if (a.phase === 'progress') return a.progress !== undefined && a.progress > 0 ? [w.ouiProgress, { description, progress: a.progress }] : [w.ouiFollowing, { description }];
  return [w.ouiRunning, { description }];
}
