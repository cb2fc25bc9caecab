// The analyzer's configuration (`cem analyze --config scripts/manifest/cem.config.mjs`, the build's manifest step):
// every element's source, Lit's decorators understood, and our own conventions taught by the plugins.
import { defineElementPlugin, documentedEventsPlugin, frameworkMembersPlugin, parameterPropertiesPlugin, publicApiPlugin } from './plugins.mjs';
import { readFileSync } from 'node:fs';
import { ELEMENTS } from '../entries.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const repository = String(pkg.repository?.url ?? pkg.repository).replace(/^git\+/, '').replace(/\.git$/, '');

export default {
  globs: ['elements/**/*.ts'],
  exclude: ['**/*.test.ts', 'elements/cdn.ts', 'elements/autoloader.ts'],
  outdir: '.',
  litelement: true,
  plugins: [
    defineElementPlugin(),
    documentedEventsPlugin(),
    frameworkMembersPlugin(),
    parameterPropertiesPlugin(),
    // Last: everything above has linked the manifest; this keeps what ships, where it ships.
    publicApiPlugin({ elementTags: ELEMENTS.map((e) => e.tag), repository }),
  ],
};
