// Brings built files up to date before something uses them (the end-to-end tests, the README's pages, the docs
// site): it runs the named build scripts through npm, and wireit (package.json "wireit") decides whether anything
// needs doing. Wireit is the project's one judge of staleness: it fingerprints each script's declared inputs,
// skips a script whose inputs haven't changed, and makes two callers at once (test files running in parallel)
// wait for one build instead of racing.
//
//   await ensureBuild()                               the bundles (dist/ and cdn/): what the demo and pages load
//   await ensureBuild({ scripts: ['build'] })         everything the package ships
//   node scripts/ensure-build.mjs [SCRIPT…]           the same from a shell
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What the docs site and the typed bindings' tests read: the element types, the checked manifest, the bindings. */
export const TYPE_SCRIPTS = ['build:types', 'build:bindings'];

/**
 * Runs `scripts` (wireit scripts of package.json, in order). Its output goes to stderr, and only when a script
 * fails or `quiet` is false (never to stdout, which a test runner may be reading). Rejects when one fails.
 */
export async function ensureBuild({ quiet = false, scripts = ['build:bundles'] } = {}) {
  for (const script of scripts) {
    const { code, out } = await new Promise((resolve) => {
      const child = spawn(npm, ['run', '--silent', script], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: '0', WIREIT_LOGGER: process.env.WIREIT_LOGGER ?? 'quiet-ci' },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('error', (error) => resolve({ code: 127, out: String(error) }));
      child.on('close', (c) => resolve({ code: c ?? 1, out }));
    });
    if (code !== 0 || !quiet) process.stderr.write(out);
    if (code !== 0) throw new Error(`\`npm run ${script}\` failed (exit ${code}); its messages are above`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const scripts = process.argv.slice(2);
  ensureBuild(scripts.length ? { scripts } : {}).catch((error) => {
    process.stderr.write(`ensure-build: ${error.message}\n`);
    process.exit(1);
  });
}
