/**
 * The document as plain JSON, in the shape the conformance cases compare: every node by id, the top-level ids,
 * the lines refused, the lines of the stream's own diag ops, and the end. For tests, logs and saving a
 * finished answer; a renderer reads the document's signals instead.
 */
import type { OpDocument } from './document.js';
import type { OpData, Span } from './types.js';

/** One node as plain JSON. */
export interface NodeSnapshot {
  readonly type: string;
  readonly attrs: Record<string, string | true>;
  readonly spans: Span[];
  readonly data: OpData | null;
  readonly children: string[];
  readonly closed: boolean;
}

/** The document as plain JSON, as the conformance cases compare it. */
export interface DocumentSnapshot {
  readonly nodes: Record<string, NodeSnapshot>;
  readonly roots: string[];
  /** Input lines refused, in order, each once. */
  readonly rejected: number[];
  /** Input lines of the stream's diag ops. */
  readonly diags: number[];
  readonly end: { complete: boolean; truncated: boolean; closedOpen: string[] } | null;
}

/**
 * A plain-JSON copy of the document (ids are digits and dots, so no key of it can be `__proto__`). A refused
 * node isn't part of it (its line is among `rejected`), though the nodes it holds are: it only kept its place. A
 * node whose close data was refused is, closed without data.
 */
export function snapshotDocument(doc: OpDocument): DocumentSnapshot {
  const nodes: Record<string, NodeSnapshot> = {};
  const isContent = (id: string) => doc.node(id)!.refused?.what !== 'node';
  const shown = (ids: readonly string[]) => ids.filter(isContent);
  const visit = (id: string) => {
    const n = doc.node(id)!;
    if (isContent(id)) nodes[id] = { type: n.type, attrs: n.attrs, spans: n.spans as Span[], data: n.data, children: shown(n.children), closed: n.closed };
    for (const c of n.children) visit(c);
  };
  for (const id of doc.roots) visit(id);
  const rejected: number[] = [];
  const seen = new Set<number>();
  for (const i of doc.issues) {
    if (i.severity === 'error' && i.line !== null && !seen.has(i.line)) {
      seen.add(i.line);
      rejected.push(i.line);
    }
  }
  const end = doc.end;
  const raw: DocumentSnapshot = {
    nodes,
    roots: shown(doc.roots),
    rejected,
    diags: doc.diags.map((d) => d.at),
    end: end && { complete: end.complete, truncated: end.truncated, closedOpen: shown(end.closedOpen) },
  };
  // One JSON round trip gives plain objects throughout (attributes are null-prototype in the document).
  return JSON.parse(JSON.stringify(raw)) as DocumentSnapshot;
}
