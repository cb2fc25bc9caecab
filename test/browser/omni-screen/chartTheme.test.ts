// Charts in a screen follow the screen's theme by themselves, as a first user expected: its `theme` attribute, the
// system's colour scheme with theme="system", and `refreshTheme()` after the page sets `--ae-*` on the screen.
// Checked on what is drawn: the colour chart.js resolved for a bar and the pixel at its centre.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { $, chartsReady, mount, settle } from './helpers.js';
import { registries } from './fixtures.js';
import type { AeChartElement } from '../../../elements/shared/elements/chart/chart.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import { tokenValue } from '../../../themes/index.js';

const text =
  'root = BarChart("Orders", ["N", "S"], [a, b, c, d])\n' +
  'a = Series("A", [600, 700])\nb = Series("B", [500, 800])\nc = Series("C", [400, 900])\nd = Series("D", [700, 600])\n';

type Drawn = { options: { backgroundColor: string }; getCenterPoint(final?: boolean): { x: number; y: number } };
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

async function chartOf(screen: OmniScreenElement): Promise<AeChartElement> {
  await chartsReady(screen);
  const chart = $<AeChartElement>(screen, 'ae-chart')!;
  await chart.updateComplete;
  return chart;
}

/** Series `i`'s first bar is drawn in `hex`: chart.js's resolved colour, the canvas pixel and the legend swatch. */
function expectBar(chart: AeChartElement, i: number, hex: string) {
  const c = chart.chartInstance!;
  const bar = c.getDatasetMeta(i).data[0] as unknown as Drawn;
  expect(bar.options.backgroundColor).to.equal(hex);
  const r = c.currentDevicePixelRatio;
  const p = bar.getCenterPoint(true);
  expect([...c.ctx.getImageData(Math.round(p.x * r), Math.round(p.y * r), 1, 1).data.slice(0, 3)]).to.deep.equal(rgb(hex));
  const swatch = chart.shadowRoot!.querySelectorAll('[part="swatch"]')[i]!;
  expect(getComputedStyle(swatch).backgroundColor).to.equal(`rgb(${rgb(hex).join(', ')})`);
}

async function scheme(colorScheme: 'light' | 'dark') {
  const heard = new Promise((r) => matchMedia('(prefers-color-scheme: dark)').addEventListener('change', r, { once: true }));
  await emulateMedia({ colorScheme });
  await heard;
}

describe('omni-screen: charts follow the theme', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('the screen’s theme attribute changing redraws its charts', async () => {
    const screen = await mount(text, registries());
    const chart = await chartOf(screen);
    expectBar(chart, 3, tokenValue('light', 'chart4'));
    screen.theme = 'dark';
    await settle(screen);
    await chart.updateComplete;
    expectBar(chart, 3, tokenValue('dark', 'chart4'));
    const y = chart.chartInstance!.options.scales!.y as { ticks: { color: string } };
    expect(y.ticks.color).to.equal(tokenValue('dark', 'mutedText'));
  });

  it('theme="system": the OS switching to dark redraws the bars in dark colours', async () => {
    const screen = await mount(text, registries());
    screen.theme = 'system';
    const chart = await chartOf(screen);
    expectBar(chart, 3, tokenValue('light', 'chart4'));
    await scheme('dark');
    expectBar(chart, 3, tokenValue('dark', 'chart4'));
    await scheme('light');
    expectBar(chart, 3, tokenValue('light', 'chart4'));
  });

  it('screen.refreshTheme() after the page sets --ae-chart-* on the screen redraws the bars, not only the legend', async () => {
    const screen = await mount(text, registries());
    const chart = await chartOf(screen);
    screen.style.setProperty('--ae-chart-1', '#112233');
    screen.style.setProperty('--ae-chart-4', '#445566');
    screen.refreshTheme();
    expectBar(chart, 0, '#112233');
    expectBar(chart, 3, '#445566');
  });
});
