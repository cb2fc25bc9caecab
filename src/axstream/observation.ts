/**
 * An abstract tree as the text a model reads: one element per line, `e12 button "Save" value="…" [disabled]`,
 * indented by depth, bounded in length, with a last line saying how many elements were left out. Names and
 * values are quoted as JSON strings, so a name can't break the layout or pass for another line.
 */
import type { AxNode, AxTree } from './tree.js';

/** Bounds of an observation's text. */
export interface ObservationTextOptions {
  /** Longest text, in characters, the count line included. Default 12,000. */
  maxChars?: number;
  /** Most elements listed. Default 400. */
  maxElements?: number;
  /** Longest name or value shown, in characters; longer ones are cut with an ellipsis. Default 80. */
  maxNameLength?: number;
}

const MAX_INDENT = 12;

function quoted(text: string, max: number): string {
  // Cut before tidying, so an enormous name costs no more than a short one.
  const t = text.slice(0, max * 4).replace(/\s+/g, ' ').trim();
  return JSON.stringify(t.length > max ? `${t.slice(0, max)}…` : t);
}

/** One element's line, without indentation. */
export function observationLine(node: AxNode, maxNameLength = 80): string {
  let line = `${node.id ?? '-'} ${node.role || 'generic'}`;
  if (node.name) line += ` ${quoted(node.name, maxNameLength)}`;
  if (node.value !== undefined && node.value !== '') line += ` value=${quoted(node.value, maxNameLength)}`;
  if (node.states !== undefined && node.states.length > 0) line += ` [${node.states.slice(0, 8).join(', ')}]`;
  return line;
}

/**
 * Renders `tree` as observation text. Elements are listed in document order until the next line would pass
 * `maxChars` or `maxElements`; the rest are counted, never silently lost.
 */
export function observationText(tree: AxTree, options: ObservationTextOptions = {}): string {
  const maxChars = options.maxChars ?? 12_000;
  const maxElements = options.maxElements ?? 400;
  const maxName = options.maxNameLength ?? 80;
  // Room kept for the count line, so adding it never breaks the bound.
  const budget = maxChars - 48;
  const lines: string[] = [];
  let used = 0;
  let shown = 0;
  for (const node of tree) {
    if (shown >= maxElements) break;
    const indent = '  '.repeat(Math.min(Math.max(node.depth ?? 0, 0), MAX_INDENT));
    const line = indent + observationLine(node, maxName);
    if (used + line.length + 1 > budget) break;
    lines.push(line);
    used += line.length + 1;
    shown++;
  }
  const left = tree.length - shown;
  if (left > 0) lines.push(`(${left} more element${left === 1 ? '' : 's'} left out)`);
  return lines.join('\n');
}
