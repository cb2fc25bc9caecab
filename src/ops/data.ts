/**
 * Component data, checked by its kind and copied into objects holding only the format's fields, so a renderer
 * can trust the shape: a Chart's rows are lists of cells, a Question's answer is one of its choices, a Result's
 * formula is well formed. Inline content inside data is kept as the stream wrote it (spans or a string); image
 * sources and links inside it follow the same URL rule as spans.
 */
import { type Check, shown } from './check.js';
import { checkSpans } from './spans.js';
import type { Cell, ChecklistItem, DataKind, ImageItem, Inline, OpData } from './types.js';
import { httpUrl } from './url.js';
import { formulaProblem } from './whatif.js';

/** The data kind of each component the format names. */
const KIND_OF = new Map<string, DataKind>([
  ['Chart', 'table'],
  ['Map', 'table'],
  ['FollowUps', 'list'],
  ['Gallery', 'images'],
  ['Question', 'question'],
  ['Checklist', 'checklist'],
  ['Result', 'result'],
]);

/** The kind a component's data must have, when the format names one for it. */
export function dataKindFor(type: string): DataKind | undefined {
  return KIND_OF.get(type);
}

/** A component the format doesn't name (an app's own) may still carry data of a known kind: told by its fields. */
function kindByShape(d: Record<string, unknown>): DataKind | undefined {
  if ('columns' in d || 'rows' in d) return 'table';
  if ('images' in d) return 'images';
  if ('checks' in d) return 'checklist';
  if ('formula' in d) return 'result';
  if ('items' in d) return 'answer' in d ? 'question' : 'list';
  return undefined;
}

/** Data that passed its check, copied, with its kind. */
export interface CheckedData {
  readonly data: OpData;
  readonly kind: DataKind;
}

/**
 * Checks the data of a component of `type`; undefined (refused on `check`) when it doesn't fit: not an object,
 * none of the known shapes, a list field that isn't a list, a formula that isn't well formed, or past a limit.
 * A bad item (an image without a source, a check without `done`, a choice that isn't inline content, a row
 * that isn't a list) is left out and a bad cell left empty, each noted on `check`; the rest is kept.
 */
export function checkData(type: string, value: unknown, check: Check): CheckedData | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return check.fail('bad_data', `data must be an object, not ${shown(value)}`);
  }
  const d = value as Record<string, unknown>;
  const kind = KIND_OF.get(type) ?? kindByShape(d);
  if (kind === undefined) return check.fail('bad_data', `${type} data has none of the known shapes (table, list, images, question, checklist, result)`);
  let data: OpData | undefined;
  switch (kind) {
    case 'table':
      data = table(d, check);
      break;
    case 'list': {
      const items = inlineList(d['items'], 'items', check);
      data = items && { items: items.kept };
      break;
    }
    case 'images':
      data = images(d, check);
      break;
    case 'question':
      data = question(d, check);
      break;
    case 'checklist':
      data = checklist(d, check);
      break;
    case 'result':
      data = result(d, check);
      break;
  }
  return data === undefined ? undefined : { data, kind };
}

function list(value: unknown, name: string, max: number, check: Check): readonly unknown[] | undefined {
  if (!Array.isArray(value)) return check.fail('bad_data', `data.${name} must be a list, not ${shown(value)}`);
  if (value.length > max) return check.fail('too_large', `data.${name} has more than ${max} entries`);
  return value;
}

/**
 * A cell: text, a finite number or null; anything else is left empty (noted). Undefined only for a refusal.
 * Its place (row `row`, or the columns for null) is spelled out only in that note: a big table has tens of
 * thousands of good cells, and naming each one cost more than checking it.
 */
function cell(value: unknown, row: number | null, index: number, check: Check): Cell | undefined {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return check.addText(value.length) ? value : undefined;
  const where = row === null ? `data.columns[${index}]` : `data.rows[${row}][${index}]`;
  check.warn('dropped', `${where} must be text or a finite number, not ${shown(value)}; left empty`);
  return null;
}

/** A list's cells (of row `row`, or the columns for null), checked and copied; undefined for a refusal. */
function cells(given: readonly unknown[], row: number | null, check: Check): Cell[] | undefined {
  const out: Cell[] = [];
  for (let i = 0; i < given.length; i++) {
    const c = cell(given[i], row, i, check);
    if (c === undefined) return undefined;
    out.push(c);
  }
  return out;
}

function table(d: Record<string, unknown>, check: Check): OpData | undefined {
  const { maxColumns, maxRows } = check.limits;
  const cols = list(d['columns'], 'columns', maxColumns, check);
  if (!cols) return undefined;
  const columns = cells(cols, null, check);
  if (!columns) return undefined;
  const given = list(d['rows'], 'rows', maxRows, check);
  if (!given) return undefined;
  const rows: Cell[][] = [];
  for (let r = 0; r < given.length; r++) {
    const row = given[r];
    if (!Array.isArray(row)) {
      check.warn('dropped', `data.rows[${r}] must be a list of cells, not ${shown(row)}; left out`);
      continue;
    }
    if (row.length > maxColumns) return check.fail('too_large', `data.rows[${r}] has more than ${maxColumns} entries`);
    const out = cells(row, r, check);
    if (!out) return undefined;
    rows.push(out);
  }
  return { columns, rows };
}

