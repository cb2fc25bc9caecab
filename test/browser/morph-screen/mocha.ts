// The shared typed handles on mocha's globals.
export * from '../shared/mocha.js';
