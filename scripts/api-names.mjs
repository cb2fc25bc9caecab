// Counts the runtime names each engine entry publishes (`agentic-elements/engine` and its format entries), from
// the sources through tsx: `node scripts/api-names.mjs` prints a count per entry and the total of distinct names;
// `--list` prints the names too. Types are not counted here: the API reports (api/*.api.md) hold them.
import { register } from 'tsx/esm/api';
import { ENGINE_ENTRIES } from './entries.mjs';

register();
const root = new URL('../', import.meta.url);
const list = process.argv.includes('--list');
const all = new Set();
for (const [name, source] of Object.entries(ENGINE_ENTRIES)) {
  const names = Object.keys(await import(new URL(source, root).href)).sort();
  for (const n of names) all.add(n);
  console.log(`agentic-elements/${name}: ${names.length} runtime names${list ? `\n  ${names.join(' ')}` : ''}`);
}
console.log(`${all.size} distinct runtime names in all`);
