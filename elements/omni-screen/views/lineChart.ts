import type { NodeView } from './view.js';
import { chart } from './charts.js';

/** LineChart(title, labels, children, format, currency): lines drawn by `<ae-chart>` from its Series. */
export const lineChart: NodeView = {
  render(node, screen, host) {
    return chart(node, screen, host, 'line');
  },
};
