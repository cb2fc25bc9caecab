import { css, html, nothing } from 'lit';
import type { NodeView } from './view.js';
import { oneOf, text } from './parts.js';
import { Signal } from '../../shared/base/signals.js';
import type { ScreenContext } from '../screenContext.js';

/**
 * Notice(text, tone, title): a callout. It is deliberately not a live region: a streamed screen would talk
 * all the time. The screen announces a Notice only when an update adds or changes it ([8.8]).
 */
export const notice: NodeView = {
  render(node, screen) {
    const tone = oneOf(node.props['tone'], ['info', 'success', 'warning', 'danger'], 'info');
    const title = node.props['title'] === undefined ? '' : text(screen, node.props['title']);
    const words = screen.words;
    const said = { info: words.toneInfo, success: words.toneSuccess, warning: words.toneWarning, danger: words.toneDanger }[tone];
    // The tone is said in words and marked with a shape, not by colour alone (WCAG 1.4.1).
    return html`<div class="notice tone-${tone}" part="notice" role="note">
      <span class="visually-hidden">${said}</span>
      ${title ? html`<div class="notice-title">${title}</div>` : nothing}
      <div class="notice-text">${text(screen, node.props['text'])}</div>
    </div>`;
  },
};

/** The words a Notice says, for the update announcer. */
export function noticeWords(title: string, body: string): string {
  return title ? `${title}. ${body}` : body;
}

/**
 * What every Notice on the screen says now, by id (read without subscribing). An update compares this before
 * and after, so a Notice it adds or changes, directly or through a $key its text reads, is announced ([8.8]).
 */
export function noticesNow(screen: ScreenContext): Map<string, string> {
  return Signal.subtle.untrack(() => {
    const out = new Map<string, string>();
    const doc = screen.doc;
    if (!doc) return out;
    for (const id of doc.ids()) {
      const node = doc.node(id);
      if (node?.type !== 'Notice') continue;
      const title = node.props['title'] === undefined ? '' : text(screen, node.props['title']);
      out.set(id, noticeWords(title, text(screen, node.props['text'])));
    }
    return out;
  });
}

export const noticeStyles = css`
  .notice {
    position: relative;
    border-radius: var(--_radius);
    padding: var(--_space-3) var(--_space-4);
    padding-inline-start: calc(var(--_space-4) + 1.25em);
    border-inline-start: 4px solid var(--_accent);
    background: var(--_accent-soft);
    color: var(--_text);
    overflow-wrap: anywhere;
  }
  /* Line breaks in the text are kept; the template's own white space between the tags is not. */
  .notice-title,
  .notice-text { white-space: pre-line; }
  .notice-title { font-weight: 650; margin-block-end: var(--_space-1); }
  .notice::before {
    position: absolute;
    inset-inline-start: var(--_space-3);
    inset-block-start: var(--_space-3);
    inline-size: 1.1em;
    block-size: 1.1em;
    border-radius: 50%;
    font-size: 0.85em;
    font-weight: 700;
    line-height: 1.1em;
    text-align: center;
    color: var(--_surface);
    background: currentColor;
  }
  .notice::before { content: 'i' / ''; background: var(--_accent); }
  .notice.tone-success::before { content: '✓' / ''; background: var(--_success); }
  .notice.tone-warning::before { content: '!' / ''; background: var(--_warning-text); }
  .notice.tone-danger::before { content: '×' / ''; background: var(--_danger); }
  .notice.tone-success { border-color: var(--_success); background: var(--_success-soft); color: var(--_success-text); }
  .notice.tone-warning { border-color: var(--_warning); background: var(--_warning-soft); color: var(--_warning-text); }
  .notice.tone-danger { border-color: var(--_danger); background: var(--_danger-soft); color: var(--_danger-text); }
`;
