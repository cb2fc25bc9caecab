/** axstream: fence framing, the action model, target resolution and the burst controller. */
export { createBurst, type Burst, type BurstOptions } from './burst.js';
