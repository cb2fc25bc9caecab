// The docs site's Markdown: nothing a guide says can run script on the site, headings get GitHub's anchors, and
// links between guides follow them to their pages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertSafe, createMarkdown, slug } from '../../scripts/docs/markdown.mjs';

describe('the docs site’s Markdown', () => {
  it('raw HTML is shown as text, never markup', () => {
    const out = createMarkdown().block('<script>alert(1)</script>\n\nHi <img src=x onerror="alert(1)"> <b onclick="x()">b</b>\n\n<iframe src="https://example.com"></iframe>');
    assert.doesNotMatch(out, /<(script|img|b|iframe)\b/i);
    assert.match(out, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(out, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
  });

  it('a link goes only to http(s), mailto, an anchor or another guide; anything else keeps its words only', () => {
    const md = createMarkdown({ guides: new Set(['oui']) });
    const out = md.block(
      '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html,<script>x</script>) [d](vbscript:x) ' +
        '[e](https://example.com/x) [f](mailto:a@example.com) [g](#top) [h](oui.md#the-element) [i](../README.md) [j](missing.md)',
    );
    assert.deepEqual([...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1]), ['https://example.com/x', 'mailto:a@example.com', '#top', 'oui.html#the-element']);
    for (const words of ['a', 'b', 'c', 'd', 'i', 'j']) assert.match(out, new RegExp(`\\b${words}\\b`), words);
  });

  it('images are shown as their words, but for the guides’ own pictures: a guide loads nothing from anywhere else', () => {
    for (const src of ['https://example.com/x.png', '//example.com/x.png', '../x.png', 'images/../../x.png', 'images/x.svg', 'javascript:x', 'images/x.png?y']) {
      assert.doesNotMatch(createMarkdown().block(`![a chart](${src})`), /<img/, src);
    }
    assert.match(createMarkdown().block('![A "chart" <b>](images/morph-degrades-light.png)'), /<img src="images\/morph-degrades-light\.png" alt="A &quot;chart&quot; &lt;b&gt;" loading="lazy">/);
    assert.throws(() => assertSafe('<img src="https://example.com/x.png" alt="x">', 'test'), /image from elsewhere/);
  });

  it('code is escaped text, tables and lists are kept', () => {
    const out = createMarkdown().block('```html\n<oui-surface id="x"></oui-surface>\n```\n\n| a | b |\n| - | -: |\n| 1 | 2 |\n\n- one\n- two');
    assert.match(out, /<pre tabindex="0"><code class="language-html">&lt;oui-surface id=&quot;x&quot;&gt;&lt;\/oui-surface&gt;/);
    assert.match(out, /<table>/);
    assert.match(out, /<li>two<\/li>/);
  });

  it('headings get GitHub’s anchors, a repeated one numbered', () => {
    const md = createMarkdown();
    const out = md.block('## 1. What Omni-IR is\n\n## The `<ax-runner>` element\n\n## Notes\n\n## Notes');
    assert.deepEqual([...out.matchAll(/id="([^"]*)"/g)].map((m) => m[1]), ['1-what-omni-ir-is', 'the-ax-runner-element', 'notes', 'notes-1']);
    assert.equal(slug('Where we differ, or add'), 'where-we-differ-or-add');
  });

  it('the last guard refuses a tag or attribute outside the allowlist', () => {
    assert.throws(() => assertSafe('<p><script>x</script></p>', 'test'), /wrote <script>/);
    assert.throws(() => assertSafe('<a href="#x" onclick="y()">x</a>', 'test'), /may not carry onclick/);
    assert.throws(() => assertSafe('<a href="javascript:x()">x</a>', 'test'), /script URL/);
    assert.throws(() => assertSafe('<p style="color:red">x</p>', 'test'), /may not carry style/);
    assert.equal(assertSafe('<p><a href="#x">x</a></p>', 'test'), '<p><a href="#x">x</a></p>');
  });
});
