/**
 * The node types of the format and what each may hold: inline content, children (of one type, or any block),
 * the parent it needs, and the attributes it gives meaning to. A component is any name starting with a capital
 * letter; it may hold spans and any children, and its attributes are its own business.
 */
import { type Check, shown } from './check.js';
import type { Attrs } from './types.js';

/** A component name: a capital letter, then letters, digits, `_` or `-`. */
export const COMPONENT_NAME = /^[A-Z][A-Za-z0-9_-]*$/;

/** The block types of the format (components aside). */
export const BLOCK_TYPES: readonly string[] = Object.freeze(['p', 'h', 'ul', 'ol', 'li', 'table', 'row', 'cell', 'code', 'quote', 'hr']);

/** What a node type may hold and where it may sit. */
export interface TypeRule {
  /** Holds inline content. */
  readonly spans: boolean;
  /** Children it may hold: none, only one type, or any block or component (whose own parent rule still applies). */
  readonly children: 'none' | 'any' | 'li' | 'row' | 'cell';
  /** The parent types it needs; undefined when any parent (or none) will do. */
  readonly parents?: readonly string[];
  /** Checks the attributes the format defines for it; the rest are kept as given. */
  readonly attrs?: (attrs: Attrs, check: Check) => boolean;
}

const LEVELS = new Set(['1', '2', '3', '4', '5', '6']);

const RULES = new Map<string, TypeRule>([
  ['p', { spans: true, children: 'none' }],
  [
    'h',
    {
      spans: true,
      children: 'none',
      attrs: (a, check) => LEVELS.has(a['level'] as string) || bad(check, `a heading needs attrs.level "1" to "6", not ${shown(a['level'])}`),
    },
  ],
  ['ul', { spans: false, children: 'li' }],
  ['ol', { spans: false, children: 'li' }],
  [
    'li',
    {
      spans: true,
      children: 'any',
      parents: ['ul', 'ol'],
      attrs: (a, check) =>
        a['task'] === undefined || a['task'] === 'open' || a['task'] === 'done' || bad(check, `attrs.task is "open" or "done", not ${shown(a['task'])}`),
    },
  ],
  ['table', { spans: false, children: 'row' }],
  [
    'row',
    {
      spans: false,
      children: 'cell',
      parents: ['table'],
      attrs: (a, check) => a['head'] === undefined || a['head'] === true || bad(check, `attrs.head is true for a header row, not ${shown(a['head'])}`),
    },
  ],
  [
    'cell',
    {
      spans: true,
      children: 'none',
      parents: ['row'],
      attrs: (a, check) => a['align'] === undefined || a['align'] === 'right' || bad(check, `attrs.align is "right" when given, not ${shown(a['align'])}`),
    },
  ],
  [
    'code',
    {
      spans: true,
      children: 'none',
      attrs: (a, check) => a['lang'] === undefined || typeof a['lang'] === 'string' || bad(check, 'attrs.lang is the language, a string'),
    },
  ],
  ['quote', { spans: true, children: 'any' }],
  ['hr', { spans: false, children: 'none' }],
]);

const COMPONENT_RULE: TypeRule = { spans: true, children: 'any' };

function bad(check: Check, message: string): false {
  check.fail('bad_attrs', message);
  return false;
}

/** The rule of a type, or undefined (refused on `check`) when it is neither a block type nor a component name. */
export function typeRule(type: unknown, check: Check): TypeRule | undefined {
  if (typeof type !== 'string') return check.fail('bad_type', `type must be a string, not ${shown(type)}`);
  const rule = RULES.get(type);
  if (rule) return rule;
  if (type.length <= check.limits.maxTypeLength && COMPONENT_NAME.test(type)) return COMPONENT_RULE;
  return check.fail('bad_type', `${shown(type)} is not a node type (${BLOCK_TYPES.join(', ')}) or a component name (a capital letter first)`);
}

/** True for a component: any type that isn't one of the format's block types. */
export function isComponent(type: string): boolean {
  return !RULES.has(type);
}

/** The rule of a type already in the document. */
export function ruleOf(type: string): TypeRule {
  return RULES.get(type) ?? COMPONENT_RULE;
}

/** Whether a node of `type` may sit under a parent of `parentType` (null: the top level); refused on `check` if not. */
export function placeOk(type: string, rule: TypeRule, parentType: string | null, check: Check): boolean {
  if (parentType !== null) {
    const holds = ruleOf(parentType).children;
    if (holds === 'none') {
      check.fail('bad_child', `a ${parentType} holds ${parentType === 'hr' ? 'nothing' : 'inline content'}, not nodes`);
      return false;
    }
    if (holds !== 'any' && holds !== type) {
      check.fail('bad_child', `a ${parentType} holds only ${holds} nodes, not a ${type}`);
      return false;
    }
  }
  if (rule.parents && (parentType === null || !rule.parents.includes(parentType))) {
    check.fail('bad_child', `a ${type} belongs in a ${rule.parents.join(' or ')}, not ${parentType === null ? 'at the top level' : `in a ${parentType}`}`);
    return false;
  }
  return true;
}
