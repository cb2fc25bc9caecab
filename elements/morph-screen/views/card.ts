import { css, html, nothing } from 'lit';
import { domId, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr, settled } from './parts.js';

/** Card: a bordered group of content, named by its `title` when it has one. */
export const card: NodeView = {
  render(node, screen, host) {
    const title = firstAttr(node.attrs, ['title', 'label']);
    const id = domId.title(node.id);
    return html`<section class="card" part="card" aria-labelledby=${title ? id : nothing} aria-busy=${settled(node, screen) ? nothing : 'true'}>
      ${title ? html`<div class="card-title" id=${id} dir="auto">${title}</div>` : nothing}
      <div class="card-body">${body(node, screen, host)}</div>
    </section>`;
  },
};

export const cardStyles = css`
  /*
   * The frame every interactive component sits in (Quiz, Poll, Checklist, Flashcards, WhatIf, Form), so a reader
   * sees where one ends and what belongs to it.
   */
  .framed {
    display: flex;
    flex-direction: column;
    gap: var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space-4);
    min-width: 0;
  }
  /* The frame, title and body: the shared card (elements/shared/screen/viewStyles.ts). */
  .card-body { min-width: 0; }
`;
