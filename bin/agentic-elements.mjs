#!/usr/bin/env node
// agentic-elements command line: `agentic-elements check FILE|-` checks an Omni-IR stream with the same parser
// the elements use, so a server team can check what its model writes.
import { readFileSync, existsSync } from 'node:fs';
import { loadEngine } from './loadEngine.mjs';

const USAGE = `Usage: agentic-elements check FILE|- [options]

Checks an Omni-IR stream (a file, or - for standard input) and prints each issue as LINE: code: message.
Exits 1 when there is an error, 0 otherwise (warnings alone pass).

Options:
  --json                 print the canonical result (issues, nodes, state, mutations, missing) as JSON
  --tools a.b,c.d        tool names in the app's registry (default: none)
  --assets x,y           picture names in the app's asset registry (default: none)
  --registry FILE.json   {"tools": [...] | {name: schema}, "assets": [...] | {name: {...}},
                          "components": {...}, "pictures": [...]}; flags add to it
  -h, --help             show this help`;

function fail(message) {
  process.stderr.write(`agentic-elements: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function names(value) {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return Object.keys(value);
  return fail('--registry: tools and assets must be a list of names or an object keyed by name');
}

async function readInput(file) {
  if (file === '-') {
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    return chunks;
  }
  if (!existsSync(file)) fail(`no such file: ${file}`);
  return [readFileSync(file)];
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (!command || command === '-h' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command !== 'check') fail(`unknown command: ${command}`);
  let file;
  let json = false;
  const tools = [];
  const assets = [];
  let registry = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const next = () => (i + 1 < rest.length ? rest[++i] : fail(`${a} needs a value`));
    if (a === '--json') json = true;
    else if (a === '--tools') tools.push(...next().split(',').map((s) => s.trim()).filter(Boolean));
    else if (a === '--assets') assets.push(...next().split(',').map((s) => s.trim()).filter(Boolean));
    else if (a === '--registry') {
      const path = next();
      if (!existsSync(path)) fail(`no such registry file: ${path}`);
      try {
        registry = JSON.parse(readFileSync(path, 'utf8'));
      } catch (e) {
        fail(`--registry ${path}: not valid JSON (${e.message})`);
      }
    } else if (a === '-h' || a === '--help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (a.startsWith('--')) fail(`unknown option: ${a}`);
    else if (file === undefined) file = a;
    else fail(`unexpected argument: ${a}`);
  }
  if (file === undefined) fail('check needs a FILE, or - for standard input');

  const { createOmniParser } = await loadEngine();
  let parser;
  try {
    parser = createOmniParser({
      tools: [...names(registry.tools), ...tools],
      assets: [...names(registry.assets), ...assets],
      components: registry.components,
      pictures: registry.pictures,
    });
  } catch (e) {
    fail(`the registry was refused: ${e.message}`);
  }
  for (const chunk of await readInput(file)) parser.write(new Uint8Array(chunk));
  parser.end();

  if (json) process.stdout.write(`${JSON.stringify(parser.result(), null, 2)}\n`);
  else {
    for (const issue of parser.issues) {
      const where = issue.line == null ? '-' : String(issue.line);
      const sev = issue.severity === 'warning' ? ' (warning)' : '';
      process.stdout.write(`${where}: ${issue.code}${sev}: ${issue.message}\n`);
    }
    const errors = parser.issues.filter((i) => i.severity === 'error').length;
    const warnings = parser.issues.length - errors;
    process.stderr.write(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  }
  return parser.issues.some((i) => i.severity === 'error') ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
