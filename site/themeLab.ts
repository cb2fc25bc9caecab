// The Theming page's colour check: a person picks the theme to start from, types their brand's colours, and sees
// every pair the elements check (themes' `contrastPairs`, the list docs/theming.md's table shows) with its ratio,
// worked out by the elements' own `contrastRatio`, as they type, and the CSS to copy. Built with DOM calls: the
// site's CSP allows no inline markup or style.
import { channels, contrastRatio } from '../elements/shared/base/contrastCheck.js';
import { contrastPairs, cssVarNames, derivedFrom, tokenValue, type ColorToken } from '../themes/index.js';

const pairs = contrastPairs.filter((p) => p.drawn !== false);
const tokens = [...new Set(pairs.flatMap((p) => [p.foreground, p.background]))];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Mounts the form, the pairs' table and the CSS to copy into `root`. */
export function mountThemeLab(root: HTMLElement): void {
  let mode: 'light' | 'dark' = 'light';
  const typed = new Map<ColorToken, string>();
  // Colours are read the way the browser reads them: any CSS colour a person may type, resolved by a probe.
  const probe = el('span', { hidden: true });
  const rgb = (value: string): number[] | null => {
    probe.style.color = '';
    probe.style.color = value;
    return probe.style.color ? channels(getComputedStyle(probe).color) : null;
  };

  const themes = el('fieldset', { className: 'lab-themes' }, el('legend', {}, 'Start from'));
  for (const name of ['light', 'dark'] as const) {
    const radio = el('input', { type: 'radio', name: 'lab-theme', value: name, checked: name === mode });
    radio.addEventListener('change', () => {
      mode = name;
      update();
    });
    themes.append(el('label', {}, radio, ` ${name === 'light' ? 'Light' : 'Dark'}`));
  }

  const fields = new Map<ColorToken, { input: HTMLInputElement; swatch: HTMLElement }>();
  const grid = el('div', { className: 'lab-fields' });
  for (const token of tokens) {
    const input = el('input', { type: 'text', spellcheck: false, autocomplete: 'off', id: `lab-${cssVarNames[token].slice(2)}` });
    const swatch = el('span', { className: 'lab-swatch' });
    swatch.setAttribute('aria-hidden', 'true');
    input.addEventListener('input', () => {
      const value = input.value.trim();
      if (value) typed.set(token, value);
      else typed.delete(token);
      update();
    });
    fields.set(token, { input, swatch });
    grid.append(el('div', {}, el('label', { htmlFor: input.id }, cssVarNames[token]), swatch, input));
  }

  const rows = pairs.map((pair) => {
    const cells = [cssVarNames[pair.foreground], cssVarNames[pair.background], `${pair.minimum}:1`, '', '', pair.what].map((text) => el('td', {}, text));
    return { pair, cells, row: el('tr', {}, ...cells) };
  });
  const summary = el('p', { className: 'lab-summary' });
  summary.setAttribute('role', 'status');
  const css = el('pre', { tabIndex: 0 });
  const head = el('tr', {}, ...['Foreground', 'Background', 'Needs', 'Ratio', 'Result', 'Where'].map((t) => el('th', { scope: 'col' }, t)));
  const table = el('table', {}, el('caption', {}, 'Each pair, with your colours'), el('thead', {}, head), el('tbody', {}, ...rows.map((r) => r.row)));

  // Scrolls sideways on a narrow screen, so it takes focus to be scrolled from the keyboard.
  const scroller = el('div', { className: 'table-scroll', tabIndex: 0 }, table);
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-label', 'Each pair, with your colours');

  /** What a token is: what was typed, else its source's typed value (focus follows accent), else the theme's. */
  const valueOf = (token: ColorToken): string => {
    const source = derivedFrom[token];
    return typed.get(token) ?? (source && typed.get(source)) ?? tokenValue(mode, token);
  };

  function update(): void {
    for (const [token, { input, swatch }] of fields) {
      if (!typed.has(token)) input.value = valueOf(token);
      const colour = rgb(valueOf(token));
      if (colour) input.removeAttribute('aria-invalid');
      else input.setAttribute('aria-invalid', 'true');
      swatch.style.background = colour ? `rgb(${colour.join(' ')})` : 'transparent';
    }
    const faint: string[] = [];
    for (const { pair, cells, row } of rows) {
      const [fg, bg] = [rgb(valueOf(pair.foreground)), rgb(valueOf(pair.background))];
      const ratio = fg && bg ? contrastRatio(fg, bg) : null;
      // Two decimals, cut rather than rounded, so a pair shown at 4.50:1 really is at least 4.5:1.
      cells[3]!.textContent = ratio === null ? '—' : `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
      const ok = ratio !== null && ratio >= pair.minimum;
      cells[4]!.textContent = ratio === null ? 'Not a colour' : ok ? 'Readable' : 'Too faint';
      row.dataset.result = ok ? 'pass' : 'fail';
      if (ratio !== null && !ok) faint.push(`${cssVarNames[pair.foreground]} on ${cssVarNames[pair.background]}`);
    }
    summary.textContent = faint.length
      ? `${faint.length} of ${rows.length} pairs are too faint: ${faint.join('; ')}.`
      : `All ${rows.length} pairs are readable.`;
    css.textContent = [...typed].map(([token, value]) => `${cssVarNames[token]}: ${value};`).join('\n');
  }

  root.replaceChildren(probe, themes, grid, summary, scroller, el('h3', {}, 'Your colours, to copy into your stylesheet'), css);
  update();
}

const placeholder = typeof document !== 'undefined' ? document.getElementById('theme-lab') : null;
if (placeholder) mountThemeLab(placeholder);
