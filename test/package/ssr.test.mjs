// Importing any entry on a server must not throw (Next.js, Nuxt, SvelteKit render in Node): each entry's
// SOURCE is imported in a fresh Node process with no DOM, as a server bundle would load it (Lit resolves to
// its Node build through the "node" export condition). The built files are imported from an installed
// tarball in test/install/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CDN_ENTRY, NPM_ENTRIES } from '../../scripts/entries.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

function importInNode(file) {
  const script = `
    if (typeof HTMLElement !== 'undefined' || typeof document !== 'undefined') throw new Error('this Node has a DOM');
    const m = await import(${JSON.stringify(`./${file}`)});
    console.log(JSON.stringify(Object.keys(m).length));`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
}

for (const [name, file] of Object.entries({ ...NPM_ENTRIES, 'cdn (source)': Object.values(CDN_ENTRY)[0] })) {
  test(`${name} (${file}) imports in Node without a DOM`, () => {
    const run = importInNode(file);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(Number(run.stdout.trim()) > 0, 'it exports something');
  });
}
