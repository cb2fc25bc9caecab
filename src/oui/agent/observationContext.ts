/**
 * The latest observations as a few lines for a prompt: each registered surface with its name and description
 * (and its activation condition and metadata when declared), then one line per declared observation with what it
 * is and its value as compact JSON. Values and the whole text are cut to bounds,
 * so a page can't fill the model's context with one large value.
 */
import { plainValue } from '../../actions/index.js';
import type { OUISurface } from '../protocol.js';

/** Bounds of the context text. */
export interface ObservationContextOptions {
  /** The whole text, at most. Default 2000. */
  maxChars?: number;
  /** One value, at most. Default 200. */
  maxValueChars?: number;
}

/** A surface and the latest value of each observation that has one (and of status observations, by their ids). */
export interface ObservationContextSurface {
  surface: OUISurface;
  values: ReadonlyMap<string, unknown>;
}

/** A value as compact JSON (strings quoted, so "2" and 2 differ), cut to `max` characters. */
function valueText(value: unknown, max: number): string {
  return plainValue(typeof value === 'string' ? JSON.stringify(value) : value, max);
}

/** Writes the context text. Empty when no surface is registered. */
export function observationContext(surfaces: readonly ObservationContextSurface[], options: ObservationContextOptions = {}): string {
  const maxChars = Math.max(80, options.maxChars ?? 2000);
  const maxValue = Math.max(8, options.maxValueChars ?? 200);
  if (surfaces.length === 0) return '';
  const lines: string[] = ['Surfaces on the page (what you can see):'];
  for (const { surface, values } of surfaces) {
    lines.push(`- ${surface.id} "${plainValue(surface.name, 80)}": ${plainValue(surface.description, 200)}`);
    if (surface.activation?.condition) lines.push(`  available when: ${plainValue(surface.activation.condition, 200)}`);
    if (surface.metadata && Object.keys(surface.metadata).length > 0) lines.push(`  metadata: ${plainValue(surface.metadata, maxValue)}`);
    const declared = new Set<string>();
    for (const o of surface.observations ?? []) {
      declared.add(o.id);
      // What the observation is, then its value: a bare id says little to a model.
      const named = `${o.id} (${plainValue(o.description, 120)})`;
      lines.push(values.has(o.id) ? `  ${named} = ${valueText(values.get(o.id), maxValue)}` : `  ${named}: no value yet`);
    }
    // The status observations of a 0.1.0 page: the only word of how its actions went.
    for (const [id, value] of values) if (!declared.has(id)) lines.push(`  ${plainValue(id, 80)} = ${valueText(value, maxValue)}`);
  }
  const whole = lines.join('\n');
  if (whole.length <= maxChars) return whole;
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    const note = `… (${lines.length - i} more lines)`;
    const next = out === '' ? lines[i]! : `${out}\n${lines[i]!}`;
    // Keep room for the note saying how much was left out.
    if (next.length + 1 + note.length > maxChars) return out === '' ? note : `${out}\n${note}`;
    out = next;
  }
  return out;
}
