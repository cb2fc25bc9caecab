/**
 * Inline content: every span checked against its type's fields, nesting and count bounded, and copied into a
 * fresh object holding only those fields. A refusal is as small as it can be: a span that can't be shown (an
 * image without a source, a text span without text) is left out, a span of a type the format doesn't have is
 * kept as its words, spans nested past the limit are kept as their words, a link to anything but http(s) keeps
 * its content as plain spans and an image from anything else is left out. Each change is noted on the check,
 * so the document can say so. Only a value that isn't inline content at all, and the op's limits, refuse.
 */
import { checkAttrs, NO_ATTRS } from './attrs.js';
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
 * spans, or undefined with the refusal on `check`: for a value that is neither, or past the op's limits.
 */
export function checkSpans(value: unknown, check: Check, depth = 1): readonly Span[] | undefined {
  if (typeof value === 'string') {
    if (!check.addText(value.length)) return undefined;
    return value.length === 0 ? NONE : [{ t: 'text', v: value }];
  }
  if (!Array.isArray(value)) return check.fail('bad_spans', `spans must be a list of spans or a string, not ${shown(value)}`);
  return spanList(value, check, depth);
}

/** A list of spans at `depth`: each span checked, or, past the depth limit, the list kept as its words. */
function spanList(value: readonly unknown[], check: Check, depth: number): readonly Span[] | undefined {
  // Checked before walking, so an enormous list is refused without a look at its items.
  if (check.spans + value.length > check.limits.maxSpans) {
    return check.fail('too_large', `the op carries more than ${check.limits.maxSpans} spans`);
  }
  if (depth > check.limits.maxSpanDepth) {
    check.warn('too_deep', `spans nested deeper than ${check.limits.maxSpanDepth} levels are kept as their words`);
    return wordsOf(value, check);
  }
  const out: Span[] = [];
  for (let i = 0; i < value.length; i++) {
    if (!checkSpan(value[i], check, depth, out)) return undefined;
  }
  return out;
}

/**
 * Content inside a span (`c`, an image's `credit`) or a data item: spans, a string for one text span, or
 * null (noted) when it is neither; undefined only for a refusal.
 */
function nested(value: unknown, check: Check, depth: number, what: string): readonly Span[] | null | undefined {
  if (typeof value === 'string' || Array.isArray(value)) return checkSpans(value, check, depth);
  check.warn('dropped', `${what} must be spans or a string, not ${shown(value)}; left out`);
  return null;
}

/** Checks one span and appends what it becomes (itself, its words, or nothing) to `out`; false for a refusal. */
function checkSpan(s: unknown, check: Check, depth: number, out: Span[]): boolean {
  if (!check.addSpan()) return false;
  if (typeof s === 'string') {
    // A bare string among spans: the words of a text span.
    check.warn('unknown_span', 'a string among spans is read as a text span');
    if (!check.addText(s.length)) return false;
    if (s.length > 0) out.push({ t: 'text', v: s });
    return true;
  }
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return drop(check, `a span must be an object with a "t" field, not ${shown(s)}`);
  const span = s as Record<string, unknown>;
  const t = span['t'];
  if (t === 'text' || t === 'code') {
    const v = span['v'];
    if (typeof v !== 'string') return drop(check, `a ${t} span needs a string "v", not ${shown(v)}`);
    if (!check.addText(v.length)) return false;
    out.push({ t, v });
    return true;
  }
  if (typeof t === 'string' && FORMATS.has(t)) {
    const c = content(span, check, depth);
    if (c === undefined) return false;
    if (c !== null) out.push({ t: t as FormatType, c });
    return true;
  }
  switch (t) {
    case 'br':
      out.push({ t: 'br' });
      return true;
    case 'link': {
      const c = content(span, check, depth);
      if (c === undefined) return false;
      if (c === null) return true;
      const raw = span['href'];
      if (typeof raw !== 'string') {
        check.warn('dropped', `a link span without a string "href" (${shown(raw)}) is kept as its words`);
        for (const x of c) out.push(x);
        return true;
      }
      if (!check.addText(raw.length)) return false;
      const href = httpUrl(raw, check.limits.maxUrlLength);
      if (href === null) {
        check.warn('unsafe_url', `link to ${shown(raw)} kept as text: only absolute http(s) links are followed`);
        for (const x of c) out.push(x);
      } else out.push({ t: 'link', href, c });
      return true;
    }
    case 'img': {
      const raw = span['src'];
      if (typeof raw !== 'string') return drop(check, `an img span needs a string "src", not ${shown(raw)}; the image was left out`);
      let alt = span['alt'] ?? '';
      if (typeof alt !== 'string') {
        check.warn('dropped', `an img span's "alt" must be a string, not ${shown(alt)}; left out`);
        alt = '';
      }
      if (!check.addText(raw.length + (alt as string).length)) return false;
      const credit = span['credit'] === undefined ? null : nested(span['credit'], check, depth + 1, `an img span's "credit"`);
      if (credit === undefined) return false;
      const src = httpUrl(raw, check.limits.maxUrlLength);
      if (src === null) {
        check.warn('unsafe_url', `image ${shown(raw)} dropped: only absolute http(s) images are loaded`);
        return true;
      }
      out.push(credit === null ? { t: 'img', src, alt: alt as string } : { t: 'img', src, alt: alt as string, credit });
      return true;
    }
    case 'el': {
      const type = span['type'];
      if (typeof type !== 'string' || type.length > check.limits.maxTypeLength || !COMPONENT_NAME.test(type)) {
        check.warn('unknown_span', `an el span needs a component name in "type" (a capital letter first), not ${shown(type)}; its words are kept`);
        return keepWords(span, check, depth, out);
      }
      const attrs = checkAttrs(span['attrs'], check);
      if (attrs === undefined) return false;
      const c = span['c'] === undefined ? NONE : nested(span['c'], check, depth + 1, `the "c" of an el span`);
      if (c === undefined) return false;
      out.push({ t: 'el', type, attrs: attrs ?? NO_ATTRS, c: c ?? NONE });
      return true;
    }
  }
  check.warn('unknown_span', `${shown(t)} is not a span type (${SPAN_TYPES.join(', ')}); its words are kept`);
  return keepWords(span, check, depth, out);
}

