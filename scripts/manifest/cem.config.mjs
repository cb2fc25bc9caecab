// The analyzer's configuration (`cem analyze --config scripts/manifest/cem.config.mjs`, the build's manifest step):
// every element's source, Lit's decorators understood, and our own conventions taught by the plugins.
import { defineElementPlugin, documentedEventsPlugin, frameworkMembersPlugin, parameterPropertiesPlugin } from './plugins.mjs';

export default {
  globs: ['elements/**/*.ts'],
  exclude: ['**/*.test.ts', 'elements/cdn.ts'],
  outdir: '.',
  litelement: true,
  plugins: [defineElementPlugin(), documentedEventsPlugin(), frameworkMembersPlugin(), parameterPropertiesPlugin()],
};
