import type { NodeView } from './view.js';
import { chart } from './charts.js';

/** PieChart(title, children, format, currency): a pie drawn by `<ae-chart>` from its Slices. */
export const pieChart: NodeView = {
  render(node, screen, host) {
    return chart(node, screen, host, 'pie');
  },
};
