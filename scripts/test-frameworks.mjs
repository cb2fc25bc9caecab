// `npm run test:frameworks [name…]`: the examples in demo/frameworks/ as a user gets them, each tested in Chromium.
//  1. `npm pack` the library (prepack builds it when stale) into demo/frameworks/.pack/agentic-elements.tgz: the
//     examples depend on that file, so they install exactly what npm would publish, with its dependencies.
//  2. Per example (the packed library unpinned in its lockfile: see unpinTarball): `npm ci` when its node_modules is missing or older than its lockfile (the versions pinned
//     there; `npm install` if the lockfile no longer matches, saying so), then the fresh tarball put in place of node_modules/agentic-elements (npm caches a local tarball by
//     name, so a rebuilt one is not picked up by itself), then `npm run build` when it has one.
//  3. The browser tests (test/frameworks/<name>.test.mjs, node:test + Playwright), one file at a time.
// A failed install or build fails that example's tests. Ends with `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const examples = join(root, 'demo/frameworks');
const packDir = join(examples, '.pack');
const tarball = join(packDir, 'agentic-elements.tgz');
const ALL = ['html', 'vue', 'svelte', 'react', 'angular', 'next'];
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = chosen.length ? ALL.filter((n) => chosen.includes(n)) : ALL.filter((n) => existsSync(join(examples, n, 'package.json')));
const env = { ...process.env, FORCE_COLOR: '0', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', NEXT_TELEMETRY_DISABLED: '1', NG_CLI_ANALYTICS: 'false' };

/** Runs a command with its output shown; resolves with its exit code and how long it took. */
function run(cmd, args, cwd) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('close', (code) => done({ ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

/**
 * Drops the integrity npm records for the packed library in an example's lockfile. The tarball is rebuilt from the
 * sources whenever they change, so a recorded hash would fail `npm ci` (EINTEGRITY) on the next commit; the file is
 * ours, made a moment ago, so there is nothing to verify. Returns whether the lockfile changed.
 */
function unpinTarball(lock) {
  if (!existsSync(lock)) return false;
  const text = readFileSync(lock, 'utf8');
  const data = JSON.parse(text);
  let changed = false;
  for (const entry of Object.values(data.packages ?? {})) {
    if (typeof entry?.resolved === 'string' && entry.resolved.startsWith('file:') && 'integrity' in entry) {
      delete entry.integrity;
      changed = true;
    }
  }
  if (changed) writeFileSync(lock, `${JSON.stringify(data, null, 2)}\n`);
  return changed;
}

const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;

function pack() {
  mkdirSync(packDir, { recursive: true });
  const out = spawnSync('npm', ['pack', '--pack-destination', packDir], { cwd: root, env, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`npm pack failed:\n${out.stdout}\n${out.stderr}`);
  // Named by npm as <name>-<version>.tgz (its stdout also carries the build's output when prepack built).
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  renameSync(join(packDir, `${name}-${version}.tgz`), tarball);
}

/** Puts the tarball's files in node_modules/agentic-elements (keeping a nested node_modules npm may have made). */
function placeTarball(dir) {
  const sum = createHash('sha256').update(readFileSync(tarball)).digest('hex');
  const target = join(dir, 'node_modules/agentic-elements');
  const stamp = join(target, '.tarball-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sum) return;
  const scratch = mkdtempSync(join(tmpdir(), 'ae-tarball-'));
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', scratch]);
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(target)) if (entry !== 'node_modules') rmSync(join(target, entry), { recursive: true, force: true });
  cpSync(join(scratch, 'package'), target, { recursive: true });
  rmSync(scratch, { recursive: true, force: true });
  writeFileSync(stamp, sum);
}

/** The library's dependencies the example lacks: the library gained one since the example's lockfile was made. */
function missingDependencies(dir) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(dir, 'node_modules/agentic-elements/package.json'), 'utf8'));
  return Object.keys(dependencies).filter(
    (dep) => !existsSync(join(dir, 'node_modules', dep, 'package.json')) && !existsSync(join(dir, 'node_modules/agentic-elements/node_modules', dep, 'package.json')),
  );
}

async function prepare(name) {
  const dir = join(examples, name);
  const lock = join(dir, 'package-lock.json');
  const installed = join(dir, 'node_modules/.package-lock.json');
  unpinTarball(lock);
  if (!existsSync(installed) || mtime(lock) > mtime(installed)) {
    console.log(`\n--- ${name}: npm ci`);
    let { ok, seconds } = await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    if (!ok) {
      // Most often the library's own dependencies changed since the lockfile was made (they are part of it).
      console.log(`--- ${name}: npm ci failed; npm install instead (commit demo/frameworks/${name}/package-lock.json if it changed)`);
      ({ ok, seconds } = await run('npm', ['install', '--no-audit', '--no-fund'], dir));
      unpinTarball(lock);
    }
    console.log(`--- ${name}: installed in ${seconds.toFixed(1)} s`);
    if (!ok) return `the install failed in demo/frameworks/${name}`;
  }
  placeTarball(dir);
  const missing = missingDependencies(dir);
  if (missing.length) {
    console.log(`\n--- ${name}: the library now needs ${missing.join(', ')}: npm install (commit the example's new lockfile)`);
    if (!(await run('npm', ['install', '--no-audit', '--no-fund'], dir)).ok) return `npm install failed in demo/frameworks/${name}`;
    unpinTarball(lock);
    placeTarball(dir);
  }
  const { scripts = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (scripts.build) {
    console.log(`\n--- ${name}: npm run build`);
    const { ok, seconds } = await run('npm', ['run', 'build'], dir);
    console.log(`--- ${name}: built in ${seconds.toFixed(1)} s`);
    if (!ok) return `the build failed in demo/frameworks/${name}`;
  }
  return null;
}

/** Runs one test file; resolves with its pass/fail counts from the TAP summary. */
function testFile(name) {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', join(root, `test/frameworks/${name}.test.mjs`)], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('close', (code) => {
      const count = (word) => Number(new RegExp(`^# ${word} (\\d+)$`, 'm').exec(out)?.[1] ?? 0);
      const passed = count('pass');
      const failed = count('fail') + count('cancelled') + (code !== 0 && count('fail') === 0 ? 1 : 0);
      done({ passed, failed: passed + failed === 0 ? 1 : failed });
    });
  });
}

const started = Date.now();
pack();
const summary = [];
let passed = 0;
let failed = 0;
for (const name of names) {
  const problem = await prepare(name);
  const result = problem ? { passed: 0, failed: 1 } : await testFile(name);
  if (problem) console.log(`not ok - ${name}: ${problem}`);
  passed += result.passed;
  failed += result.failed;
  summary.push(`${name}: ${result.passed} passed, ${result.failed} failed${problem ? ` (${problem})` : ''}`);
}
console.log(`\n=== frameworks (${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || names.length === 0 ? 1 : 0);
