/**
 * Internal probes for the element's own tests: count renders per node id, or make a node fail on purpose to
 * test containment. Not part of the public API; does nothing unless a test sets it.
 * @internal
 */
export const renderProbe: { onRender: ((id: string, type: string) => void) | null } = { onRender: null };
