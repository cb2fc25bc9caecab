/**
 * Component state in AG-UI shared state: under the `morphscreen` key, by message id, then by node id,
 * `{morphscreen: {[messageId]: {[nodeId]: state}}}`. Reading takes only own properties of what the agent sent;
 * writing returns a new object and never changes the one given, and no key (a message id of `__proto__`
 * included) can reach a prototype.
 */
import { describe } from '../stream/errors.js';
import { ownValue } from '../stream/ownProperty.js';
import type { ComponentState } from './state.js';

/** The key of AG-UI shared state that holds component state. */
export const SHARED_STATE_KEY = 'morphscreen';

/**
 * The states an agent's shared state holds for one message, by node id, unchecked (give each to
 * `ComponentStates.set`, which checks it against its node). Empty when there are none or the shape is wrong.
 */
export function sharedStatesFor(shared: unknown, messageId: string): Map<string, unknown> {
  const byNode = ownValue(ownValue(shared, SHARED_STATE_KEY), messageId);
  const out = new Map<string, unknown>();
  if (typeof byNode !== 'object' || byNode === null || Array.isArray(byNode)) return out;
  for (const id in byNode) {
    if (Object.prototype.hasOwnProperty.call(byNode, id)) out.set(id, (byNode as Record<string, unknown>)[id]);
  }
  return out;
}

/** Copies an object's own properties into a plain object (CreateDataProperty: a `__proto__` key stays a key). */
function copy(value: unknown): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value);
}

/**
 * A copy of `shared` with one node's state set (or removed, for null) under the message. Everything else is kept
 * as it was. A `shared` that isn't an object is a TypeError: it is the app's value, not the stream's.
 */
export function withSharedState(shared: unknown, messageId: string, nodeId: string, state: ComponentState | null): Record<string, unknown> {
  if (shared !== undefined && shared !== null && (typeof shared !== 'object' || Array.isArray(shared))) {
    throw new TypeError(`shared state must be an object, not ${describe(shared)}`);
  }
  const screens = ownValue(shared, SHARED_STATE_KEY);
  const nodes = copy(ownValue(screens, messageId)).filter(([k]) => k !== nodeId);
  if (state !== null) nodes.push([nodeId, state]);
  const messages = copy(screens).filter(([k]) => k !== messageId);
  messages.push([messageId, Object.fromEntries(nodes)]);
  const top = copy(shared).filter(([k]) => k !== SHARED_STATE_KEY);
  top.push([SHARED_STATE_KEY, Object.fromEntries(messages)]);
  return Object.fromEntries(top);
}
