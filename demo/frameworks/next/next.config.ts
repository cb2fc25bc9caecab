import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The example imports ../shared/scenario.js, so the project's root for bundling and file tracing is the folder
// above (a copied example with scenario.js inside needs neither line).
const root = fileURLToPath(new URL('..', import.meta.url));

const config: NextConfig = { turbopack: { root }, outputFileTracingRoot: root };
export default config;
