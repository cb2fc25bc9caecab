import { css, html, nothing } from 'lit';
import type { NodeView } from './view.js';
import { nodes, text } from './parts.js';
import { domId } from '../screenContext.js';

/** Card(children, title): a bordered group, named by its title for assistive technology. */
export const card: NodeView = {
  render(node, screen) {
    const title = node.props['title'] === undefined ? '' : text(screen, node.props['title']);
    const titleId = domId.title(node.id);
    return html`<div class="card" part="card" role="group" aria-labelledby=${title ? titleId : nothing}>
      ${title ? html`<div class="card-title" id=${titleId}>${title}</div>` : nothing}
      <div class="card-body">${nodes(screen, node)}</div>
    </div>`;
  },
};

export const cardStyles = css`
  /* The frame, title and body: the shared card (elements/shared/screen/viewStyles.ts). */
  .card {
    /*
     * Off screen, a card costs the browser no style, layout or paint: without this every frame of a streamed
     * screen walked all that was drawn so far, so a long screen's last lines cost more than its first. The
     * padding keeps focus rings inside the box it clips to; its height is remembered once drawn.
     */
    content-visibility: auto;
    contain-intrinsic-block-size: auto 12rem;
  }
`;
