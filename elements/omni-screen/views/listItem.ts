import { css, html, nothing } from 'lit';
import type { NodeView } from './view.js';
import { text } from './parts.js';

/** ListItem(title, detail, trailing, image): a row of a List; its thumbnail is decorative (the title names it). */
export const listItem: NodeView = {
  render(node, screen) {
    const name = typeof node.props['image'] === 'string' ? node.props['image'] : '';
    const picture = name ? screen.picture(name) : undefined;
    const detail = node.props['detail'] === undefined ? '' : text(screen, node.props['detail']);
    const trailing = node.props['trailing'] === undefined ? '' : text(screen, node.props['trailing']);
    return html`<div class="list-item">
      ${picture
        ? html`<img class="list-thumb" src=${picture.src} width=${picture.width ?? nothing} height=${picture.height ?? nothing} alt="" referrerpolicy="no-referrer" loading="lazy" />`
        : nothing}
      <div class="list-main">
        <div class="list-title">${text(screen, node.props['title'])}</div>
        ${detail ? html`<div class="list-detail">${detail}</div>` : nothing}
      </div>
      ${trailing ? html`<div class="list-trailing">${trailing}</div>` : nothing}
    </div>`;
  },
};

export const listItemStyles = css`
  .list-item {
    display: flex;
    align-items: center;
    gap: var(--_space-3);
    padding: var(--_space-2) var(--_space-3);
  }
  .list-thumb {
    width: 40px;
    height: 40px;
    object-fit: cover;
    border-radius: calc(var(--_radius) / 2);
    flex: none;
  }
  .list-main { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  .list-title { font-weight: 550; }
  .list-detail { color: var(--_muted-text); font-size: var(--_font-size-sm); }
  .list-trailing { flex: none; font-variant-numeric: tabular-nums; }
`;
