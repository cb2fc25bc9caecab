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
import { html, nothing, type TemplateResult } from 'lit';
import { spansOf, type ElementSpan, type ImageSpan, type Inline, type Span } from '../../../src/ops/index.js';
import type { MorphContext, NodeHost } from '../screenContext.js';
import { inlineComponent } from './inlineComponent.js';
import { link, picture } from './links.js';
import { streamText } from './parts.js';

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
 * Draws spans. A lone span is drawn as itself, not as a list of one: a list costs Lit a part and two markers
 * per item, and most paragraphs, cells and list items are one run of text.
 */
export function spans(list: readonly Span[], at: SpanScope): unknown {
  if (list.length === 1) return span(list[0]!, at);
  const out: unknown[] = [];
  for (const s of list) out.push(span(s, at));
  return out;
}

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
