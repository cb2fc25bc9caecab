import { css, html } from 'lit';
import type { ImagesData } from '../../../src/ops/index.js';
import type { NodeView } from '../screenContext.js';
import { fallback, firstAttr, pending } from './parts.js';
import { picture } from './links.js';
import { inline, scope } from './spans.js';

/** Gallery: its images (those the app's policy allows; the others say what they show), each with its credit. */
export const gallery: NodeView = {
  render(node, screen, host) {
    if (!node.closed || node.dataKind !== 'images') {
      return node.closed ? fallback(screen.words.answerMissing, 'missing', 'media') : pending(screen.words.loading, 'media');
    }
    const images = (node.data as ImagesData).images;
    const at = scope(screen, node.id, host);
    const name = firstAttr(node.attrs, ['title', 'label']) || screen.words.gallery;
    return html`<ul class="gallery" part="gallery" aria-label=${name}>
      ${images.map(
        (img) => html`<li>
          <figure class="gallery-item">
            ${picture(img.src, img.alt, screen)}
            ${img.credit !== undefined ? html`<figcaption dir="auto">${inline(img.credit, at)}</figcaption>` : ''}
          </figure>
        </li>`,
      )}
    </ul>`;
  },
};

export const galleryStyles = css`
  .gallery { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--_space-2); grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); }
  .gallery-item { margin: 0; display: flex; flex-direction: column; gap: var(--_space-1); }
  .gallery-item img { inline-size: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: var(--_radius); background: var(--_placeholder); }
  .gallery-item figcaption { font-size: var(--_font-size-sm); color: var(--_muted-text); }
  .image-blocked {
    display: inline-flex;
    align-items: center;
    padding: var(--_space-1) var(--_space-2);
    border-radius: var(--_radius);
    background: var(--_placeholder);
    color: var(--_muted-text);
    font-size: var(--_font-size-sm);
  }
  .gallery .image-blocked { aspect-ratio: 4 / 3; justify-content: center; text-align: center; }
  .inline-image { display: inline-flex; flex-direction: column; max-inline-size: 100%; vertical-align: top; }
  .inline-image img { max-inline-size: 100%; block-size: auto; }
  .credit { color: var(--_muted-text); }
`;
