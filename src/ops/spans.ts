/**
 * Inline content: every span checked against its type's fields, nesting and count bounded, and copied into a
 * fresh object holding only those fields. A link to anything but http(s) keeps its content as plain spans; an
 * image from anything else is dropped; both are noted on the check so the document can say so.
 */
import { checkAttrs } from './attrs.js';
import { type Check, shown } from './check.js';
import { COMPONENT_NAME } from './nodeTypes.js';
import type { FormatType, Inline, Span } from './types.js';
import { httpUrl } from './url.js';

const FORMATS: ReadonlySet<string> = new Set<FormatType>(['strong', 'em', 's', 'u', 'small', 'sub', 'sup', 'mark', 'kbd']);

/** The span types the format defines. */
export const SPAN_TYPES: readonly string[] = Object.freeze(['text', ...FORMATS, 'code', 'link', 'img', 'br', 'el']);

const NONE: readonly Span[] = Object.freeze([]);

/**
 * Checks inline content: an array of spans, or a string standing for one text span (`""` for none). Returns the
 * spans, or undefined with the refusal on `check`.
 */
export function checkSpans(value: unknown, check: Check, depth = 1): Span[] | readonly Span[] | undefined {
  if (typeof value === 'string') {
    if (!check.addText(value.length)) return undefined;
    return value.length === 0 ? NONE : [{ t: 'text', v: value }];
  }
  if (!Array.isArray(value)) return check.fail('bad_spans', `spans must be a list of spans or a string, not ${shown(value)}`);
  if (depth > check.limits.maxSpanDepth) return check.fail('too_deep', `spans nest at most ${check.limits.maxSpanDepth} deep`);
  // Checked before walking, so an enormous list is refused without a look at its items.
  if (check.spans + value.length > check.limits.maxSpans) {
    return check.fail('too_large', `the op carries more than ${check.limits.maxSpans} spans`);
  }
  const out: Span[] = [];
  for (let i = 0; i < value.length; i++) {
    if (!checkSpan(value[i], check, depth, out)) return undefined;
  }
  return out;
}

/** Checks one span and appends what it becomes (itself, its content, or nothing) to `out`. */
function checkSpan(s: unknown, check: Check, depth: number, out: Span[]): boolean {
  if (!check.addSpan()) return false;
  if (typeof s !== 'object' || s === null || Array.isArray(s)) {
    check.fail('bad_spans', `a span must be an object with a "t" field, not ${shown(s)}`);
    return false;
  }
  const span = s as Record<string, unknown>;
  const t = span['t'];
  if (t === 'text' || t === 'code') {
    const v = span['v'];
    if (typeof v !== 'string') return bad(check, `a ${t} span needs a string "v", not ${shown(v)}`);
    if (!check.addText(v.length)) return false;
    out.push({ t, v });
    return true;
  }
  if (typeof t === 'string' && FORMATS.has(t)) {
    const c = content(span, check, depth, true);
    if (c === undefined) return false;
    out.push({ t: t as FormatType, c });
    return true;
  }
  switch (t) {
    case 'br':
      out.push({ t: 'br' });
      return true;
    case 'link': {
      const c = content(span, check, depth, true);
      if (c === undefined) return false;
      const raw = span['href'];
      if (typeof raw !== 'string') return bad(check, `a link span needs a string "href", not ${shown(raw)}`);
      if (!check.addText(raw.length)) return false;
      const href = httpUrl(raw, check.limits.maxUrlLength);
      if (href === null) {
        check.warn(`link to ${shown(raw)} kept as text: only absolute http(s) links are followed`);
        for (const x of c) out.push(x);
      } else out.push({ t: 'link', href, c });
      return true;
    }
    case 'img': {
      const raw = span['src'];
      const alt = span['alt'] ?? '';
      if (typeof raw !== 'string') return bad(check, `an img span needs a string "src", not ${shown(raw)}`);
      if (typeof alt !== 'string') return bad(check, `an img span's "alt" must be a string, not ${shown(alt)}`);
      if (!check.addText(raw.length + alt.length)) return false;
      const credit = span['credit'] === undefined ? undefined : checkSpans(span['credit'], check, depth + 1);
      if (check.error) return false;
      const src = httpUrl(raw, check.limits.maxUrlLength);
      if (src === null) {
        check.warn(`image ${shown(raw)} dropped: only absolute http(s) images are loaded`);
        return true;
      }
      out.push(credit === undefined ? { t: 'img', src, alt } : { t: 'img', src, alt, credit });
      return true;
    }
    case 'el': {
      const type = span['type'];
      if (typeof type !== 'string' || type.length > check.limits.maxTypeLength || !COMPONENT_NAME.test(type)) {
        return bad(check, `an el span needs a component name in "type" (a capital letter first), not ${shown(type)}`);
      }
      const attrs = checkAttrs(span['attrs'], check);
      if (attrs === undefined) return false;
      const c = content(span, check, depth, false);
      if (c === undefined) return false;
      out.push({ t: 'el', type, attrs, c });
      return true;
    }
  }
  return bad(check, `${shown(t)} is not a span type (${SPAN_TYPES.join(', ')})`);
}

function content(span: Record<string, unknown>, check: Check, depth: number, required: boolean): readonly Span[] | undefined {
  const c = span['c'];
  if (c === undefined) {
    if (!required) return NONE;
    return check.fail('bad_spans', `a ${String(span['t'])} span needs its content in "c"`);
  }
  return checkSpans(c, check, depth + 1);
}

function bad(check: Check, message: string): false {
  check.fail('bad_spans', message);
  return false;
}

/** Spans from inline content as data keeps it: a string is one text span, `""` none. */
export function spansOf(inline: Inline | null | undefined): readonly Span[] {
  if (typeof inline === 'string') return inline.length === 0 ? NONE : [{ t: 'text', v: inline }];
  return inline ?? NONE;
}

/**
 * The words of inline content, for labels, answers and action text: text and code as written, an image by its
 * alt text, a line break as a space, everything else by its content.
 */
export function plainText(inline: Inline | null | undefined): string {
  if (typeof inline === 'string') return inline;
  if (!inline) return '';
  const parts: string[] = [];
  collect(inline, parts);
  return parts.join('');
}

function collect(spans: readonly Span[], parts: string[]): void {
  for (const s of spans) {
    switch (s.t) {
      case 'text':
      case 'code':
        parts.push(s.v);
        break;
      case 'br':
        parts.push(' ');
        break;
      case 'img':
        parts.push(s.alt);
        break;
      default:
        collect(s.c, parts);
    }
  }
}
