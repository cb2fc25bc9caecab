// Markdown to HTML for the docs site (the guides in docs/ and the manifest's descriptions), with `marked` for the
// parsing. Nothing a Markdown file says can run script on the site: raw HTML in it is shown as text, a link goes
// only to http(s), mailto, another guide or an anchor, and an image is shown only when it is one of the guides'
// own pictures (docs/images/*.png, copied beside the pages); any other is shown as its words, so a guide loads
// nothing from anywhere else. The output is then read back against an allowlist of tags and attributes, and the
// build fails on anything else.
import { Marked } from 'marked';
import { esc } from './html.mjs';

/** The tags the renderer may write, each with the attributes it may carry. */
const ALLOWED = {
  a: ['href', 'title'], blockquote: [], br: [], code: ['class'], del: [], em: [], hr: [], li: [], ol: ['start'],
  p: [], pre: ['tabindex'], strong: [], table: [], tbody: [], td: ['align'], th: ['align'], thead: [], tr: [], ul: [],
  h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'],
  input: ['checked', 'disabled', 'type'], span: ['class'], img: ['src', 'alt', 'loading'],
};

/** The guides' own pictures: a file of docs/images/, by its name. */
export const LOCAL_IMAGE = /^images\/[a-z0-9][a-z0-9-]*\.png$/;

/** Plain text of inline tokens: what a heading's anchor is made from (GitHub's way, so links in the guides hold). */
function plain(tokens) {
  return (tokens ?? []).map((t) => (t.tokens ? plain(t.tokens) : (t.text ?? ''))).join('');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text) {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/**
 * Where a link may go: an http(s) or mailto URL as it is, `#anchor`, or another guide (`other.md#x` →
 * `other.html#x`) when `guides` has it. Anything else (a script URL, a file of the repository the site doesn't
 * carry) gets no link.
 */
function target(href, guides, guidePrefix = '') {
  const h = (href ?? '').trim();
  if (/^(https?:|mailto:)/i.test(h)) return h;
  if (/^#[\w-]*$/.test(h)) return h;
  const guide = /^(?:\.\/)?([\w-]+)\.md(#[\w-]*)?$/.exec(h);
  if (guide && guides.has(guide[1])) return `${guidePrefix}${guide[1]}.html${guide[2] ?? ''}`;
  return null;
}

/** Throws when `out` holds a tag or attribute outside the allowlist: the last guard before a page is written. */
export function assertSafe(out, where) {
  for (const m of out.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const [tag, name, attrs] = [m[0], m[1].toLowerCase(), m[2]];
    const allowed = ALLOWED[name];
    if (!allowed) throw new Error(`${where}: the Markdown renderer wrote <${name}>: ${tag}`);
    if (tag.startsWith('</')) continue;
    for (const a of attrs.matchAll(/([^\s=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      if (!allowed.includes(a[1].toLowerCase())) throw new Error(`${where}: <${name}> may not carry ${a[1]}: ${tag}`);
      if (a[1].toLowerCase() === 'href' && /^["']?\s*(javascript|data|vbscript):/i.test(a[2] ?? '')) throw new Error(`${where}: a script URL: ${tag}`);
      if (a[1].toLowerCase() === 'src' && !LOCAL_IMAGE.test((a[2] ?? '').replace(/^["']|["']$/g, ''))) throw new Error(`${where}: an image from elsewhere than docs/images/: ${tag}`);
    }
  }
  return out;
}

/**
 * A renderer for one page: `guides` are the names of the guides a link may reach, at `guidePrefix` from the page
 * (`../guides/` from an element's page). Heading ids are unique in the page (a repeated heading gets -1, -2, as
 * on GitHub).
 */
export function createMarkdown({ guides = new Set(), guidePrefix = '' } = {}) {
  const used = new Map();
  const headings = [];
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html({ text }) {
        return esc(text);
      },
      heading({ tokens, depth }) {
        let id = slug(plain(tokens));
        const n = used.get(id) ?? 0;
        used.set(id, n + 1);
        if (n) id = `${id}-${n}`;
        headings.push({ depth, id, text: plain(tokens) });
        return `<h${depth} id="${esc(id)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        const to = target(href, guides, guidePrefix);
        if (!to) return text;
        return `<a href="${esc(to)}"${title ? ` title="${esc(title)}"` : ''}>${text}</a>`;
      },
      image({ href, text }) {
        const src = (href ?? '').trim();
        if (!LOCAL_IMAGE.test(src)) return esc(text);
        return `<img src="${esc(src)}" alt="${esc(text)}" loading="lazy">`;
      },
      // A code block may scroll sideways: focusable, so a keyboard can scroll it too.
      code({ text, lang }) {
        const language = /^[\w-]+$/.test(lang ?? '') ? ` class="language-${esc(lang)}"` : '';
        return `<pre tabindex="0"><code${language}>${esc(text.replace(/\n$/, ''))}\n</code></pre>\n`;
      },
      // A header cell with no words is no header (a table whose first column has none): an ordinary cell.
      tablecell({ tokens, header, align }) {
        const content = this.parser.parseInline(tokens);
        const tag = header && content.trim() ? 'th' : 'td';
        return `<${tag}${align ? ` align="${esc(align)}"` : ''}>${content}</${tag}>\n`;
      },
    },
  });
  return {
    /** A whole document (a guide, a class description). */
    block: (text, where = 'markdown') => assertSafe(marked.parse(text ?? ''), where),
    /** One line (a member's description), without the paragraph around it. */
    inline: (text, where = 'markdown') => assertSafe(marked.parseInline(text ?? ''), where),
    /** The headings rendered so far (`depth`, `id`, `text`), for a table of contents. */
    headings,
  };
}
