// Answers with a chart, a table and a quiz, streamed, answered and removed, leave nothing behind: no live chart
// instance, and no element of a removed answer still reachable. The check: test/browser/shared/leakCheck.ts.
import '../../../elements/morph-screen/index.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';
import { liveChartCount } from '../../../elements/shared/elements/chart/chart.js';
import { expectNoLeak, until } from '../shared/leakCheck.js';
import { END, ops, settle } from './helpers.js';

const answer = (i: number) =>
  ops(
    { op: 'node', id: '0', type: 'h', attrs: { level: '1' }, spans: `Answer ${i}` },
    { op: 'node', id: '1', type: 'p', spans: [{ t: 'text', v: 'Sales by region, ' }, { t: 'strong', c: [{ t: 'text', v: 'in units' }] }] },
    { op: 'node', id: '2', type: 'Chart', attrs: { title: `Sales ${i}` }, data: { columns: ['Month', 'North', 'South'], rows: [['Jan', i, 3], ['Feb', 2, i]] } },
    { op: 'open', id: '3', type: 'table' },
    { op: 'open', id: '3.0', type: 'row', attrs: { head: true } },
    { op: 'node', id: '3.0.0', type: 'cell', spans: 'Region' },
    { op: 'close', id: '3.0' },
    { op: 'open', id: '3.1', type: 'row' },
    { op: 'node', id: '3.1.0', type: 'cell', spans: 'North' },
    { op: 'close', id: '3.1' },
    { op: 'close', id: '3' },
    { op: 'open', id: '4', type: 'Quiz', attrs: { title: 'Check yourself' } },
    { op: 'node', id: '4.0', type: 'Question', attrs: { q: 'Which planet is largest?' }, data: { items: ['Mars', 'Jupiter'], answer: 1 } },
    { op: 'close', id: '4' },
  ) + END;

describe('morph-screen: memory', () => {
  it('30 streamed answers with a chart and a quiz, answered and removed, leave no chart instance and no element alive', async function () {
    this.timeout(60000);
    await expectNoLeak({
      rounds: 30,
      atLeast: 30 * 8,
      counts: { 'live chart instances': liveChartCount },
      async use(i) {
        const screen = document.createElement('morph-screen') as MorphScreenElement;
        document.body.append(screen);
        const actions: Event[] = [];
        screen.addEventListener('morph-action', (e) => actions.push(e));
        // A line at a time, as a model writes.
        for (const line of answer(i).split(/(?<=\n)/)) screen.write(line);
        screen.end();
        await settle(screen);
        const chart = () => screen.shadowRoot!.querySelector('ae-chart');
        await until(() => chart()?.shadowRoot?.querySelector('canvas'), 'the chart to draw');
        const choice = screen.shadowRoot!.querySelector<HTMLButtonElement>('.choice');
        if (!choice) throw new Error('the quiz has no choice to press');
        choice.click();
        await until(() => actions.length === 1, 'the quiz to send its action');
        return { element: screen, made: [chart()!, ...screen.shadowRoot!.querySelectorAll('morph-node, canvas, table, button')] };
      },
    });
  });
});
