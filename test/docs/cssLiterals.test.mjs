// The build step that makes the styles compact (scripts/cssLiterals.mjs): what it keeps and drops, and, in
// Chromium, that every css`` block of the package's sources parses to the same rules before and after.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { compactCss, cssLiterals, minifyCss } from '../../scripts/cssLiterals.mjs';
import { CHROME } from '../e2e/helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('minifyCss', () => {
  it('drops comments and collapses whitespace, none around { } ; , > and no ; before }', () => {
    assert.equal(
      minifyCss(`
        /* Why it looks like this: the element's own words */
        :host > .a,
        .b   .c {
          color: red;
          margin: 0 auto;
        }
      `),
      ':host>.a,.b .c{color: red;margin: 0 auto}',
    );
  });

  it('leaves colons alone: a descendant’s pseudo-class is not the element’s', () => {
    assert.equal(minifyCss('.list :focus-visible { outline: none; }'), '.list :focus-visible{outline: none}');
  });

  it('leaves strings exactly as written, whatever they hold', () => {
    assert.equal(minifyCss(`.x::before { content: ' /* not a comment */ {  ;  } ' / ''; }`), `.x::before{content: ' /* not a comment */ {  ;  } ' / ''}`);
    assert.equal(minifyCss(`[title="a  >  b"] { content: "it's" }`), `[title="a  >  b"]{content: "it's"}`);
  });

  it('a quote in a comment is not a string', () => {
    assert.equal(minifyCss(`/* the reader's eye */ .a { color: red; } /* it's */ .b { color: blue; }`), '.a{color: red}.b{color: blue}');
  });

  it('the plugin rewrites css`` templates only, leaves one with ${} alone, and what surrounds them as it was', () => {
    const source = 'const a = css`\n  .a { color: red; }\n`;\nconst b = css`.b { ${x} }`;\nconst c = html`<p>  x  </p>`;\n';
    const out = compactCss().transform(source, '/pkg/elements/x.ts').code;
    assert.equal(out, 'const a = css`.a{color: red}`;\nconst b = css`.b { ${x} }`;\nconst c = html`<p>  x  </p>`;\n');
    assert.equal(compactCss().transform(source, '/pkg/node_modules/lit/x.js'), null);
  });
});

describe('every css`` block of the package', () => {
  let browser;
  before(async () => {
    browser = await chromium.launch({ ...(CHROME ? { executablePath: CHROME } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  });
  after(async () => browser?.close());

  it('parses to the same rules, compact or as written', async () => {
    const files = execFileSync('git', ['ls-files', 'elements', 'themes', 'src', 'strings'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.ts'));
    const blocks = files.flatMap((file) => cssLiterals(readFileSync(root + file, 'utf8')).map(({ body }) => ({ file, body, min: minifyCss(body) })));
    assert.ok(blocks.length > 40, `found the styles (${blocks.length} blocks)`);
    const page = await browser.newPage();
    const differ = await page.evaluate((list) => {
      const rules = (text) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        // A value holding var() is kept as written, so its commas keep their spaces there: the only difference.
        return [...sheet.cssRules].map((r) => r.cssText.replace(/, /g, ',')).join('\n');
      };
      return list.filter((b) => rules(b.body) !== rules(b.min) || rules(b.body) === '').map((b) => b.file);
    }, blocks);
    assert.deepEqual(differ, []);
    const saved = blocks.reduce((n, b) => n + b.body.length - b.min.length, 0);
    assert.ok(saved > 10_000, `made smaller (${saved} characters)`);
  });
});
