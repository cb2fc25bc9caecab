// Builds the bundles (the catalog, then rollup: dist/ for npm and cdn/ for script tags, the part of `npm run build`
// the demo and the Node scripts use) when they are missing or older than the sources they are made from, so
// `npm start` and the end-to-end tests always serve what the sources say. As a script: `node scripts/ensure-build.mjs` (exits non-zero when
// the build fails). As a module: `await ensureBuild()`.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { staleReason as whyStale } from './freshness.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the demo page (cdn/) and the Node scripts (dist/engine.js) load. */
const OUTPUTS = ['dist/engine.js', 'cdn/agentic-elements.js'];
/** What they are built from (test files aside). */
const SOURCES = ['src', 'elements', 'strings', 'themes', 'rollup.config.mjs', 'package.json', 'package-lock.json', 'scripts/generate-catalog.mjs', 'scripts/entries.mjs'];

/** Why the bundles need building, or null when they are up to date. */
export function staleReason() {
  return whyStale(OUTPUTS, SOURCES);
}

/**
 * The generated types and manifest the docs site and the framework bindings' tests read: the element types (tsc),
 * custom-elements.json (checked), and the React, Vue and Svelte bindings made from it.
 */
export const TYPE_STEPS = {
  steps: ['types', 'manifest', 'manifest-check', 'bindings'],
  outputs: ['dist/types/elements/index.d.ts', 'custom-elements.json', 'dist/types/frameworks/react.d.ts'],
  sources: ['src', 'elements', 'strings', 'themes', 'tsconfig.json', 'tsconfig.build.json', 'scripts/manifest', 'scripts/bindings', 'scripts/entries.mjs'],
};

/**
 * Builds the bundles (or, given `steps`, `outputs` and `sources`, those steps, such as TYPE_STEPS) when they are
 * stale. Its output goes to stderr (never stdout, which a test runner may be reading). Resolves with whether it
 * built; rejects when the build fails. Two callers at once (test files run in parallel) build once: the second
 * waits for the first, then finds them up to date.
 */
export async function ensureBuild({ quiet = false, steps = ['catalog', 'bundles'], outputs = OUTPUTS, sources = SOURCES } = {}) {
  const stale = () => whyStale(outputs, sources);
  if (!stale()) return false;
  const release = await lock();
  try {
    const why = stale();
    if (!why) return false;
    if (!quiet) process.stderr.write(`ensure-build: building ${steps.join(', ')}, because ${why}…\n`);
    const code = await new Promise((resolve) => {
      // By default the part of `npm run build` the demo serves: the catalog, then the bundles (not the types or the MCP view).
      const child = spawn(`"${process.execPath}" scripts/build.mjs ${steps.join(' ')}`, {
        cwd: root,
        shell: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (c) => {
        if (c !== 0 || !quiet) process.stderr.write(out);
        resolve(c ?? 1);
      });
    });
    if (code !== 0) throw new Error(`the build failed (exit ${code})`);
    return true;
  } finally {
    release();
  }
}

/** A lock between processes: a folder only one of them can make. One left by a crashed build expires. */
async function lock() {
  const path = join(root, '.tmp', 'ensure-build.lock');
  mkdirSync(join(root, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(path);
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) rmSync(path, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureBuild().then(
    (built) => {
      if (!built) process.stderr.write('ensure-build: the bundles are up to date.\n');
    },
    (error) => {
      process.stderr.write(`ensure-build: ${error.message}\n`);
      process.exit(1);
    },
  );
}
