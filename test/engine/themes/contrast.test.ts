// WCAG 2.2 contrast of every pair theme.json lists, and the pairs we add (tokens.ts `contrastPairs`), in
// both default themes. If a default fails, fix it in scripts/generate-tokens.mjs (`overrides`, with the
// reason) — never lower a minimum here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { contrastPairs, cssVarNames, derivedFrom, palette, semantic, type ColorToken } from '../../../themes/tokens.js';

// The suite's theme.json (test/conformance/suite/, the repository's copy of the shared suite): our committed
// tokens must keep its pairs.
const themeUrl = new URL('../../conformance/suite/omni-ir/theme.json', import.meta.url);
const themeJson = JSON.parse(readFileSync(themeUrl, 'utf8')) as { contrast: { foreground: string; background: string; minimum: number; what: string }[] };

/** WCAG relative luminance of #rrggbb. */
function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const value = (mode: 'light' | 'dark', token: ColorToken) => palette[semantic[mode][token]];

test('the formula matches known WCAG values', () => {
  assert.equal(contrastRatio('#000000', '#ffffff').toFixed(2), '21.00');
  assert.equal(contrastRatio('#ffffff', '#ffffff'), 1);
  assert.equal(contrastRatio('#767676', '#ffffff').toFixed(2), '4.54');
  assert.equal(contrastRatio('#777777', '#ffffff').toFixed(2), '4.48');
});

test('every pair of theme.json is in our list, unweakened', () => {
  for (const pair of themeJson.contrast) {
    const ours = contrastPairs.find((p) => p.foreground === pair.foreground && p.background === pair.background);
    assert.ok(ours, `${pair.foreground} on ${pair.background} is checked`);
    assert.ok(ours.minimum >= pair.minimum, `${pair.foreground} on ${pair.background} keeps minimum ${pair.minimum}`);
  }
  assert.ok(contrastPairs.length > themeJson.contrast.length, 'we check pairs of our own too');
});

for (const mode of ['light', 'dark'] as const) {
  for (const pair of contrastPairs) {
    test(`${mode}: ${pair.what} (${pair.foreground} on ${pair.background}) ≥ ${pair.minimum}:1`, () => {
      const ratio = contrastRatio(value(mode, pair.foreground), value(mode, pair.background));
      assert.ok(
        ratio >= pair.minimum,
        `${value(mode, pair.foreground)} on ${value(mode, pair.background)} is ${ratio.toFixed(2)}:1`,
      );
    });
  }
}

test('docs/theming.md lists every pair the elements draw, with its minimum, and no other', () => {
  const doc = readFileSync(new URL('../../../docs/theming.md', import.meta.url), 'utf8');
  const rows = [...doc.matchAll(/^\| `(--ae-[\w-]+)` \| `(--ae-[\w-]+)` \| ([\d.]+):1 \| (.+) \|$/gm)].map((m) => `${m[1]} on ${m[2]} ${m[3]}`);
  const drawn = contrastPairs.filter((p) => p.drawn !== false).map((p) => `${cssVarNames[p.foreground]} on ${cssVarNames[p.background]} ${p.minimum}`);
  assert.deepEqual(new Set(rows), new Set(drawn));
  assert.ok(rows.length >= drawn.length - 1, 'one row per pair (the same pair twice is listed once)');
});

test('each colour text sits on has its own on-colour: danger and success buttons never follow an app’s --ae-on-accent', () => {
  for (const [on, under] of [['onAccent', 'accent'], ['onDanger', 'danger'], ['onSuccess', 'success']] as const) {
    assert.ok(contrastPairs.some((p) => p.foreground === on && p.background === under && p.minimum === 4.5 && p.drawn !== false), `${on} on ${under}`);
  }
  assert.equal(derivedFrom.onDanger, undefined);
  assert.equal(derivedFrom.onSuccess, undefined);
});
