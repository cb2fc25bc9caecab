import { css, html, nothing } from 'lit';
import { taskOf } from '../../../src/ops/index.js';
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
 * li: its spans, then any blocks it holds (a nested list). A task item (`task` "open" or "done"; any other value
 * is an ordinary item) shows a status mark, and says "Done:" or "To do:" in words. The mark is drawn so it
 * can't be taken for a checkbox: a bare tick for done, a small dotted ring for to do, no box around either,
 * nothing to press (the stream says whether it is done; a person ticks things in a Checklist). The hidden words
 * have their own `dir`, so the item's `dir="auto"` takes its direction from the stream's words, not from "Done:".
 */
export const listItem: NodeView = {
  render(node, screen, host) {
    const task = taskOf(node.attrs);
    const w = screen.words;
    const mark =
      task !== null
        ? html`<span class="task-mark ${task}" aria-hidden="true"></span><span class="visually-hidden" dir="auto">${task === 'done' ? w.taskDone : w.taskOpen}</span>`
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
  /* In the bullets' column, so a task item's words (every line of them) start where a plain item's do. */
  .task-mark {
    display: inline-block;
    position: relative;
    inline-size: 1em;
    block-size: 1em;
    margin-inline: -1.35em 0.35em;
    vertical-align: -0.15em;
  }
  /* To do: a small dotted ring, centred where the tick would be. */
  .task-mark.open::after {
    content: '';
    position: absolute;
    inset: 0.18em;
    border: 0.12em dashed var(--_muted-text);
    border-radius: 50%;
  }
  /* Done: a bare tick in the success colour. */
  .task-mark.done::after {
    content: '';
    position: absolute;
    inset-inline-start: 0.32em;
    inset-block-start: 0.08em;
    inline-size: 0.3em;
    block-size: 0.6em;
    border: solid var(--_success);
    border-width: 0 0.14em 0.14em 0;
    transform: rotate(45deg);
  }
  .li-body:has(> .task-mark.done) { color: var(--_muted-text); }
`;
