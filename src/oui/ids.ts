/** A random id for requests and transport ends: the platform's UUID when there is one. */
export function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // Uniqueness is all an id needs here; nothing is secured by it.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Ids on the wire: surface, action, observation and request ids, at most this long. */
export const MAX_ID_LENGTH = 256;
