/**
 * The development check of an app's colours: every pair of tokens that text is drawn in (`contrastPairs`, the
 * ones still drawn), read as the element resolves them, with a warning naming each pair under its minimum and
 * its ratio. An app that sets `--ae-accent: #7c3aed` on a dark theme learns that its button text is 3.21:1
 * instead of shipping it. Dev builds only; the caller checks DEV.
 */
import { contrastPairs, cssVarNames, privateVar, type ColorToken } from '../../../themes/index.js';
import { warnOnce } from './dev.js';

/** WCAG 2.2 relative luminance of an sRGB colour given as 0–255 channels. */
function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** The WCAG contrast ratio of two opaque sRGB colours (1 to 21). */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `rgb(1, 2, 3)` / `rgba(1, 2, 3, 1)` → [1, 2, 3]; null for a colour with transparency or another form. */
export function channels(color: string): number[] | null {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(color);
  if (!m || (m[4] !== undefined && m[4] !== '1' && m[4] !== '100%')) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * Reads the colours `host` draws with (its private `--_x` properties, which follow the app's `--ae-*`) from
 * probes in `root`, and warns once per failing pair and pair of values. `tag` names the element in the warning.
 */
export function checkContrast(root: ParentNode & Node, tag: string): void {
  // In forced colours the system's colours replace ours: what the tokens say isn't what is drawn.
  if (matchMedia('(forced-colors: active)').matches) return;
  const pairs = contrastPairs.filter((p) => p.drawn !== false);
  const tokens = [...new Set(pairs.flatMap((p) => [p.foreground, p.background]))];
  const probes = tokens.map((token) => {
    const probe = document.createElement('span');
    probe.hidden = true;
    probe.style.color = `var(${privateVar(token)})`;
    return probe;
  });
  root.append(...probes);
  const colour = new Map<ColorToken, number[] | null>(tokens.map((t, i) => [t, channels(getComputedStyle(probes[i]!).color)]));
  for (const probe of probes) probe.remove();
  for (const pair of pairs) {
    const fg = colour.get(pair.foreground);
    const bg = colour.get(pair.background);
    if (!fg || !bg) continue;
    const ratio = contrastRatio(fg, bg);
    if (ratio >= pair.minimum) continue;
    const [fgName, bgName] = [cssVarNames[pair.foreground], cssVarNames[pair.background]];
    warnOnce(
      `contrast ${fgName} ${hex(fg)} ${bgName} ${hex(bg)}`,
      `<${tag}>: ${fgName} (${hex(fg)}) on ${bgName} (${hex(bg)}) is ${ratio.toFixed(2)}:1, under the ${pair.minimum}:1 WCAG AA ` +
        `asks for ${pair.what}. Change one of the two.`,
    );
  }
}
