/**
 * Every element of agentic-elements, defined as this module loads: what cdn/agentic-elements.js holds (one script
 * tag gives a page the whole set), and the types `agentic-elements` exports. The npm entry itself (index.ts)
 * defines each element when its tag is first used; each element's folder can also be imported on its own.
 */
export * from './omni-screen/index.js';
export * from './morph-screen/index.js';
export * from './ax-runner/index.js';
export * from './oui-surface/index.js';
export { AgentElement } from './shared/base/agentElement.js';
export { AeConfirmDialogElement, AeConfirmCloseEvent, CONFIRM_INERT_MS } from './shared/elements/confirmDialog.js';
export type { ConfirmationAnswer, ConfirmationRequest } from './shared/approvals/approvalQueue.js';
export { AePlaceholderElement } from './shared/elements/placeholder.js';
export { AeFallbackElement, type FallbackKind } from './shared/elements/fallback.js';
export { AeChartElement, liveChartCount, type ChartKind, type ChartSeries } from './shared/elements/chart/chart.js';
// Languages: register one (`registerLocale('de', de)` with `de` from `agentic-elements/locales/de`; fr, es and ar
// too) and every element whose lang is that language speaks it. English is built in (docs/words.md).
export { registerLocale, registeredLocales, wordsFor } from '../strings/locales.js';
export { en, type Strings, type StringKey } from '../strings/en.js';
