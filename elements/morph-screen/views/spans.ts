/**
 * Inline content: every span of the format as markup chosen here, with the stream's words only ever as text.
 * Links and images were already limited to http(s) by the document; they are checked once more here (it costs
 * little and this is where a URL meets the page), and images also against the app's policy.
 *
 * Bidi: text goes through `streamText()`, the one text path for model words, which removes the direction
 * controls (an override can't make "evil" show as "live"); each element inside a node isolates its content
 * (`unicode-bidi: isolate` in the screen's styles), and every block holding stream text is `dir="auto"`, so
 * right-to-left text can't reorder the words around it or the element's own.
 */
import { html, noChange, nothing, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';
import { clearPart, setCommittedValue } from 'lit/directive-helpers.js';
import { httpUrl, spansOf, type ElementSpan, type ImageSpan, type Inline, type LinkSpan, type Span } from '../../../src/ops/index.js';
import type { MorphContext, NodeHost } from '../screenContext.js';
import { inlineComponent } from './inlineComponent.js';
import { link, linkElement, picture } from './links.js';
import { grow, growingText, streamText } from './parts.js';

/**
 * Where spans are drawn: the screen, the node they belong to (an inline Button's action names it) and, when
 * the node's element is given, its memory, so an app's inline element is kept across redraws by its place.
 */
export interface SpanScope {
  readonly screen: MorphContext;
  readonly nodeId: string;
  readonly host?: NodeHost | undefined;
  /** Counts inline components as they are drawn, to know each one's place. */
  elements: number;
}

/** A scope for drawing a node's spans. */
export const scope = (screen: MorphContext, nodeId: string, host?: NodeHost): SpanScope => ({ screen, nodeId, host, elements: 0 });

/**
 * Draws spans. Text, its marks and links (the usual prose, cells and list items) are drawn as plain DOM
 * (`textRun`): a template per span costs Lit a part, a template instance and two marker comments each, and a
 * long answer has tens of thousands of spans, which the garbage collector then walks at every full collection.
 * One run of text is just its text. Spans holding an image or an inline component go through templates.
 */
export function spans(list: readonly Span[], at: SpanScope): unknown {
  if (list.length === 0) return NONE;
  if (list.length === 1 && list[0]!.t === 'text') return growingText(streamText(list[0]!.v));
  if (list.every(plain)) return textRun(list, at.screen);
  if (list.length === 1) return span(list[0]!, at);
  const out: unknown[] = [];
  for (const s of list) out.push(span(s, at));
  return out;
}

/** What no spans draw: an empty list (a badge with no spans shows its `text` attribute instead). */
const NONE: readonly unknown[] = Object.freeze([]);

/** The marks a plain span may be, each drawn as the element of the same name. */
const MARKS: ReadonlySet<string> = new Set(['strong', 'em', 's', 'u', 'small', 'sub', 'sup', 'mark', 'kbd']);

/**
 * Text, code, a line break, or a mark or an http(s) link holding only such spans: drawn by `textRun` (their
 * depth is the document's limit).
 */
function plain(s: Span): boolean {
  if (s.t === 'text' || s.t === 'code' || s.t === 'br') return true;
  if (s.t === 'link' && httpUrl(s.href) === null) return false;
  return (s.t === 'link' || MARKS.has(s.t)) && (s as { c: readonly Span[] }).c.every(plain);
}

/** Whether two plain spans draw the same. */
function same(a: Span, b: Span): boolean {
  if (a === b) return true;
  if (a.t !== b.t) return false;
  if (a.t === 'text' || a.t === 'code') return a.v === (b as typeof a).v;
  if (a.t === 'br') return true;
  if (a.t === 'link' && a.href !== (b as LinkSpan).href) return false;
  const x = (a as { c: readonly Span[] }).c;
  const y = (b as { c: readonly Span[] }).c;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!same(x[i]!, y[i]!)) return false;
  return true;
}