/** Inline content in data: a string kept as is, spans checked (and copied), null (noted) for anything else. */
function inline(value: unknown, where: string, check: Check): Inline | null | undefined {
  if (typeof value === 'string') return check.addText(value.length) ? value : undefined;
  if (!Array.isArray(value)) {
    check.warn('dropped', `${where} must be spans or a string, not ${shown(value)}; left out`);
    return null;
  }
  return checkSpans(value, check, 2);
}

/** The items kept, and for each given item its index among them (null when it was left out). */
interface Kept<T> {
  readonly kept: T[];
  readonly at: (number | null)[];
}

function inlineList(value: unknown, name: string, check: Check): Kept<Inline> | undefined {
  const items = list(value, name, check.limits.maxItems, check);
  if (!items) return undefined;
  const kept: Inline[] = [];
  const at: (number | null)[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = inline(items[i], `data.${name}[${i}]`, check);
    if (item === undefined) return undefined;
    if (item === null) at.push(null);
    else {
      at.push(kept.length);
      kept.push(item);
    }
  }
  return { kept, at };
}

function images(d: Record<string, unknown>, check: Check): OpData | undefined {
  const given = list(d['images'], 'images', check.limits.maxItems, check);
  if (!given) return undefined;
  const out: ImageItem[] = [];
  for (let i = 0; i < given.length; i++) {
    const g = given[i];
    const at = `data.images[${i}]`;
    if (typeof g !== 'object' || g === null || Array.isArray(g)) {
      check.warn('dropped', `${at} must be an object {src, alt}, not ${shown(g)}; left out`);
      continue;
    }
    const { src: raw, credit: rawCredit } = g as Record<string, unknown>;
    let alt = (g as Record<string, unknown>)['alt'] ?? '';
    if (typeof raw !== 'string') {
      check.warn('dropped', `${at}.src must be a string, not ${shown(raw)}; the image was left out`);
      continue;
    }
    if (typeof alt !== 'string') {
      check.warn('dropped', `${at}.alt must be a string, not ${shown(alt)}; left out`);
      alt = '';
    }
    if (!check.addText(raw.length + (alt as string).length)) return undefined;
    const credit = rawCredit === undefined ? null : inline(rawCredit, `${at}.credit`, check);
    if (credit === undefined) return undefined;
    const src = httpUrl(raw, check.limits.maxUrlLength);
    if (src === null) {
      check.warn('unsafe_url', `image ${shown(raw)} dropped: only absolute http(s) images are loaded`);
      continue;
    }
    out.push(credit === null ? { src, alt: alt as string } : { src, alt: alt as string, credit });
  }
  return { images: out };
}

function question(d: Record<string, unknown>, check: Check): OpData | undefined {
  const items = inlineList(d['items'], 'items', check);
  if (!items) return undefined;
  const given = d['answer'] ?? null;
  let answer: number | null = null;
  if (given !== null) {
    const i = typeof given === 'number' && Number.isInteger(given) && given >= 0 && given < items.at.length ? items.at[given] : null;
    if (i === null || i === undefined) {
      check.warn('unknown_value', `data.answer must be the index of one of the ${items.kept.length} choices, or null; it is ${shown(given)}, so the question has no right answer`);
    } else answer = i;
  }
  return { items: items.kept, answer };
}

function checklist(d: Record<string, unknown>, check: Check): OpData | undefined {
  const given = list(d['checks'], 'checks', check.limits.maxItems, check);
  if (!given) return undefined;
  const checks: ChecklistItem[] = [];
  for (let i = 0; i < given.length; i++) {
    const g = given[i];
    const at = `data.checks[${i}]`;
    if (typeof g !== 'object' || g === null || Array.isArray(g)) {
      check.warn('dropped', `${at} must be an object {done, c}, not ${shown(g)}; left out`);
      continue;
    }
    const { done, c } = g as Record<string, unknown>;
    if (typeof done !== 'boolean') {
      check.warn('dropped', `${at}.done must be true or false, not ${shown(done)}; the item was left out`);
      continue;
    }
    const content = inline(c ?? '', `${at}.c`, check);
    if (content === undefined) return undefined;
    if (content === null) continue;
    checks.push({ done, c: content });
  }
  return { checks };
}

function result(d: Record<string, unknown>, check: Check): OpData | undefined {
  const formula = d['formula'];
  const problem = formulaProblem(formula);
  if (problem !== null) return check.fail('bad_data', `data.${problem}`);
  let value = d['value'] ?? null;
  if (value !== null && !(typeof value === 'number' && Number.isFinite(value))) {
    check.warn('unknown_value', `data.value must be a number or null, not ${shown(value)}; the value is worked out on the device`);
    value = null;
  }
  const tokens = formula as readonly (string | number)[];
  let text = 0;
  for (const t of tokens) if (typeof t === 'string') text += t.length;
  if (!check.addText(text)) return undefined;
  return { formula: tokens.slice(), value: value as number | null };
}
