import { lazy } from '../../../src/lazy.js';

/** The transport clients, loaded on first use: pages that only `write()` never download them. */
export const remote = lazy(() => import('../remote.js'), 'the transport clients');
