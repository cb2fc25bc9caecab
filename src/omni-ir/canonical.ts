/**
 * The canonical result of a screen (the Omni-IR conformance suite's FORMAT.md, docs/omni-ir.md): what conformance runners and
 * property tests compare.
 */
import type { DocumentIndex } from './documentIndex.js';
import { E_COMPONENT, isStateRef } from './lineCheck.js';
import type { CanonicalResult, Issue, PropValue, Scalar, StateRef } from './types.js';

const canon = (v: PropValue | Scalar | StateRef): unknown =>
  isStateRef(v) ? { state: v.key } : Array.isArray(v) ? v.slice() : v;

function canonProps(props: Readonly<Record<string, PropValue | Scalar | StateRef>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(props)) out[k] = canon(props[k]!);
  return out;
}

export function canonicalResult(index: DocumentIndex, issues: readonly Issue[]): CanonicalResult {
  const seen = new Set<string>();
  const out: CanonicalResult = { issues: [], nodes: {}, state: {}, mutations: {}, missing: index.missing() };
  for (const i of issues) {
    const k = `${i.line} ${i.code}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.issues.push({ line: i.line, code: i.code });
  }
  for (const e of index.entries()) {
    if (e.t !== E_COMPONENT) continue;
    const node: CanonicalResult['nodes'][string] = { type: e.type, props: canonProps(e.props), children: e.children.slice() };
    if (e.spec.app) node.app = true;
    out.nodes[e.id] = node;
  }
  for (const [k, s] of index.state) out.state[k] = s.value;
  for (const [b, m] of index.governor) {
    out.mutations[b] = { id: m.id, tool: m.mutation.tool, params: canonProps(m.mutation.params) };
  }
  return out;
}
