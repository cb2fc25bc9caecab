import { css, html, nothing } from 'lit';
import { fillRuns } from '../../shared/base/fillRuns.js';
import type { NodeView } from './view.js';
import { oneOf, text } from './parts.js';

/**
 * Image(asset, alt, ratio): a picture from the app's registry only ([5.17], [5.30]), never from a location in
 * the stream, loaded without a referrer. Without the picture, the alt text shows in its place.
 */
export const image: NodeView = {
  render(node, screen) {
    const name = typeof node.props['asset'] === 'string' ? node.props['asset'] : '';
    const alt = text(screen, node.props['alt']);
    const ratio = oneOf(node.props['ratio'], ['1:1', '4:3', '3:2', '16:9', 'auto'], 'auto');
    const ratioClass = `ratio-${ratio.replace(':', '-')}`;
    const picture = name ? screen.picture(name) : undefined;
    if (!picture) {
      return html`<div class="image image-missing ${ratioClass}" part="image" role="img" aria-label=${alt}>
        <span aria-hidden="true">${fillRuns(screen.words.imageMissing, { alt })}</span>
      </div>`;
    }
    return html`<img
      class="image ${ratioClass}"
      part="image"
      src=${picture.src}
      width=${picture.width ?? nothing}
      height=${picture.height ?? nothing}
      alt=${alt}
      referrerpolicy="no-referrer"
      loading="lazy"
      decoding="async"
    />`;
  },
};

export const imageStyles = css`
  .image {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: var(--_radius);
    object-fit: cover;
  }
  /* A picture with a ratio is a frame: it takes the width it has, so it lines up with what is above and below. */
  .image:not(.ratio-auto) { width: 100%; }
  .image.ratio-1-1 { aspect-ratio: 1 / 1; }
  .image.ratio-4-3 { aspect-ratio: 4 / 3; }
  .image.ratio-3-2 { aspect-ratio: 3 / 2; }
  .image.ratio-16-9 { aspect-ratio: 16 / 9; }
  .image-missing {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 6rem;
    padding: var(--_space-3);
    background: var(--_subtle);
    color: var(--_muted-text);
    text-align: center;
    overflow-wrap: anywhere;
  }
`;
