/**
 * The surfaces an agent knows: registered ones (with their values and whether they answer requests), named as
 * tools; and the ones it knew and no longer has (withdrawn, disconnected, closed or replaced), so a call to one
 * is told why rather than "no such tool".
 */
import { jsonEqual } from '../json.js';
import type { Listeners } from '../listeners.js';
import { OUI_ERROR_CODES, type OUIErrorCode, type OUIRegistrationMessage, type OUISurface } from '../protocol.js';
import type { OUIIssueCode } from '../transport.js';
import type { OUIPageLeft } from './agent.js';
import { nameOUITools, qualifiedToolName, type OUIToolCollision, type OUIToolEntry } from './toolNames.js';

export interface Known {
  surface: OUISurface;
  values: Map<string, unknown>;
  /** The page answers requests with `action:result` events. */
  answers: boolean;
}

/** Why a surface the agent knew is away. */
export type AwayWhy = 'deregistered' | 'disconnected' | OUIPageLeft;

export interface AgentSurfaces {
  readonly known: Map<string, Known>;
  readonly tools: readonly OUIToolEntry[];
  readonly collisions: readonly OUIToolCollision[];
  /** A registration; `answers`: the page answers requests (our capability on our transport). */
  register(r: OUIRegistrationMessage, answers: boolean): void;
  deregister(surfaceId: string): void;
  /** The page went: its surfaces are away until they register again. */
  forget(why?: AwayWhy): void;
  /** The error a call to a surface that is away is answered with; null when it isn't away. */
  awayAnswer(surfaceId: string): [OUIErrorCode, string] | null;
  /** The tool a name means: as named now, or in its qualified form. */
  resolveTool(name: string): OUIToolEntry | undefined;
  /** The tools a short name meant before another surface declared the same action id. */
  ambiguous(name: string): OUIToolEntry[];
  /** The tool a name meant among the surfaces that are away. */
  awayTool(name: string): OUIToolEntry | undefined;
  clearAway(): void;
}

export function createAgentSurfaces(o: { maxSurfaces: number; report(code: OUIIssueCode, message: string, id?: string): void; changed: Listeners<void> }): AgentSurfaces {
  const { maxSurfaces, report } = o;
  const known = new Map<string, Known>();
  // Surfaces the agent knew and no longer has: deregistered by the page (a call is SURFACE_UNAVAILABLE), or whose
  // page lost its connection or was replaced (DISCONNECTED); never "no such tool". Bounded, oldest forgotten first.
  const away = new Map<string, { surface: OUISurface; why: AwayWhy }>();
  let toolList: OUIToolEntry[] = [];
  let byName = new Map<string, OUIToolEntry>();
  let collisionList: OUIToolCollision[] = [];

  const leave = (surface: OUISurface, why: AwayWhy) => {
    away.delete(surface.id);
    if (away.size >= maxSurfaces) away.delete(away.keys().next().value!);
    away.set(surface.id, { surface, why });
  };

  const rename = () => {
    const named = nameOUITools([...known.values()].map((k) => k.surface));
    const before = new Set(collisionList.map((c) => `${c.actionId}:${c.surfaceIds.join(',')}`));
    for (const c of named.collisions) {
      if (!before.has(`${c.actionId}:${c.surfaceIds.join(',')}`)) {
        report('tool-name-collision', `The surfaces ${c.surfaceIds.map((s) => `"${s}"`).join(' and ')} each have an action "${c.actionId}": their tools are named ${c.surfaceIds.map((s) => `"${qualifiedToolName(s, c.actionId)}"`).join(' and ')}`);
      }
    }
    toolList = named.tools;
    collisionList = named.collisions;
    byName = new Map(toolList.map((t) => [t.name, t]));
    o.changed.emit();
  };

  return {
    known,
    get tools() {
      return toolList;
    },
    get collisions() {
      return collisionList;
    },
    register(r, answers) {
      const id = r.surface.id;
      const before = known.get(id);
      if (!before && known.size >= maxSurfaces) {
        report('too-many', `A registration of "${id}" was refused: ${maxSurfaces} surfaces are registered`, id);
        return;
      }
      if (before && !jsonEqual(before.surface, r.surface)) report('surface-replaced', `The surface "${id}" registered again with a new definition`, id);
      away.delete(id);
      // Its values come again right after a registration; the old ones may be for the old definition.
      known.set(id, { surface: r.surface, values: new Map(), answers });
      rename();
    },
    deregister(surfaceId) {
      const k = known.get(surfaceId);
      if (!k) return;
      known.delete(surfaceId);
      leave(k.surface, 'deregistered');
      rename();
    },
    forget(why = 'disconnected') {
      // A page that was reconnecting is known now to have left: its surfaces say how.
      if (why !== 'disconnected') for (const a of away.values()) if (a.why === 'disconnected') a.why = why;
      if (known.size === 0) return;
      for (const k of known.values()) leave(k.surface, why);
      known.clear();
      rename();
    },
    awayAnswer(surfaceId) {
      const gone = away.get(surfaceId);
      if (!gone) return null;
      if (gone.why === 'deregistered') return [OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surfaceId}" is not available now: the page withdrew it (it is not active there)`];
      if (gone.why === 'closed') return [OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surfaceId}" is gone: the page that held it was closed`];
      if (gone.why === 'replaced') {
        return [OUI_ERROR_CODES.SURFACE_UNAVAILABLE, `The surface "${surfaceId}" is not offered now: another page (tab) took the place of the page that held it`];
      }
      return [OUI_ERROR_CODES.DISCONNECTED, `The page holding the surface "${surfaceId}" is not connected (it may be reconnecting); try again shortly`];
    },
    resolveTool(name) {
      const entry = byName.get(name);
      if (entry) return entry;
      // The qualified form names a tool whether or not its name needed the surface, fitted to the rule or as written.
      return toolList.find((t) => qualifiedToolName(t.surfaceId, t.actionId) === name || `${t.surfaceId}__${t.actionId}` === name);
    },
    ambiguous: (name) => toolList.filter((t) => t.qualified && nameOUITools([t.surface]).tools.some((u) => u.actionId === t.actionId && u.name === name)),
    awayTool(name) {
      if (away.size === 0) return undefined;
      const named = nameOUITools([...away.values()].map((a) => a.surface)).tools;
      return named.find((t) => t.name === name || qualifiedToolName(t.surfaceId, t.actionId) === name);
    },
    clearAway: () => away.clear(),
  };
}
