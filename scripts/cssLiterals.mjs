/**
 * A build step: the static CSS of every css`` tagged template made compact (comments dropped, whitespace
 * collapsed, none around `{ } ; , >`, no `;` before `}`), leaving strings exactly as written. The styles are
 * written readably, with comments saying why; shipped like that they were about 3 KB gzipped of every bundle
 * (1.3 KB of a page with one <omni-screen>). A template with `${}` inside is left alone (there's one, the theme's,
 * whose values are made at run time). Colons are left alone: `a :hover` and `a:hover` are different selectors.
 * test/docs/cssLiterals.test.mjs checks, in Chromium, that every block parses to the same rules either way.
 */

/** Comments and strings, in the order they start: a comment's quote isn't a string, a string's slash-star isn't a comment. */
const COMMENT_OR_STRING = /\/\*[\s\S]*?\*\/|"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\])*'/g;
const STRING = /"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\])*'/g;

const squeeze = (css) => css.replace(/\s+/g, ' ').replace(/ ?([{};,>]) ?/g, '$1').replace(/;}/g, '}');

/** The same CSS, compact. */
export function minifyCss(css) {
  const uncommented = css.replace(COMMENT_OR_STRING, (token) => (token.startsWith('/*') ? ' ' : token));
  let out = '';
  let last = 0;
  for (const m of uncommented.matchAll(STRING)) {
    out += squeeze(uncommented.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return (out + squeeze(uncommented.slice(last))).trim();
}

/** Every css`` template without `${}` in a module's source, with where it is. */
export function cssLiterals(code) {
  return [...code.matchAll(/\bcss`([^`]*)`/g)].filter((m) => !m[1].includes('${')).map((m) => ({ index: m.index, body: m[1] }));
}

/** The rollup plugin: our own modules' css`` templates made compact before they are compiled. */
export function compactCss() {
  return {
    name: 'compact-css',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[mc]?[jt]s$/.test(id) || !code.includes('css`')) return null;
      const found = cssLiterals(code);
      if (found.length === 0) return null;
      let out = '';
      let last = 0;
      for (const { index, body } of found) {
        out += `${code.slice(last, index)}css\`${minifyCss(body)}\``;
        last = index + body.length + 5;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}
