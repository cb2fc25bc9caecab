/**
 * The transport clients `<omni-screen>` uses when it has an `endpoint`: the generate client, governed presses
 * and the live feed (spec section 10). Loaded with `import()` on first use, so a page that only feeds the
 * element with `write()` or `stream()` never downloads them.
 * @internal
 */
export { generate, createPress, followLive } from '../../src/omni-ir/transport/index.js';
