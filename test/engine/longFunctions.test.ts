// No function over 150 lines in the library (issue 30 item 2): lint holds it with max-lines-per-function for src/
// and elements/ (blank lines and comments not counted). A function planted at 151 lines is flagged there, one
// at 150 is not, and tests are free. scripts/long-functions.mjs lists the long ones by the same rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const cwd = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd, ruleFilter: ({ ruleId }) => ruleId === 'max-lines-per-function' });

/** A function of `lines` counted lines (its head, a declaration, statements, a return, its end), with a comment and a blank line besides. */
function planted(lines: number): string {
  const statements = Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`);
  return ['export function long(): number {', '  // why, not what', '', '  let total = 0;', ...statements, '  return total;', '}'].join('\n');
}

async function flagged(path: string, lines: number): Promise<string[]> {
  const [result] = await eslint.lintText(planted(lines), { filePath: path, warnIgnored: true });
  assert.equal(result.fatalErrorCount, 0, result.messages.map((m) => m.message).join('\n'));
  return result.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message);
}

test('a function over 150 lines is flagged in src/ and elements/, not in tests; blank lines and comments are not counted', async () => {
  assert.match((await flagged('src/oui/planted.ts', 151)).join(), /too many lines \(151\)\. Maximum allowed is 150/);
  assert.equal((await flagged('elements/ax-runner/planted.ts', 151)).length, 1);
  assert.deepEqual(await flagged('src/oui/planted.ts', 150), []);
  assert.deepEqual(await flagged('test/engine/planted.test.ts', 400), []);
});
