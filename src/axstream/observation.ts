/**
 * An abstract tree as the text a model reads: one element per line, `e12 button "Save" value="…" [disabled]`,
 * indented by depth, bounded in length, with a line wherever elements were left out saying how many (and, when
 * the backend says where they are, where and how to reach them). Names and values are quoted as JSON strings, so
 * a name can't break the layout or pass for another line.
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
  /**
   * Where each element is against the screen, in screens: 0 on it, below 0 above it, above 0 below it. Given,
   * what is on screen is chosen first, then what is nearest; without it, elements are chosen in document order.
   */
  place?: (node: AxNode, index: number) => number;
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

/** The indexes `0…count-1`, nearest the screen first (`place` 0, then by distance), in document order among equals. */
export function nearestFirst(count: number, place: (index: number) => number): number[] {
  const distance = Array.from({ length: count }, (_, i) => {
    const p = Math.abs(place(i));
    return Number.isNaN(p) ? Infinity : p;
  });
  return Array.from({ length: count }, (_, i) => i).sort((a, b) => distance[a]! - distance[b]! || a - b);
}

/** The line standing for `count` elements left out, `where` they are, when known. */
function leftOutLine(count: number, where: 'above' | 'below' | null): string {
  const what = `${count} more element${count === 1 ? '' : 's'}`;
  if (where === null) return `(${what} left out)`;
  return `(${what} ${where} the screen left out: scroll ${where === 'above' ? 'up' : 'down'} to see them, or name one by role and title)`;
}

/**
 * Renders `tree` as observation text, in document order. Elements are chosen nearest the screen first (in
 * document order without `place`) until the next line would pass `maxChars` or `maxElements`; each run of
 * elements left out becomes one line counting them (saying where they are, when `place` does), never lost silently.
 */
export function observationText(tree: AxTree, options: ObservationTextOptions = {}): string {
  const maxChars = options.maxChars ?? 12_000;
  const maxElements = options.maxElements ?? 400;
  const maxName = options.maxNameLength ?? 80;
  const place = options.place;
  const n = tree.length;
  const places = place ? tree.map((node, i) => place(node, i)) : null;
  // Room kept for each line that counts a run of elements left out, so adding them never breaks the bound.
  const noteRoom = places ? 112 : 48;
  const lines: (string | undefined)[] = new Array(n);
  let used = 0;
  let shown = 0;
  // Runs of elements not chosen (each gets a count line): all of them, until something is chosen.
  let runs = n > 0 ? 1 : 0;
  const chosen = (i: number) => i < 0 || i >= n || lines[i] !== undefined;
  for (const i of places ? nearestFirst(n, (k) => places[k]!) : tree.keys()) {
    if (shown >= maxElements) break;
    const node = tree[i]!;
    const line = '  '.repeat(Math.min(Math.max(node.depth ?? 0, 0), MAX_INDENT)) + observationLine(node, maxName);
    // Choosing one splits a run, shortens it, or fills it.
    const before = chosen(i - 1);
    const after = chosen(i + 1);
    const change = before && after ? -1 : !before && !after ? 1 : 0;
    if (used + line.length + 1 + (runs + change) * noteRoom > maxChars) break;
    lines[i] = line;
    used += line.length + 1;
    runs += change;
    shown++;
  }
  const out: string[] = [];
  let left = 0;
  let above = true;
  let below = true;
  const note = () => {
    if (left === 0) return;
    out.push(leftOutLine(left, places === null ? null : above ? 'above' : below ? 'below' : null));
    left = 0;
    above = below = true;
  };
  for (let i = 0; i < n; i++) {
    const line = lines[i];
    if (line !== undefined) {
      note();
      out.push(line);
      continue;
    }
    left++;
    const p = places?.[i] ?? 0;
    if (!(p < 0)) above = false;
    if (!(p > 0)) below = false;
  }
  note();
  return out.join('\n');
}
