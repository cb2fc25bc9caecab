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

/** Checks the data of a component of `type`; undefined (refused on `check`) when it doesn't fit. */
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
      data = items && { items };
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

function cell(value: unknown, where: string, check: Check): Cell | undefined {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : check.fail('bad_data', `${where} is not a finite number`);
  if (typeof value === 'string') return check.addText(value.length) ? value : undefined;
  return check.fail('bad_data', `${where} must be text or a number, not ${shown(value)}`);
}

function table(d: Record<string, unknown>, check: Check): OpData | undefined {
  const { maxColumns, maxRows } = check.limits;
  const cols = list(d['columns'], 'columns', maxColumns, check);
  if (!cols) return undefined;
  const columns: Cell[] = [];
  for (let i = 0; i < cols.length; i++) {
    const c = cell(cols[i], `data.columns[${i}]`, check);
    if (c === undefined) return undefined;
    columns.push(c);
  }
  const given = list(d['rows'], 'rows', maxRows, check);
  if (!given) return undefined;
  const rows: Cell[][] = [];
  for (let r = 0; r < given.length; r++) {
    const row = list(given[r], `rows[${r}]`, maxColumns, check);
    if (!row) return undefined;
    const out: Cell[] = [];
    for (let i = 0; i < row.length; i++) {
      const c = cell(row[i], `data.rows[${r}][${i}]`, check);
      if (c === undefined) return undefined;
      out.push(c);
    }
    rows.push(out);
  }
  return { columns, rows };
}

/** Inline content in data: a string kept as is, or spans checked (and copied). */
function inline(value: unknown, where: string, check: Check): Inline | undefined {
  if (typeof value === 'string') return check.addText(value.length) ? value : undefined;
  if (!Array.isArray(value)) return check.fail('bad_data', `${where} must be spans or a string, not ${shown(value)}`);
  return checkSpans(value, check, 2);
}

function inlineList(value: unknown, name: string, check: Check): Inline[] | undefined {
  const items = list(value, name, check.limits.maxItems, check);
  if (!items) return undefined;
  const out: Inline[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = inline(items[i], `data.${name}[${i}]`, check);
    if (item === undefined) return undefined;
    out.push(item);
  }
  return out;
}

function images(d: Record<string, unknown>, check: Check): OpData | undefined {
  const given = list(d['images'], 'images', check.limits.maxItems, check);
  if (!given) return undefined;
  const out: ImageItem[] = [];
  for (let i = 0; i < given.length; i++) {
    const g = given[i];
    const at = `data.images[${i}]`;
    if (typeof g !== 'object' || g === null || Array.isArray(g)) return check.fail('bad_data', `${at} must be an object {src, alt}`);
    const { src: raw, alt = '', credit: rawCredit } = g as Record<string, unknown>;
    if (typeof raw !== 'string') return check.fail('bad_data', `${at}.src must be a string, not ${shown(raw)}`);
    if (typeof alt !== 'string') return check.fail('bad_data', `${at}.alt must be a string, not ${shown(alt)}`);
    if (!check.addText(raw.length + alt.length)) return undefined;
    const credit = rawCredit === undefined ? undefined : inline(rawCredit, `${at}.credit`, check);
    if (check.error) return undefined;
    const src = httpUrl(raw, check.limits.maxUrlLength);
    if (src === null) {
      check.warn(`image ${shown(raw)} dropped: only absolute http(s) images are loaded`);
      continue;
    }
    out.push(credit === undefined ? { src, alt } : { src, alt, credit });
  }
  return { images: out };
}

function question(d: Record<string, unknown>, check: Check): OpData | undefined {
  const items = inlineList(d['items'], 'items', check);
  if (!items) return undefined;
  const answer = d['answer'] ?? null;
  if (answer !== null && !(typeof answer === 'number' && Number.isInteger(answer) && answer >= 0 && answer < items.length)) {
    return check.fail('bad_data', `data.answer must be the index of one of the ${items.length} choices, or null; it is ${shown(answer)}`);
  }
  return { items, answer };
}

function checklist(d: Record<string, unknown>, check: Check): OpData | undefined {
  const given = list(d['checks'], 'checks', check.limits.maxItems, check);
  if (!given) return undefined;
  const checks: ChecklistItem[] = [];
  for (let i = 0; i < given.length; i++) {
    const g = given[i];
    const at = `data.checks[${i}]`;
    if (typeof g !== 'object' || g === null || Array.isArray(g)) return check.fail('bad_data', `${at} must be an object {done, c}`);
    const { done, c } = g as Record<string, unknown>;
    if (typeof done !== 'boolean') return check.fail('bad_data', `${at}.done must be true or false, not ${shown(done)}`);
    const content = inline(c ?? '', `${at}.c`, check);
    if (content === undefined) return undefined;
    checks.push({ done, c: content });
  }
  return { checks };
}

function result(d: Record<string, unknown>, check: Check): OpData | undefined {
  const formula = d['formula'];
  const problem = formulaProblem(formula);
  if (problem !== null) return check.fail('bad_data', `data.${problem}`);
  const value = d['value'] ?? null;
  if (value !== null && !(typeof value === 'number' && Number.isFinite(value))) {
    return check.fail('bad_data', `data.value must be a number or null, not ${shown(value)}`);
  }
  const tokens = formula as readonly (string | number)[];
  let text = 0;
  for (const t of tokens) if (typeof t === 'string') text += t.length;
  if (!check.addText(text)) return undefined;
  return { formula: tokens.slice(), value };
}
