/**
 * Where a URL from the stream meets the page: links and pictures. The document already kept only http(s)
 * URLs; they are checked once more here (it costs little), and pictures also against the app's policy.
 */
import { html, type TemplateResult } from 'lit';
import { httpUrl } from '../../../src/ops/index.js';
import { fillRuns } from '../../shared/base/fillRuns.js';
import type { MorphContext } from '../screenContext.js';
import { streamText } from './parts.js';

/**
 * A link from the stream: only http(s), opened in a new tab (the answer stays where it is, as in a chat) with
 * no opener and no referrer, and said to open in a new tab. Anything else shows its content only.
 */
export function link(href: string, content: unknown, screen: MorphContext): TemplateResult | unknown {
  const url = httpUrl(href);
  if (url === null) return content;
  return html`<a href=${url} target="_blank" rel="noopener noreferrer" part="link">${content}<span class="visually-hidden">
      ${screen.words.opensInNewTab}</span
    ></a>`;
}

/**
 * The same link as `link()` draws, built as DOM around `content` (for spans drawn without templates, see
 * `spans.ts`); `url` is what `httpUrl()` kept. Keep the two alike: same attributes, same words.
 */
export function linkElement(url: string, content: readonly Node[], screen: MorphContext): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  a.setAttribute('part', 'link');
  a.append(...content);
  const said = document.createElement('span');
  said.className = 'visually-hidden';
  said.textContent = ` ${screen.words.opensInNewTab}`;
  a.append(said);
  return a;
}

/**
 * An `<img>` for an allowed source (no referrer, loaded lazily); the words saying it isn't shown when the
 * policy refuses it, or once it failed to load (never the browser's broken-image glyph with its alt text
 * spilling out of its box).
 */
export function picture(src: string, alt: string, screen: MorphContext): TemplateResult {
  const url = httpUrl(src);
  const words = streamText(alt);
  if (url !== null && screen.imageAllowed(url) && !screen.imageFailed(url)) {
    return html`<img src=${url} alt=${words} loading="lazy" decoding="async" referrerpolicy="no-referrer" part="image" @error=${() => screen.imageBroke(url)} />`;
  }
  // One run of words inside the box, however the box lays out its content (a Gallery's tile is a flex box).
  return html`<span class="image-blocked" part="image-blocked"><span>${words ? fillRuns(screen.words.imageNotShown, { alt: words }) : screen.words.imageNotShownNoAlt}</span></span>`;
}
