// The engine's public API, held in review: API Extractor (@microsoft/api-extractor) reads each engine entry's
// built declarations (dist/types, `npm run build:types`) and writes what it publishes, types included, to
// api/<entry>.api.md. Those reports are committed.
//   node scripts/api-report.mjs           fails when an entry's API differs from its report (npm test's `api` stage)
//   node scripts/api-report.mjs --local   writes the new reports: after a deliberate change, commit them with it
// One configuration for every entry of scripts/entries.mjs ENGINE_ENTRIES, built here rather than five
// api-extractor.json files that would differ in one line.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { ENGINE_ENTRIES, typesOf } from './entries.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const local = process.argv.includes('--local');

/** `engine/omni-ir` → api/engine-omni-ir.api.md. */
const reportName = (entry) => entry.replace(/\//g, '-');

function configFor(entry) {
  return ExtractorConfig.prepare({
    configObjectFullPath: `${root}api/${reportName(entry)}.json`,
    packageJsonFullPath: `${root}package.json`,
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: `<projectFolder>/${typesOf(entry).slice(2)}`,
      // The declarations were checked when they were built; this reads them only.
      compiler: { overrideTsconfig: { compilerOptions: { target: 'es2022', module: 'nodenext', lib: ['es2023', 'dom'], strict: true, skipLibCheck: true, types: [] } } },
      apiReport: {
        enabled: true,
        reportFileName: reportName(entry),
        reportFolder: '<projectFolder>/api/',
        reportTempFolder: '<projectFolder>/node_modules/.cache/api-report/',
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning', addToApiReportFile: true },
          // Whether a member has a doc comment is the sources' business; in the report it would be a line naming
          // a file position of the declarations, which moves with every edit above it.
          'ae-undocumented': { logLevel: 'none', addToApiReportFile: false },
          // The package has one release stage (no @beta/@alpha/@internal tags): every published name is public.
          'ae-missing-release-tag': { logLevel: 'none', addToApiReportFile: false },
          // A type a published signature names but the entry doesn't export shows in the report, for review.
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        // The sources' comments are ours, not TSDoc: their tags (`{@link}` aside) are not checked here.
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
  });
}

let failed = 0;
if (local) mkdirSync(`${root}api`, { recursive: true });
for (const entry of Object.keys(ENGINE_ENTRIES)) {
  const types = `${root}${typesOf(entry).slice(2)}`;
  if (!existsSync(types)) {
    console.log(`FAIL agentic-elements/${entry}: ${types.slice(root.length)} does not exist (run \`npm run build:types\` first)`);
    failed++;
    continue;
  }
  const result = Extractor.invoke(configFor(entry), { localBuild: local, showVerboseMessages: false });
  const report = `api/${reportName(entry)}.api.md`;
  if (result.succeeded) console.log(`ok   agentic-elements/${entry}: ${result.apiReportChanged ? `${report} written` : `as ${report} says`}`);
  else {
    console.log(
      `FAIL agentic-elements/${entry}: ${result.apiReportChanged ? `its API is not what ${report} says (run \`node scripts/api-report.mjs --local\`, review the diff, commit it)` : `${result.errorCount} errors, ${result.warningCount} warnings`}`,
    );
    failed++;
  }
}
const total = Object.keys(ENGINE_ENTRIES).length;
console.log(`${total - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
