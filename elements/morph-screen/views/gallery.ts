import { css, html, nothing } from 'lit';
import type { ImagesData } from '../../../src/ops/index.js';
import { domId, type NodeView } from '../screenContext.js';
import { firstAttr, standIn } from './parts.js';
import { picture } from './links.js';
import { inline, scope } from './spans.js';

/**
 * Gallery: its `title` (shown, and naming the list of pictures), then its images (those the app's policy allows
 * and that load; the others say what they show, in a tile of the same size), each with its credit.
 */
export const gallery: NodeView = {
  render(node, screen, host) {
    if (!node.closed || node.dataKind !== 'images') return standIn(node, screen, 'media');
    const images = (node.data as ImagesData).images;
    const at = scope(screen, node.id, host);
    const title = firstAttr(node.attrs, ['title', 'label']);
    const titleId = domId.title(node.id);
    return html`<figure class="gallery-frame">
      ${title ? html`<figcaption class="card-title" id=${titleId} dir="auto">${title}</figcaption>` : nothing}
      <ul class="gallery" part="gallery" aria-labelledby=${title ? titleId : nothing} aria-label=${title ? nothing : screen.words.gallery}>
        ${images.map(
          (img) => html`<li>
            <figure class="gallery-item">
              ${picture(img.src, img.alt, screen)}
              ${img.credit !== undefined ? html`<figcaption dir="auto">${inline(img.credit, at)}</figcaption>` : ''}
            </figure>
          </li>`,
        )}
      </ul>
    </figure>`;
  },
};

export const galleryStyles = css`
  .gallery-frame { margin: 0; display: flex; flex-direction: column; gap: var(--_space-2); min-width: 0; }
  .gallery-frame > .card-title { margin: 0; }
  .gallery { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--_space-2); grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); }
  .gallery > li { min-width: 0; }
  .gallery-item { margin: 0; display: flex; flex-direction: column; gap: var(--_space-1); min-width: 0; }
  .gallery-item img { inline-size: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: var(--_radius); background: var(--_placeholder); }
  .gallery-item figcaption { font-size: var(--_font-size-sm); color: var(--_muted-text); }
  .image-blocked {
    display: inline-flex;
    align-items: center;
    max-inline-size: 100%;
    box-sizing: border-box;
    padding: var(--_space-1) var(--_space-2);
    border-radius: var(--_radius);
    background: var(--_placeholder);
    color: var(--_muted-text);
    font-size: var(--_font-size-sm);
    overflow-wrap: anywhere;
  }
  .gallery .image-blocked { display: flex; inline-size: 100%; aspect-ratio: 4 / 3; justify-content: center; text-align: center; overflow: hidden; }
  .inline-image { display: inline-flex; flex-direction: column; max-inline-size: 100%; vertical-align: top; }
  .inline-image img { max-inline-size: 100%; block-size: auto; }
  .credit { color: var(--_muted-text); }
`;
