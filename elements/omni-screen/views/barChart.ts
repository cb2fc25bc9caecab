import type { NodeView } from './view.js';
import { chart } from './charts.js';

/** BarChart(title, labels, children, format, currency): bars drawn by `<ae-chart>` from its Series. */
export const barChart: NodeView = {
  render(node, screen, host) {
    return chart(node, screen, host, 'bar');
  },
};
