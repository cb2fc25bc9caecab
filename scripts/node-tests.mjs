// Runs the Node test files under the given folders (default: test/engine, test/package, test/server, test/e2e) with node:test
// and tsx. The end-to-end tests build dist/ first when it is stale, and need Chromium (CHROME_PATH or /usr/bin/chromium).
// Node 20's --test takes no globs, so the files are found here.
import { spawn } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const dirs = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--'));
const roots = dirs.length ? dirs : ['test/engine', 'test/package', 'test/server', 'test/e2e'];

function find(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (/\.test\.(ts|mjs|js)$/.test(name)) out.push(p);
  }
  return out;
}

const files = roots.flatMap((r) => (statSync(r, { throwIfNoEntry: false })?.isFile() ? [r] : find(r, [])));
if (files.length === 0) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
const child = spawn(process.execPath, ['--import', 'tsx', '--test', ...flags, ...files], { stdio: 'inherit' });
child.on('close', (code) => process.exit(code ?? 1));
