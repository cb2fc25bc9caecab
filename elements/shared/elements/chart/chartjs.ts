/**
 * The only module that imports chart.js. `<ae-chart>` loads it with `import()` when it draws its first
 * chart, so pages without charts never download it, and it registers only what our three kinds use.
 * No Legend (ours is HTML, themable and accessible), no Title (ours is HTML too), no Filler, no
 * animations beyond the core.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  PieController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
);

export { Chart };
