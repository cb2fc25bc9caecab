/**
 * The clock the elements' own timers run on: the engine's `Clock` (src/transport/clock.ts). An agent element has a
 * `clock` (its own, else the enclosing agent element's, else the real one); a controller or model takes its host's
 * through `clockOf`, so a test that gives an element a manual clock moves every timer of it, the dialogs inside it
 * included, and nothing sleeps. `test/engine/elementClock.test.ts` holds elements/ to it.
 */
import { realClock, type Clock } from '../../../src/transport/index.js';

export { realClock, type Clock };

/** The clock of `host`: its `clock` when it has one (an agent element always has), else the real one. */
export const clockOf = (host: object | null | undefined): Clock => (host as { clock?: Clock } | null | undefined)?.clock ?? realClock;
