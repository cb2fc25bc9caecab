import { css, html, nothing } from 'lit';
import type { NodeView } from '../screenContext.js';
import { children } from './children.js';
import { scope, spans } from './spans.js';

/** ul, ol: their items, each item's element being the list item itself (role `listitem`). */
export const bulletList: NodeView = {
  render(node, screen) {
    return html`<ul class="list">${children(node.children, screen, 'list')}</ul>`;
  },
};

export const orderedList: NodeView = {
  render(node, screen) {
    return html`<ol class="list">${children(node.children, screen, 'list')}</ol>`;
  },
};

/**
 * li: its spans, then any blocks it holds (a nested list). A task item shows a mark that isn't a control (the
 * stream says whether it is done; a person ticks things in a Checklist) and says "Done:" or "To do:" in words.
 */
export const listItem: NodeView = {
  render(node, screen, host) {
    const task = node.attrs['task'];
    const w = screen.words;
    const mark =
      task === 'done' || task === 'open'
        ? html`<span class="task-mark ${task}" aria-hidden="true"></span><span class="visually-hidden">${task === 'done' ? w.taskDone : w.taskOpen}</span>`
        : nothing;
    return html`<div class="li-body prose" dir="auto">${mark}${spans(node.spans, scope(screen, node.id, host))}</div>
      ${children(node.children, screen)}`;
  },
};

export const listStyles = css`
  .list { margin: 0; padding-inline-start: 1.5em; }
  .list > * + * { margin-block-start: var(--_space-1); }
  morph-node[data-box='li'] { display: list-item; }
  morph-node[data-box='li'][data-task] { list-style: none; }
  .li-body:empty { display: none; }
  .task-mark {
    display: inline-block;
    inline-size: 0.9em;
    block-size: 0.9em;
    margin-inline-end: 0.4em;
    vertical-align: -0.1em;
    border: 2px solid var(--_input-border);
    border-radius: 3px;
  }
  .task-mark.done { background: var(--_success); border-color: var(--_success); position: relative; }
  .task-mark.done::after {
    content: '';
    position: absolute;
    inset-inline-start: 0.22em;
    inset-block-start: 0.02em;
    inline-size: 0.22em;
    block-size: 0.45em;
    border: solid var(--_on-accent);
    border-width: 0 2px 2px 0;
    transform: rotate(45deg);
  }
`;
