// ChartKeyboardController on a tiny host with a stand-in for chart.js: the first arrow shows where the keyboard
// is; arrows move along labels (mirrored right to left) and between series, stepping over missing values; on a pie
// every arrow moves between slices; Home/End jump; Escape hides; the point is shown in the chart and said once
// per frame; a point that went away starts again at the first with a value.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../mocha.js';
import { ChartKeyboardController, type ChartPlot } from '../../../../elements/shared/elements/chart/chartKeyboard.js';
import { AnnouncerController } from '../../../../elements/shared/controllers/announcer.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import type { ChartKind, ChartSeries } from '../../../../elements/shared/elements/chart/chart.js';

/** What the controller asks of chart.js, recorded. */
function standIn() {
  const shown: { datasetIndex: number; index: number }[][] = [];
  let renders = 0;
  const chart = {
    getDatasetMeta: () => ({ data: Array.from({ length: 10 }, () => ({ tooltipPosition: () => ({ x: 1, y: 2 }) })) }),
    setActiveElements: (els: { datasetIndex: number; index: number }[]) => shown.push(els),
    tooltip: { setActiveElements: () => {} },
    render: () => void renders++,
  };
  return { chart, shown, renders: () => renders };
}

class TestChartKeysHost extends LitElement {
  kind: ChartKind = 'bar';
  rtl = false;
  labels: string[] = ['Q1', 'Q2', 'Q3'];
  series: ChartSeries[] = [
    { name: 'North', values: [1, 2, 3] },
    { name: 'South', values: [4, Number.NaN, 6] },
  ];
  readonly fake = standIn();
  readonly announcer = new AnnouncerController(this);
  readonly plot: ChartPlot = {
    chart: () => this.fake.chart as never,
    kind: () => this.kind,
    series: () => this.series,
    labels: () => this.labels,
    shown: () => ({ labels: this.labels, names: this.series.map((s) => s.name) }),
    rtl: () => this.rtl,
    formatted: (v) => `#${v}`,
  };
  readonly keys = new ChartKeyboardController(this, this.plot, this.announcer);
  protected override render() {
    return html`<div tabindex="0" role="img" aria-label="Sales" @keydown=${this.keys.onKeydown} @focus=${this.keys.onFocus} @blur=${this.keys.onBlur}></div>${this.announcer.render()}`;
  }
}
defineElement('test-chart-keys-host', TestChartKeysHost);

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

function press(el: TestChartKeysHost, key: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, cancelable: true, bubbles: true });
  el.shadowRoot!.querySelector('[role="img"]')!.dispatchEvent(event);
  return event;
}

async function host() {
  return fixture<TestChartKeysHost>(html`<test-chart-keys-host></test-chart-keys-host>`);
}

describe('ChartKeyboardController', () => {
  it('nothing is shown until focus or a key; the first arrow shows the point the keyboard is on', async () => {
    const el = await host();
    expect(el.keys.activePoint).to.equal(undefined);
    const e = press(el, 'ArrowRight');
    expect(e.defaultPrevented).to.equal(true);
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 0 });
    expect(el.fake.shown.at(-1)).to.deep.equal([{ datasetIndex: 0, index: 0 }]);
    await frame();
    expect(el.announcer.said).to.equal('Q1, North: #1');
  });

  it('Left/Right along the labels, Up/Down between series, stepping over a missing value; Home and End', async () => {
    const el = await host();
    press(el, 'ArrowRight');
    press(el, 'ArrowRight');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
    // South has no value at Q2: Down stays on North.
    press(el, 'ArrowDown');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
    press(el, 'ArrowRight');
    press(el, 'ArrowDown');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 1, index: 2 });
    // Left on South steps over Q2 to Q1.
    press(el, 'ArrowLeft');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 1, index: 0 });
    press(el, 'End');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 1, index: 2 });
    press(el, 'Home');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 1, index: 0 });
    press(el, 'ArrowUp');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 0 });
    await frame();
    expect(el.announcer.said).to.contain('Q1, North: #1');
  });

  it('right to left, the arrows follow the reading direction', async () => {
    const el = await host();
    el.rtl = true;
    press(el, 'ArrowLeft');
    press(el, 'ArrowLeft');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
    press(el, 'ArrowRight');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 0 });
  });

  it('on a pie every arrow moves between slices, named by their series', async () => {
    const el = await host();
    el.kind = 'pie';
    el.series = [
      { name: 'Rent', values: [40] },
      { name: 'Food', values: [25] },
    ];
    press(el, 'ArrowDown');
    press(el, 'ArrowDown');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
    await frame();
    expect(el.announcer.said).to.contain('Food: #25');
    press(el, 'ArrowUp');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 0 });
  });

  it('Escape hides the point (and is left alone when nothing is shown); blur hides it too; other keys pass', async () => {
    const el = await host();
    expect(press(el, 'Escape').defaultPrevented).to.equal(false);
    press(el, 'ArrowRight');
    expect(press(el, 'Escape').defaultPrevented).to.equal(true);
    expect(el.keys.activePoint).to.equal(undefined);
    expect(el.fake.shown.at(-1)).to.deep.equal([]);
    expect(press(el, 'a').defaultPrevented).to.equal(false);
    el.keys.onFocus();
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 0 });
    el.keys.onBlur();
    expect(el.keys.activePoint).to.equal(undefined);
  });

  it('data that change under the point start again at the first point with a value; redrawn() keeps it shown, silently', async () => {
    const el = await host();
    press(el, 'ArrowRight');
    press(el, 'End');
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 0, index: 2 });
    el.labels = ['Q1'];
    el.series = [{ name: 'North', values: [Number.NaN] }, { name: 'South', values: [9] }];
    await frame();
    const said = el.announcer.said;
    el.keys.redrawn();
    expect(el.keys.activePoint).to.deep.equal({ datasetIndex: 1, index: 0 });
    await frame();
    expect(el.announcer.said).to.equal(said);
  });

  it('the chart destroyed, or the host gone: nothing is shown', async () => {
    const el = await host();
    press(el, 'ArrowRight');
    el.keys.forget();
    expect(el.keys.activePoint).to.equal(undefined);
    press(el, 'ArrowRight');
    el.remove();
    expect(el.keys.activePoint).to.equal(undefined);
  });
});
