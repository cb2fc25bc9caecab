import type { OUIActionResultMessage } from './protocol.js';

/** What is known of a request id: still being answered, or its final answer. */
export type Remembered = { state: 'pending' } | { state: 'final'; result: OUIActionResultMessage };

/** Request ids a surface has seen, so a repeat never runs twice. */
export interface RequestMemory {
  get(requestId: string): Remembered | undefined;
  pending(requestId: string): void;
  final(result: OUIActionResultMessage): void;
}

/**
 * Remembers the last `capacity` request ids with their final answers. Forgetting starts with the oldest
 * answered one; a request still being answered is never forgotten (the queue bounds how many there are).
 */
export function createRequestMemory(capacity: number): RequestMemory {
  const map = new Map<string, Remembered>();
  const trim = () => {
    if (map.size <= capacity) return;
    for (const [id, entry] of map) {
      if (entry.state === 'final') {
        map.delete(id);
        if (map.size <= capacity) return;
      }
    }
  };
  return {
    get: (id) => map.get(id),
    pending(id) {
      map.set(id, { state: 'pending' });
      trim();
    },
    final(result) {
      map.delete(result.requestId);
      map.set(result.requestId, { state: 'final', result });
      trim();
    },
  };
}
