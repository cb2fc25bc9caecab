/** The screens' task budget now lives in the screen kernel (`elements/shared/screen/pacing.ts`). */
export { DRAW_MS, HEAVY_MS, PAGE_CLOCK, TaskBudget, WRITE_MS, taskBudget, type BudgetClock } from '../../shared/screen/pacing.js';
