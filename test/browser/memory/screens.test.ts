// Mounting and removing screens with charts leaves nothing behind: no live chart instance, and no element of a
// removed screen still reachable (a detached-node leak), checked with WeakRefs after forced garbage collection.
import { expect } from '@open-wc/testing';
import '../../../elements/omni-screen/index.js';
import type { OmniScreen } from '../../../elements/omni-screen/index.js';
import { liveChartCount } from '../../../elements/shared/elements/chart/chart.js';

const gc = (globalThis as unknown as { gc?: () => void }).gc;
const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

const screenText = (i: number) => `root = Card([h, b, l, p, t])
h = Heading("Screen ${i}")
b = BarChart("Sales ${i}", ["Q1", "Q2", "Q3"], [s1, s2])
s1 = Series("North", [${i}, 2, 3])
s2 = Series("South", [3, ${i}, 1])
l = LineChart("Trend", ["Mon", "Tue"], [s3])
s3 = Series("Visits", [5, ${i}])
p = PieChart("Share", [a, c])
a = Slice("A", 1)
c = Slice("B", ${i + 1})
t = Table(["Item", "Qty"], [r])
r = TableRow(["Tea", ${i}])
`;

/** Mounts a screen, waits for its charts to draw, removes it; returns WeakRefs to what it drew. */
async function mountAndRemove(i: number): Promise<WeakRef<object>[]> {
  const screen = document.createElement('omni-screen') as OmniScreen;
  document.body.append(screen);
  screen.write(screenText(i));
  screen.end();
  for (let k = 0; k < 100 && screen.shadowRoot?.querySelectorAll('ae-chart').length !== 3; k++) await tick(10);
  const charts = [...screen.shadowRoot!.querySelectorAll('ae-chart')];
  for (let k = 0; k < 100 && !charts.every((c) => c.shadowRoot?.querySelector('canvas')); k++) await tick(10);
  await tick(20);
  const refs = [screen, ...charts, ...screen.shadowRoot!.querySelectorAll('omni-node, canvas, table')].map((e) => new WeakRef(e));
  screen.remove();
  return refs;
}

describe('50 screens with charts mounted and removed', () => {
  it('leave no chart instance and no detached element alive', async function () {
    this.timeout(60000);
    expect(gc, 'Chromium must run with --js-flags=--expose-gc (web-test-runner.config.mjs)').to.be.a('function');
    const before = liveChartCount();
    const refs: WeakRef<object>[] = [];
    for (let i = 0; i < 50; i++) refs.push(...(await mountAndRemove(i)));
    expect(refs.length).to.be.greaterThan(50 * 10);
    await tick(50);
    expect(liveChartCount()).to.equal(before);
    // WeakRef targets stay alive until the current job ends: collect between macrotasks, a few times.
    let alive = refs.length;
    for (let round = 0; round < 10 && alive > 0; round++) {
      await tick(50);
      gc!();
      alive = refs.filter((r) => r.deref() !== undefined).length;
    }
    expect(alive, `${alive} of ${refs.length} elements of removed screens are still reachable`).to.equal(0);
  });
});