/** The DOM of a plain span: text through `streamText()`, never markup; a link as `link()` draws it. */
function build(s: Span, screen: MorphContext): Node {
  if (s.t === 'text') return document.createTextNode(streamText(s.v));
  if (s.t === 'br') return document.createElement('br');
  if (s.t === 'link') return linkElement(httpUrl(s.href)!, s.c.map((c) => build(c, screen)), screen);
  const el = document.createElement(s.t);
  if (s.t === 'code') el.textContent = streamText(s.v);
  else for (const c of (s as { c: readonly Span[] }).c) el.append(build(c, screen));
  return el;
}

/**
 * Plain spans as DOM, one node per span, updated by what changed: a paragraph streamed as ever longer spans
 * keeps every span that drew the same, sets the text of a text span that grew, and builds only the spans after
 * the first that differs.
 */
class TextRun extends Directive {
  #drawn: readonly Span[] = [];
  #nodes: Node[] = [];
  #fresh = true;
  /** The words its links were drawn with: other words (a new language) draw every span again. */
  #words: unknown;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('textRun() belongs in a child position of a template');
  }

  render(_list: readonly Span[], _screen: MorphContext): unknown {
    return noChange;
  }

  override update(part: ChildPart, [list, screen]: [readonly Span[], MorphContext]): unknown {
    if (this.#fresh) {
      // What the part held before (a template, a list) goes: from here on its content is this run's.
      this.#fresh = false;
      clearPart(part);
      setCommittedValue(part);
    }
    const words = screen.words;
    const drawn = this.#words === words ? this.#drawn : [];
    this.#words = words;
    const nodes = this.#nodes;
    let i = 0;
    for (; i < list.length && i < drawn.length; i++) {
      const was = drawn[i]!;
      const now = list[i]!;
      if (same(was, now)) continue;
      if (was.t === 'text' && now.t === 'text') grow(nodes[i] as Text, streamText(now.v));
      else break;
    }
    for (let k = i; k < nodes.length; k++) (nodes[k] as ChildNode).remove();
    nodes.length = i;
    if (i < list.length) {
      const added = document.createDocumentFragment();
      for (; i < list.length; i++) {
        const node = build(list[i]!, screen);
        nodes.push(node);
        added.append(node);
      }
      // The part's end marker, or none when the part ends its parent (then the run ends the parent too).
      const end = part.endNode;
      (end ?? part.startNode)!.parentNode!.insertBefore(added, end);
    }
    this.#drawn = list;
    return noChange;
  }
}

const textRun = directive(TextRun);

/** Inline content from component data (spans, or a string standing for one text span). */
export const inline = (value: Inline | null | undefined, at: SpanScope): unknown => spans(spansOf(value), at);

function span(s: Span, at: SpanScope): unknown {
  switch (s.t) {
    case 'text':
      return streamText(s.v);
    case 'code':
      return html`<code>${streamText(s.v)}</code>`;
    case 'br':
      return html`<br />`;
    case 'strong':
      return html`<strong>${spans(s.c, at)}</strong>`;
    case 'em':
      return html`<em>${spans(s.c, at)}</em>`;
    case 's':
      return html`<s>${spans(s.c, at)}</s>`;
    case 'u':
      return html`<u>${spans(s.c, at)}</u>`;
    case 'small':
      return html`<small>${spans(s.c, at)}</small>`;
    case 'sub':
      return html`<sub>${spans(s.c, at)}</sub>`;
    case 'sup':
      return html`<sup>${spans(s.c, at)}</sup>`;
    case 'mark':
      return html`<mark>${spans(s.c, at)}</mark>`;
    case 'kbd':
      return html`<kbd>${spans(s.c, at)}</kbd>`;
    case 'link':
      return link(s.href, spans(s.c, at), at.screen);
    case 'img':
      return image(s, at);
    case 'el':
      return inlineComponent(s as ElementSpan, at, spans);
    default:
      return nothing;
  }
}

/** An inline image, when the app's policy allows its source; else its alt text in a muted box. */
function image(s: ImageSpan, at: SpanScope): TemplateResult {
  const credit = s.credit && s.credit.length > 0 ? html`<small class="credit">${spans(s.credit, at)}</small>` : nothing;
  return html`<span class="inline-image">${picture(s.src, s.alt, at.screen)}${credit}</span>`;
}
