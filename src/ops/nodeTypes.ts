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
  /**
   * Looks at the attributes the format defines for it. A value the format doesn't define is kept as written and
   * noted on `check` (`unknown_value`, naming the default a renderer uses); it never refuses the node.
   */
  readonly attrs?: (attrs: Attrs, check: Check) => void;
}

/**
 * The level a heading is drawn at: its `level` when that is "1" to "6"; a larger or smaller number, the nearest
 * of those; anything else (or none), 2.
 */
export function headingLevel(attrs: Attrs): 1 | 2 | 3 | 4 | 5 | 6 {
  const v = attrs['level'];
  const n = typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v) ? Number.parseInt(v, 10) : Number.NaN;
  if (Number.isNaN(n)) return 2;
  return Math.min(6, Math.max(1, n)) as 1 | 2 | 3 | 4 | 5 | 6;
}

/** A list item's task mark: `open`, `done`, or null for an item that isn't a task (any other value too). */
export function taskOf(attrs: Attrs): 'open' | 'done' | null {
  const v = attrs['task'];
  return v === 'open' || v === 'done' ? v : null;
}

/** Whether a row is a header row: `head` true (or written "true"). */
export function isHeadRow(attrs: Attrs): boolean {
  return attrs['head'] === true || attrs['head'] === 'true';
}

/** Whether a cell is aligned to the end (its column is numeric): `align` "right". */
export function isEndAligned(attrs: Attrs): boolean {
  return attrs['align'] === 'right';
}

const LEVELS = new Set(['1', '2', '3', '4', '5', '6']);

const RULES = new Map<string, TypeRule>([
  ['p', { spans: true, children: 'none' }],
  [
    'h',
    {
      spans: true,
      children: 'none',
      attrs: (a, check) => {
        if (!LEVELS.has(a['level'] as string)) unknown(check, `a heading's attrs.level is "1" to "6", not ${shown(a['level'])}; drawn at level ${headingLevel(a)}`);
      },
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
      attrs: (a, check) => {
        if (a['task'] !== undefined && taskOf(a) === null) unknown(check, `attrs.task is "open" or "done", not ${shown(a['task'])}; drawn as an item that isn't a task`);
      },
    },
  ],
  ['table', { spans: false, children: 'row' }],
  [
    'row',
    {
      spans: false,
      children: 'cell',
      parents: ['table'],
      attrs: (a, check) => {
        if (a['head'] !== undefined && !isHeadRow(a)) unknown(check, `attrs.head is true for a header row, not ${shown(a['head'])}; drawn as a row of data`);
      },
    },
  ],
  [
    'cell',
    {
      spans: true,
      children: 'none',
      parents: ['row'],
      attrs: (a, check) => {
        if (a['align'] !== undefined && !isEndAligned(a)) unknown(check, `attrs.align is "right" when given, not ${shown(a['align'])}; aligned to the start`);
      },
    },
  ],
  [
    'code',
    {
      spans: true,
      children: 'none',
      attrs: (a, check) => {
        if (a['lang'] !== undefined && typeof a['lang'] !== 'string') unknown(check, 'attrs.lang is the language, a string; drawn without one');
      },
    },
  ],
  ['quote', { spans: true, children: 'any' }],
  ['hr', { spans: false, children: 'none' }],
]);

const COMPONENT_RULE: TypeRule = { spans: true, children: 'any' };

/**
 * A refused node's rule: it may hold anything, so whatever the stream puts in its place (spans, children, a
 * close) applies as to any node and nothing after it is refused because of it.
 */
export const REFUSED_RULE: TypeRule = { spans: true, children: 'any' };

function unknown(check: Check, message: string): void {
  check.warn('unknown_value', message);
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

/**
 * Whether a node of `type` may sit under a parent that holds `holds` (of `parentType`; null: the top level);
 * refused on `check` if not.
 */
export function placeOk(type: string, rule: TypeRule, parentType: string | null, holds: TypeRule['children'] | null, check: Check): boolean {
  if (parentType !== null && holds !== null) {
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
