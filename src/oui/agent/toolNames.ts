/**
 * Tool names for the actions of every registered surface. An action's own id is its tool's name, unless two
 * surfaces declare the same id: then each of them is named `<surfaceId>__<actionId>`. Every name fits OpenAI's,
 * Anthropic's and MCP's rules at once (`^[A-Za-z0-9_-]{1,64}$`), so one name means one tool whichever API the
 * model speaks: an id 0.1.0 accepts and the rule doesn't (`add item`, `é`, 80 characters) has what the rule
 * refuses replaced by `_` and a hash of the whole id added, within 64 characters.
 */
import type { OUIAction, OUISurface } from '../protocol.js';

/** The name rule every tool name keeps (the strictest of the APIs'). */
export const OUI_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MAX = 64;

/** One tool: an action of a registered surface and the name the model calls it by. */
export interface OUIToolEntry {
  readonly name: string;
  readonly surfaceId: string;
  readonly actionId: string;
  readonly surface: OUISurface;
  readonly action: OUIAction;
  /** True when the name carries the surface id (another surface has an action of the same id). */
  readonly qualified: boolean;
}

/** Two or more surfaces with an action of the same id. */
export interface OUIToolCollision {
  readonly actionId: string;
  readonly surfaceIds: readonly string[];
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, no dependency. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** `text` as a tool name: itself when it fits the rule, else its allowed characters and a hash of all of it. */
function fit(text: string): string {
  if (OUI_TOOL_NAME.test(text)) return text;
  return `${text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX - 9)}_${hash(text)}`;
}

/** The name of an action when it must carry its surface: `<surfaceId>__<actionId>`, fitted to the rule. */
export function qualifiedToolName(surfaceId: string, actionId: string): string {
  return fit(`${surfaceId}__${actionId}`);
}

/** Names every action of the surfaces (in their order), and says which ids collided. */
export function nameOUITools(surfaces: readonly OUISurface[]): { tools: OUIToolEntry[]; collisions: OUIToolCollision[] } {
  const owners = new Map<string, string[]>();
  for (const s of surfaces) for (const a of s.actions) owners.set(a.id, [...(owners.get(a.id) ?? []), s.id]);
  const used = new Set<string>();
  const tools: OUIToolEntry[] = [];
  for (const s of surfaces) {
    for (const a of s.actions) {
      const qualified = (owners.get(a.id)?.length ?? 0) > 1;
      let name = qualified ? qualifiedToolName(s.id, a.id) : fit(a.id);
      // Shortened names could meet; a counter in the hash keeps them apart.
      for (let n = 1; used.has(name); n++) name = `${name.slice(0, MAX - 9)}_${hash(`${s.id}__${a.id}#${n}`)}`;
      used.add(name);
      tools.push({ name, surfaceId: s.id, actionId: a.id, surface: s, action: a, qualified });
    }
  }
  const collisions = [...owners].filter(([, ids]) => ids.length > 1).map(([actionId, surfaceIds]) => ({ actionId, surfaceIds }));
  return { tools, collisions };
}
