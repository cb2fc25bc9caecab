import { css, html } from 'lit';
import type { NodeView } from './view.js';
import { text } from './parts.js';

/** Heading(text, level): a real heading element, so the screen has an outline. */
export const heading: NodeView = {
  render(node, screen) {
    const value = text(screen, node.props['text']);
    switch (node.props['level']) {
      case 1:
        return html`<h1 class="heading level-1">${value}</h1>`;
      case 3:
        return html`<h3 class="heading level-3">${value}</h3>`;
      default:
        return html`<h2 class="heading level-2">${value}</h2>`;
    }
  },
};

export const headingStyles = css`
  .heading {
    margin: 0;
    line-height: 1.25;
    font-weight: 650;
    overflow-wrap: anywhere;
  }
  .heading.level-1 { font-size: var(--_font-size-xl); }
  .heading.level-2 { font-size: var(--_font-size-lg); }
  .heading.level-3 { font-size: var(--_font-size); }
`;
