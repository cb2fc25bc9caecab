// Generates themes/tokens.ts, themes/light.css and themes/dark.css from the conformance suite's theme.json, so the
// colours every renderer agrees on are written down once. Run `node scripts/generate-tokens.mjs` after
// theme.json changes and commit the output; test/engine/themes/tokens.test.ts fails while they differ.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
// The suite's theme.json (the repository's copy of the shared suite's), or THEME_JSON.
const themeUrl = process.env.THEME_JSON ? new URL(`file://${process.env.THEME_JSON}`) : new URL('test/conformance/suite/omni-ir/theme.json', root);
if (!existsSync(themeUrl)) {
  console.error(`generate-tokens: no theme.json at ${fileURLToPath(themeUrl)} (set THEME_JSON to one)`);
  process.exit(1);
}
const theme = JSON.parse(readFileSync(fileURLToPath(themeUrl), 'utf8'));

/**
 * Where our defaults deliberately differ from theme.json, with the reason. Empty today: every default in
 * theme.json passes its contrast pair (see test/engine/themes/contrast.test.ts). If a future theme.json
 * fails a pair, fix the value here and say why, rather than weakening the test.
 */
const overrides = { light: {}, dark: {} };

/** Semantic tokens we add beside theme.json's, as references to its tokens (same in both themes). */
const derived = {
  // The focus ring uses the accent: it is theme.json's "focus rings" pair (accent on surface, 3:1).
  focus: 'accent',
};

/**
 * On-colours we add with their own public property: each colour that text sits on gets one, so an app that
 * changes the text on its accent doesn't change the text on danger buttons too. Each starts at the value of
 * theme.json's token named here, but never follows an app's value of it (unlike `derived`).
 */
const ownOnColours = {
  onDanger: 'onAccent',
  onSuccess: 'onAccent',
};

/**
 * theme.json's pairs that no element draws (their text now takes an on-colour of its own): still checked on
 * the defaults, never warned about at run time.
 */
const notDrawn = [{ foreground: 'onAccent', background: 'danger', instead: 'onDanger' }];

/** Tokens that are not colours; the same in light and dark. */
const shape = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
  fontMono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  fontSizeSm: '0.875rem',
  fontSize: '1rem',
  fontSizeLg: '1.125rem',
  fontSizeXl: '1.375rem',
  lineHeight: '1.5',
  space1: '4px',
  space2: '8px',
  space3: '12px',
  space4: '16px',
  space6: '24px',
  radius: `${theme.shape.radius}${theme.shape.radiusUnit}`,
  focusWidth: '2px',
  focusOffset: '2px',
};

const kebab = (name) => name.replace(/([a-z])([A-Z0-9])/g, '$1-$2').replace(/([0-9])([A-Za-z])/g, '$1-$2').toLowerCase();

function rgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
}
function luminance(hex) {
  const [r, g, b] = rgb(hex).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** A palette name a person can read: hue family and CIE lightness (0 black … 100 white). */
function paletteName(hex) {
  const [r, g, b] = rgb(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const y = luminance(hex);
  const lightness = Math.round(y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y);
  if (max - min < 0.06) return `gray${lightness}`;
  let h;
  if (max === r) h = ((g - b) / (max - min)) % 6;
  else if (max === g) h = (b - r) / (max - min) + 2;
  else h = (r - g) / (max - min) + 4;
  h = (h * 60 + 360) % 360;
  const family =
    h < 15 ? 'red' : h < 45 ? 'orange' : h < 70 ? 'yellow' : h < 165 ? 'green' : h < 195 ? 'teal' : h < 255 ? 'blue' : h < 290 ? 'violet' : h < 345 ? 'pink' : 'red';
  return `${family}${lightness}`;
}

const colorNames = [...theme.tokens, ...Object.keys(derived), ...Object.keys(ownOnColours)];
const resolved = {};
for (const mode of ['light', 'dark']) {
  resolved[mode] = {};
  for (const name of theme.tokens) {
    const value = overrides[mode][name] ?? theme[mode][name];
    if (!/^#[0-9a-f]{6}$/i.test(value ?? '')) throw new Error(`theme.json: ${mode}.${name} is not #rrggbb`);
    resolved[mode][name] = value.toLowerCase();
  }
  for (const [name, ref] of Object.entries({ ...derived, ...ownOnColours })) resolved[mode][name] = resolved[mode][ref];
}

// Palette tier: every distinct colour once, by a readable name. Semantic tier: each token names a palette entry.
const palette = {};
const byHex = new Map();
for (const mode of ['light', 'dark']) {
  for (const name of colorNames) {
    const hex = resolved[mode][name];
    if (byHex.has(hex)) continue;
    let key = paletteName(hex);
    for (let n = 2; key in palette; n++) key = `${paletteName(hex)}v${n}`;
    palette[key] = hex;
    byHex.set(hex, key);
  }
}
const sortedPalette = Object.fromEntries(Object.entries(palette).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
const semantic = {};
for (const mode of ['light', 'dark']) {
  semantic[mode] = Object.fromEntries(colorNames.map((name) => [name, byHex.get(resolved[mode][name])]));
}

const cssVar = (name) => `--ae-${kebab(name)}`;
const json = (v) => JSON.stringify(v, null, 2);

const ts = `// Generated by scripts/generate-tokens.mjs from test/conformance/suite/omni-ir/theme.json. Do not edit.
// Change theme.json (or the overrides in the script) and run \`node scripts/generate-tokens.mjs\`.

/** Palette tier: every colour the themes use, once, named by hue and CIE lightness. */
export const palette = ${json(sortedPalette)} as const;

export type PaletteName = keyof typeof palette;

/** The colour tokens, in theme.json's order, then the ones we add (see \`derived\` in the script). */
export const colorTokens = ${json(colorNames)} as const;

export type ColorToken = (typeof colorTokens)[number];

/** Semantic tier: what each colour token is in each theme. Light and dark differ only here. */
export const semantic: Record<'light' | 'dark', Record<ColorToken, PaletteName>> = ${json(semantic)};

/**
 * Tokens that default to another token: an app that sets only \`--ae-accent\` gets a focus ring of its accent.
 */
export const derivedFrom: Partial<Record<ColorToken, ColorToken>> = ${json(derived)};

/** Tokens that are not colours: the same in both themes. */
export const shape = ${json(shape)} as const;

export type ShapeToken = keyof typeof shape;

/** The public custom property an app sets to override a token: \`--ae-\` + kebab-case. */
export const cssVarNames: Record<ColorToken | ShapeToken, string> = ${json(
  Object.fromEntries([...colorNames, ...Object.keys(shape)].map((n) => [n, cssVar(n)])),
)};

/**
 * theme.json's contrast pairs, plus ours, checked on the defaults by test/engine/themes/contrast.test.ts and, in
 * development, on an app's values by every outermost element (a warning per pair under its minimum). \`drawn:
 * false\` marks a pair of theme.json's that no element draws any more.
 */
export const contrastPairs: ReadonlyArray<{ foreground: ColorToken; background: ColorToken; minimum: number; what: string; drawn?: false }> = ${json([
  ...theme.contrast.map((pair) =>
    notDrawn.some((n) => n.foreground === pair.foreground && n.background === pair.background) ? { ...pair, drawn: false } : pair,
  ),
  { foreground: 'onDanger', background: 'danger', minimum: 4.5, what: 'danger buttons and a wrong answer’s letter' },
  { foreground: 'onSuccess', background: 'success', minimum: 4.5, what: 'a right answer’s letter' },
  { foreground: 'focus', background: 'surface', minimum: 3, what: 'focus rings (ours: --ae-focus)' },
  { foreground: 'focus', background: 'subtle', minimum: 3, what: 'focus rings on a subtle background' },
  { foreground: 'surface', background: 'text', minimum: 4.5, what: 'chart tooltips (inverse colours)' },
  { foreground: 'text', background: 'placeholder', minimum: 4.5, what: 'a fallback block’s sentence' },
  { foreground: 'inputBorder', background: 'surface', minimum: 3, what: 'the edge of the confirmation’s Cancel button' },
  { foreground: 'mutedText', background: 'subtle', minimum: 4.5, what: 'chart legend text on a subtle background' },
])};
`;

function themeCss(mode, selector, heading) {
  const lines = [`/* ${heading} Generated by scripts/generate-tokens.mjs from theme.json; do not edit. */`, `${selector} {`];
  for (const name of colorNames) lines.push(`  ${cssVar(name)}: ${palette[semantic[mode][name]]};`);
  for (const [name, value] of Object.entries(shape)) lines.push(`  ${cssVar(name)}: ${value};`);
  lines.push('}', '');
  return lines.join('\n');
}

writeFileSync(new URL('themes/tokens.ts', root), ts);
writeFileSync(
  new URL('themes/light.css', root),
  themeCss('light', ':root', 'agentic-elements light theme: every --ae-* token, for pages that style themselves with them.'),
);
writeFileSync(
  new URL('themes/dark.css', root),
  themeCss('dark', ':root', 'agentic-elements dark theme. Load with media="(prefers-color-scheme: dark)" to follow the system.'),
);
console.log(`tokens: ${colorNames.length} colours, ${Object.keys(palette).length} palette entries, ${Object.keys(shape).length} shape tokens`);
