import { css, html, nothing } from 'lit';
import { attrText } from '../../../src/ops/index.js';
import { fill } from '../../../strings/en.js';
import { ownUi } from '../../shared/base/ownUi.js';
import type { MorphContext, NodeView } from '../screenContext.js';
import { growingText, streamText } from './parts.js';

/**
 * code: a code block, its text as text. The language (`lang`) is noted above it in words and names the
 * block's scroll region; it never picks a highlighter or a class. A Copy code button puts the code as shown on
 * the clipboard and says so politely; it is the package's own UI, not the answer (a selection copied leaves it out).
 */
export const codeBlock: NodeView = {
  render(node, screen) {
    const lang = streamText(attrText(node.attrs, 'lang')?.slice(0, 40) ?? '');
    let text = '';
    for (const s of node.spans) if (s.t === 'text' || s.t === 'code') text += s.v;
    // Code reads left to right and keeps its indentation in a right-to-left answer too (hence `dir` and
    // `text-align: left` on the block, not only on the text).
    // Direction controls in code are how "Trojan Source" hides what code does: shown without them, the code
    // reads in the order it runs.
    text = streamText(text);
    const name = lang ? fill(screen.words.codeLanguage, { lang }) : screen.words.codeBlock;
    return html`<figure class="code" part="code">
      ${lang ? html`<figcaption class="code-lang" dir="auto">${lang}</figcaption>` : nothing}
      <button type="button" class="button secondary code-copy" part="button" @click=${() => void copyCode(text, screen)} ${ownUi()}>${screen.words.codeCopy}</button>
      <pre tabindex="0" role="region" aria-label=${name} dir="ltr"><code>${growingText(text)}</code></pre>
    </figure>`;
  },
};

async function copyCode(text: string, screen: MorphContext): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    screen.announce(screen.words.codeCopied);
  } catch {
    // No clipboard (a page not served over https) or the browser refused: said, so the press isn't silent.
    screen.announce(screen.words.codeCopyFailed);
  }
}

export const codeStyles = css`
  .code { display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: center; margin: 0; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_subtle); min-width: 0; }
  .code-lang {
    font-size: var(--_font-size-sm);
    color: var(--_muted-text);
    padding: var(--_space-1) var(--_space-3) 0;
  }
  .code-copy {
    grid-column: 2;
    min-height: 2rem;
    margin: var(--_space-1) var(--_space-1) 0;
    padding: var(--_space-1) var(--_space-3);
    font-size: var(--_font-size-sm);
    user-select: none;
  }
  .code pre { grid-column: 1 / -1; margin: 0; padding: var(--_space-2) var(--_space-3); overflow-x: auto; font-family: var(--_font-mono); font-size: var(--_font-size-sm); text-align: left; }
  /* Paper doesn't scroll: long lines wrap (indentation kept) rather than being cut at the page's edge; paper has no button to press. */
  @media print {
    .code pre { overflow: visible; white-space: pre-wrap; overflow-wrap: anywhere; }
    .code-copy { display: none; }
  }
`;
