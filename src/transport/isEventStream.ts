import type { ResponseLike } from './fetchLike.js';

/** Whether a response says it is Server-Sent Events (or says nothing, and lets the body decide). */
export function isEventStream(response: ResponseLike): boolean {
  const type = response.headers.get('content-type');
  // No type at all is read as a stream: the body decides. A declared other type (an HTML error page from a
  // proxy, say) is not a stream.
  return type === null || /^\s*text\/event-stream\s*(;|$)/i.test(type);
}