/** A span of a type the format doesn't have: its content (`c`), else its `v` as text, else nothing. */
function keepWords(span: Record<string, unknown>, check: Check, depth: number, out: Span[]): boolean {
  const c = span['c'];
  if (c !== undefined) {
    const kept = nested(c, check, depth + 1, `the "c" of a span`);
    if (kept === undefined) return false;
    if (kept !== null) for (const x of kept) out.push(x);
    return true;
  }
  const v = span['v'];
  if (typeof v === 'string') {
    if (!check.addText(v.length)) return false;
    if (v.length > 0) out.push({ t: 'text', v });
  }
  return true;
}

/** The `c` of a formatting span or a link: its spans, null (noted) when missing or not spans, undefined for a refusal. */
function content(span: Record<string, unknown>, check: Check, depth: number): readonly Span[] | null | undefined {
  const c = span['c'];
  if (c === undefined) {
    check.warn('dropped', `a ${String(span['t'])} span needs its content in "c"; left out`);
    return null;
  }
  return nested(c, check, depth + 1, `the "c" of a ${String(span['t'])} span`);
}

function drop(check: Check, message: string): true {
  check.warn('dropped', message);
  return true;
}

/**
 * Spans past the depth limit as one text span of their words (text, code, a string, a break as a space, the
 * content of anything else), walked without recursion, each span and character still counted against the op.
 */
function wordsOf(list: readonly unknown[], check: Check): readonly Span[] | undefined {
  const parts: string[] = [];
  const stack: unknown[] = [];
  for (let i = list.length - 1; i >= 0; i--) stack.push(list[i]);
  while (stack.length > 0) {
    const s = stack.pop();
    if (!check.addSpan()) return undefined;
    if (typeof s === 'string') {
      if (!check.addText(s.length)) return undefined;
      parts.push(s);
      continue;
    }
    if (typeof s !== 'object' || s === null || Array.isArray(s)) continue;
    const span = s as Record<string, unknown>;
    const v = span['v'];
    if (typeof v === 'string') {
      if (!check.addText(v.length)) return undefined;
      parts.push(v);
    } else if (span['t'] === 'br') parts.push(' ');
    const c = span['c'];
    if (typeof c === 'string') {
      if (!check.addText(c.length)) return undefined;
      parts.push(c);
    } else if (Array.isArray(c)) {
      if (check.spans + stack.length + c.length > check.limits.maxSpans) {
        return check.fail('too_large', `the op carries more than ${check.limits.maxSpans} spans`);
      }
      for (let i = c.length - 1; i >= 0; i--) stack.push(c[i]);
    }
  }
  const text = parts.join('');
  return text.length === 0 ? NONE : [{ t: 'text', v: text }];
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
