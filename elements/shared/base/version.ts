/**
 * This copy's version (package.json's; test/engine/package/version.test.ts keeps them equal). Stamped on each
 * element class it defines, so a page that loads two copies is told which version owns a tag.
 */
export const VERSION = '0.1.0';
