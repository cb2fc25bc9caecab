// Conformance runner: node test/conformance/run.mjs [DIR]   (DIR defaults to ../shared/conformance)
// Runs every case file laid out as in shared/conformance: omni-ir/cases/*.json (the parser, in one piece and
// as UTF-8 bytes in chunks of 1, 5 and 13), omni-ir/fields/*.json (checkField), omni-ir/transport/*.json and
// axstream/*.json. Transport and axstream files run through a module dropped in beside this file, when it
// exists: transport.mjs exporting `async runTransportFile(file, cases)` and axstream.mjs exporting
// `async runAxstreamFile(file, cases)`, each given the file's absolute path and its list of cases and
// returning {passed, failed, failures: string[]}. Without it a file prints `FILE: not implemented` and doesn't
// fail the run. Prints `FILE: N passed, N failed` per file, each failure, and a last line `N passed, N failed`;
// exits 1 when anything fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadEngine } from './loadEngine.mjs';
import { runFieldCase, runParserCase } from './omniIr.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('../../../shared/conformance/', import.meta.url)));
if (!existsSync(dir)) {
  console.log(`no conformance directory at ${dir}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const { engine, from } = await loadEngine();
console.log(`engine: ${from}; cases: ${dir}`);

const jsonFiles = (sub) => {
  const d = join(dir, sub);
  return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.json')).sort().map((f) => join(d, f)) : [];
};

async function dropIn(name, fn) {
  const file = join(here, name);
  if (!existsSync(file)) return null;
  const mod = await import(pathToFileURL(file).href);
  return typeof mod[fn] === 'function' ? mod[fn] : null;
}

const groups = [
  { files: jsonFiles('omni-ir/cases'), run: async (_file, cases) => perCase(cases, (c) => runParserCase(engine, c)) },
  { files: jsonFiles('omni-ir/fields'), run: async (_file, cases) => perCase(cases, (c) => runFieldCase(engine, c)) },
  { files: jsonFiles('omni-ir/transport'), run: await dropIn('transport.mjs', 'runTransportFile') },
  { files: jsonFiles('axstream'), run: await dropIn('axstream.mjs', 'runAxstreamFile') },
];

function perCase(cases, runCase) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const c of cases) {
    let diffs;
    try {
      diffs = runCase(c);
    } catch (err) {
      diffs = [`could not run: ${err}`];
    }
    if (diffs.length === 0) passed++;
    else {
      failed++;
      failures.push(`${c.id ?? '(no id)'}: ${diffs.join('\n    ')}`);
    }
  }
  return { passed, failed, failures };
}

let passed = 0;
let failed = 0;
for (const g of groups) {
  for (const file of g.files) {
    const name = relative(dir, file);
    let cases;
    try {
      const data = JSON.parse(readFileSync(file, 'utf8'));
      cases = Array.isArray(data) ? data : data.cases;
      if (!Array.isArray(cases)) throw new Error('no list of cases');
    } catch (err) {
      console.log(`${name}: 0 passed, 1 failed`);
      console.log(`  could not read: ${err.message}`);
      failed++;
      continue;
    }
    if (!g.run) {
      console.log(`${name}: not implemented`);
      continue;
    }
    let r;
    try {
      r = await g.run(file, cases);
    } catch (err) {
      r = { passed: 0, failed: cases.length, failures: [`the runner threw: ${err?.stack ?? err}`] };
    }
    console.log(`${name}: ${r.passed} passed, ${r.failed} failed`);
    for (const f of r.failures ?? []) console.log(`  ${f}`);
    passed += r.passed;
    failed += r.failed;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
