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
 * Builds the bundles when they are stale. Its output goes to stderr (never stdout, which a test runner may be
 * reading). Resolves with whether it built; rejects when the build fails. Two callers at once (test files run in
 * parallel) build once: the second waits for the first, then finds them up to date.
 */
export async function ensureBuild({ quiet = false } = {}) {
  if (!staleReason()) return false;
  const release = await lock();
  try {
    const why = staleReason();
    if (!why) return false;
    if (!quiet) process.stderr.write(`ensure-build: building, because ${why}…\n`);
    const code = await new Promise((resolve) => {
      // The part of `npm run build` the demo serves: the catalog, then the bundles (not the types or the MCP view).
      const child = spawn(`"${process.execPath}" scripts/build.mjs catalog bundles`, {
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
