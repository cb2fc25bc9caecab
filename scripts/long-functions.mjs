// Lists the library's long functions (src/ and elements/), longest first, with the count over each limit.
// The count is ESLint's max-lines-per-function (blank lines and comments skipped), the rule lint holds at 150.
// Usage: node scripts/long-functions.mjs [--over 80] [--raw] [paths...]   (--raw counts blank lines and comments too)
import { ESLint } from 'eslint';

const args = process.argv.slice(2);
const overAt = args.indexOf('--over');
const floor = overAt >= 0 ? Number(args.splice(overAt, 2)[1]) : 80;
const rawAt = args.indexOf('--raw');
const skip = rawAt < 0;
if (!skip) args.splice(rawAt, 1);
const paths = args.length ? args : ['src', 'elements'];

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: (await import('typescript-eslint')).parser } },
    { rules: { 'max-lines-per-function': ['error', { max: floor, skipBlankLines: skip, skipComments: skip, IIFEs: true }] } },
  ],
});
const found = [];
for (const result of await eslint.lintFiles(paths.map((p) => (p.endsWith('.ts') ? p : `${p}/**/*.ts`)))) {
  for (const m of result.messages) {
    const hit = /^(.*) has too many lines \((\d+)\)/.exec(m.message);
    if (hit) found.push({ lines: Number(hit[2]), name: hit[1], at: `${result.filePath.slice(process.cwd().length + 1)}:${m.line}` });
    else if (m.fatal) console.error(`${result.filePath}: ${m.message}`);
  }
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.at}`);
console.log(`\nover ${floor}: ${found.length}; over 150: ${found.filter((f) => f.lines > 150).length}`);
