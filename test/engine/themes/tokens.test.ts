// The committed tokens must say what theme.json says: regenerate with `node scripts/generate-tokens.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { colorTokens, cssVarNames, palette, semantic, shape } from '../../../themes/tokens.js';

const root = new URL('../../../', import.meta.url);
// The suite's theme.json (test/conformance/suite/, the repository's copy of the shared suite).
const themeUrl = new URL('test/conformance/suite/omni-ir/theme.json', root);
const theme = JSON.parse(readFileSync(themeUrl, 'utf8')) as {
  tokens: string[];
  light: Record<string, string>;
  dark: Record<string, string>;
  shape: { radius: number; radiusUnit: string };
};

test('every theme.json token is a colour token with its light and dark value', () => {
  for (const name of theme.tokens) {
    assert.ok((colorTokens as readonly string[]).includes(name), name);
    for (const mode of ['light', 'dark'] as const) {
      const ours = palette[semantic[mode][name as (typeof colorTokens)[number]]];
      assert.equal(ours, theme[mode][name]!.toLowerCase(), `${mode}.${name}`);
    }
  }
});

test('the radius comes from theme.json', () => {
  assert.equal(shape.radius, `${theme.shape.radius}${theme.shape.radiusUnit}`);
});

test('public names are --ae- + kebab-case', () => {
  assert.equal(cssVarNames.surface, '--ae-surface');
  assert.equal(cssVarNames.mutedText, '--ae-muted-text');
  assert.equal(cssVarNames.chart1, '--ae-chart-1');
  assert.equal(cssVarNames.placeholderHighlight, '--ae-placeholder-highlight');
  assert.equal(cssVarNames.focus, '--ae-focus');
  assert.equal(cssVarNames.font, '--ae-font');
  assert.equal(cssVarNames.radius, '--ae-radius');
});

test('light.css and dark.css declare every token with its value', () => {
  for (const mode of ['light', 'dark'] as const) {
    const text = readFileSync(new URL(`themes/${mode}.css`, root), 'utf8');
    for (const name of colorTokens) {
      assert.ok(text.includes(`${cssVarNames[name]}: ${palette[semantic[mode][name]]};`), `${mode}.css ${name}`);
    }
    for (const [name, v] of Object.entries(shape)) {
      assert.ok(text.includes(`${cssVarNames[name as keyof typeof shape]}: ${v};`), `${mode}.css ${name}`);
    }
  }
});

test('light and dark differ only in the semantic tier: same tokens, same shape', () => {
  assert.deepEqual(Object.keys(semantic.light), Object.keys(semantic.dark));
});
