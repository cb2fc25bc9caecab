// Conformance runner: node test/conformance/run.mjs [DIR]   (DIR defaults to ../shared/conformance)
// Runs every case file laid out as in shared/conformance: omni-ir/cases/*.json (the parser, in one piece and
// as UTF-8 bytes in chunks of 1, 5 and 13), omni-ir/fields/*.json (checkField), omni-ir/transport/*.json,
// axstream/*.json, op-stream/*.json and oui/*.json. All but the first two run through a module beside this
// file (transport.mjs, axstream.mjs, op-stream.mjs, oui.mjs) exporting `async runFile(file, cases, engine)`,
// given the file's absolute path, its list of cases and the engine, and returning {passed, failed, failures:
// string[]}. A case file with no runner fails. Prints `FILE: N passed, N failed` per file, each failure, and a
// last line `N passed, N failed`; exits 1 when anything fails.
// The suite is an input: with no directory there (a clone with nothing beside it), it prints one line saying
// the stage was skipped and why, and exits 0 with `skipped` in place of counts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadEngine } from './loadEngine.mjs';
import { runFieldCase, runParserCase } from './omniIr.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('../../../shared/conformance/', import.meta.url)));
if (!existsSync(dir)) {
  const asked = process.argv[2] !== undefined;
  console.log(`skipped: no conformance suite at ${dir}${asked ? '' : ' (give one: node test/conformance/run.mjs DIR)'}`);
  // A directory named on purpose must exist; the default one is an optional input.
  process.exit(asked ? 1 : 0);
}

const { engine, from } = await loadEngine();
console.log(`engine: ${from}; cases: ${dir}`);

const jsonFiles = (sub) => {
  const d = join(dir, sub);
  return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.json')).sort().map((f) => join(d, f)) : [];
};

async function dropIn(name) {
  const file = join(here, name);
  if (!existsSync(file)) return null;
  const mod = await import(pathToFileURL(file).href);
  return typeof mod.runFile === 'function' ? (f, cases) => mod.runFile(f, cases, engine) : null;
}

const groups = [
  { files: jsonFiles('omni-ir/cases'), run: async (_file, cases) => perCase(cases, (c) => runParserCase(engine, c)) },
  { files: jsonFiles('omni-ir/fields'), run: async (_file, cases) => perCase(cases, (c) => runFieldCase(engine, c)) },
  { files: jsonFiles('omni-ir/transport'), run: await dropIn('transport.mjs') },
  { files: jsonFiles('axstream'), run: await dropIn('axstream.mjs') },
  { files: jsonFiles('op-stream'), run: await dropIn('op-stream.mjs') },
  { files: jsonFiles('oui'), run: await dropIn('oui.mjs') },
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
      console.log(`${name}: 0 passed, ${cases.length} failed`);
      console.log('  no runner for this format yet');
      failed += cases.length;
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
