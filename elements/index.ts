/**
 * Every element of agentic-elements. Importing this module defines them all (one script tag gives a page the
 * whole set); each element's folder can also be imported on its own.
 */
export * from './omni-screen/index.js';
export * from './morph-screen/index.js';
export { AgentElement } from './shared/agentElement.js';
export { AeConfirmDialog } from './shared/confirmDialog.js';
export { AePlaceholder } from './shared/placeholder.js';
export { AeFallback, type FallbackKind } from './shared/fallback.js';
export { AeChart, liveChartCount, type ChartKind, type ChartSeries } from './shared/chart/chart.js';
