/**
 * The themes as a Lit stylesheet for shadow roots. Three tiers, as in Material Web:
 *
 * 1. palette: every colour once (`palette` in tokens.ts, generated from theme.json);
 * 2. semantic: what `surface`, `accent`, … are in light and in dark, as private `--_ae-theme-*` properties,
 *    set only on a host that has a `theme` attribute. A host without one inherits them from the nearest
 *    themed ancestor, so an `<ae-chart>` inside `<omni-screen theme="dark">` is dark without being told;
 *    with no themed ancestor at all, the `--_ae-default-*` values apply: `light-dark(<light>, <dark>)`, which
 *    follows the page's `color-scheme` (light where the page declares none; light values in a browser without
 *    `light-dark()`), and such an outermost element paints its own surface (AgentElement), so its text is
 *    readable on a dark page too;
 * 3. component: private `--_x` properties (`--_surface`, `--_accent`, `--_chart-1`, …) that element styles use.
 *
 * Every `--_x` is `var(--ae-x, <theme default>)`, so a `--ae-*` an app sets on the element or on any
 * ancestor wins over our defaults: the defaults are fallbacks, never declarations of `--ae-*` themselves.
 */
import { css, unsafeCSS, type CSSResult } from 'lit';
import { colorTokens, cssVarNames, derivedFrom, palette, semantic, shape, type ColorToken, type ShapeToken } from './tokens.js';

export * from './tokens.js';

/** The theme names an element accepts. */
export type ThemeName = 'light' | 'dark' | 'system';

export const themeNames: readonly ThemeName[] = ['light', 'dark', 'system'];

/** `--ae-chart-1` → `chart-1`: the suffix shared by the public, private and theme properties of a token. */
const suffix = (token: ColorToken | ShapeToken): string => cssVarNames[token].slice('--ae-'.length);

/** The private component-tier property for a token, e.g. `--_surface`. */
export const privateVar = (token: ColorToken | ShapeToken): string => `--_${suffix(token)}`;

/** The hex value of a colour token in a theme: the semantic tier resolved through the palette. */
export const tokenValue = (mode: 'light' | 'dark', token: ColorToken): string => palette[semantic[mode][token]];

function semanticBlock(mode: 'light' | 'dark'): string {
  return colorTokens.map((t) => `--_ae-theme-${suffix(t)}: ${tokenValue(mode, t)};`).join('\n');
}

/** The values of an element with no themed ancestor: the page's colour scheme picks light or dark. */
function defaultBlock(mode: 'light' | 'follow-page'): string {
  return colorTokens
    .map((t) => {
      const light = tokenValue('light', t);
      const dark = tokenValue('dark', t);
      const value = mode === 'light' || light === dark ? light : `light-dark(${light}, ${dark})`;
      return `--_ae-default-${suffix(t)}: ${value};`;
    })
    .join('\n');
}

function componentBlock(): string {
  const colours = colorTokens.map((t) => {
    const fallback = `var(--_ae-theme-${suffix(t)}, var(--_ae-default-${suffix(t)}))`;
    // A derived token (focus) follows the app's value of its source (accent) before our default.
    const source = derivedFrom[t];
    return `${privateVar(t)}: var(${cssVarNames[t]}, ${source ? `var(${cssVarNames[source]}, ${fallback})` : fallback});`;
  });
  const shapes = (Object.keys(shape) as ShapeToken[]).map((t) => `${privateVar(t)}: var(${cssVarNames[t]}, ${shape[t]});`);
  return [...colours, ...shapes].join('\n');
}

const light = semanticBlock('light');
const dark = semanticBlock('dark');

/**
 * Adopt in every element's `static styles` (AgentElement already does). Gives the host the private
 * `--_x` properties and `color-scheme`, and answers `theme="light" | "dark" | "system"`.
 */
export const themeStyles: CSSResult = css`
  :host {
    ${unsafeCSS(defaultBlock('light'))}
    ${unsafeCSS(componentBlock())}
  }
  @supports (color: light-dark(#000, #fff)) {
    :host {
      ${unsafeCSS(defaultBlock('follow-page'))}
    }
  }
  :host([theme='light']),
  :host([theme='system']) {
    color-scheme: light;
    ${unsafeCSS(light)}
  }
  :host([theme='dark']) {
    color-scheme: dark;
    ${unsafeCSS(dark)}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='system']) {
      color-scheme: dark;
      ${unsafeCSS(dark)}
    }
  }
`;
