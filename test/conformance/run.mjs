// Conformance runner: node test/conformance/run.mjs [DIR]   (DIR defaults to test/conformance/suite)
// Runs every case file laid out as in the conformance suite: omni-ir/cases/*.json (the parser, in one piece and
// as UTF-8 bytes in chunks of 1, 5 and 13), omni-ir/fields/*.json (checkField), omni-ir/transport/*.json,
// axstream/*.json, op-stream/*.json and oui/*.json. All but the first two run through a module beside this
// file (transport.mjs, axstream.mjs, op-stream.mjs, oui.mjs) exporting `async runFile(file, cases, engine)`,
// given the file's absolute path, its list of cases and the engine, and returning {passed, failed, failures:
// string[]}. A case file with no runner fails. Prints `FILE: N passed, N failed` per file, each failure, and a
// last line `N passed, N failed`; exits 1 when anything fails.
// The suites are in the repository (test/conformance/suite/, a copy of ../shared/conformance/): without DIR
// it runs them, after checking that the copy still equals ../shared/conformance/ where that folder is present
// (counted as one check; a difference fails, naming each file and how to refresh the copy: suiteCopy.mjs).
// A DIR that doesn't exist fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadEngine } from './loadEngine.mjs';
import { runFieldCase, runParserCase } from './omniIr.mjs';
import { compareWithShared, describeDifference, SHARED, SUITE } from './suiteCopy.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = resolve(process.argv[2] ?? SUITE);
if (!existsSync(dir)) {
  console.log(`no conformance suite at ${dir}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

let passed = 0;
let failed = 0;
if (process.argv[2] === undefined) {
  const copy = compareWithShared();
  const difference = describeDifference(copy);
  if (!copy) console.log(`suite copy: no ${SHARED} beside the checkout to compare with; test/conformance/suite/ stands alone`);
  else if (difference.length) {
    console.log('suite copy: 0 passed, 1 failed');
    for (const line of difference) console.log(`  ${line}`);
    failed++;
  } else {
    console.log(`suite copy: 1 passed, 0 failed (equals ${SHARED}, ${copy.files} files)`);
    passed++;
  }
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
