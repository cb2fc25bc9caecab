// Screens with charts, mounted, streamed and removed, leave nothing behind: no live chart instance, and no
// element of a removed screen still reachable (a detached-node leak). The check: test/browser/shared/leakCheck.ts.
import '../../../elements/omni-screen/index.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import { liveChartCount } from '../../../elements/shared/elements/chart/chart.js';
import { expectNoLeak, until } from '../shared/leakCheck.js';

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

describe('omni-screen: memory', () => {
  it('50 streamed screens with charts, removed, leave no chart instance and no element alive', async function () {
    this.timeout(60000);
    await expectNoLeak({
      rounds: 50,
      atLeast: 50 * 10,
      counts: { 'live chart instances': liveChartCount },
      async use(i) {
        const screen = document.createElement('omni-screen') as OmniScreenElement;
        document.body.append(screen);
        // A line at a time, as a model writes.
        for (const line of screenText(i).split(/(?<=\n)/)) screen.write(line);
        screen.end();
        const charts = () => [...screen.shadowRoot!.querySelectorAll('ae-chart')];
        await until(() => charts().length === 3 && charts().every((c) => c.shadowRoot?.querySelector('canvas')), 'the three charts to draw');
        return { element: screen, made: [...charts(), ...screen.shadowRoot!.querySelectorAll('omni-node, canvas, table')] };
      },
    });
  });
});
