#!/usr/bin/env node
// agentic-elements command line: `agentic-elements check FILE|-` checks an Omni-IR stream with the same parser
// the elements use, so a server team can check what its model writes.
import { readFileSync, existsSync } from 'node:fs';
import { loadEngine } from './loadEngine.mjs';

const USAGE = `Usage: agentic-elements check FILE|- [options]

Checks an Omni-IR stream (a file, or - for standard input) with the parser the elements use, and prints each
issue, in line order, as

  FILE:LINE: severity code: message

(an issue of the whole stream, such as missing_root, has no LINE). A misspelt component, prop, tool or picture
gets a "did you mean". When the input ends without a line ending in the middle of a line that was rejected, a
cut_off warning says the stream was probably cut off there.

Exit status: 1 when there is an error (or, with --strict, a warning), 0 otherwise; 2 for a usage error.

Options:
  --json                 print {file, errors, warnings, issues: [{file, line, severity, code, message, id?}],
                          nodes, state, mutations, missing} as JSON
  --strict               exit 1 on warnings too
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
  let strict = false;
  const tools = [];
  const assets = [];
  let registry = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const next = () => (i + 1 < rest.length ? rest[++i] : fail(`${a} needs a value`));
    if (a === '--json') json = true;
    else if (a === '--strict') strict = true;
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
  const chunks = await readInput(file);
  for (const chunk of chunks) parser.write(new Uint8Array(chunk));
  parser.end();

  const name = file === '-' ? '<stdin>' : file;
  const issues = inLineOrder([...parser.issues, ...cutOff(chunks, parser.issues)]).map((i) => ({
    file: name,
    line: i.line,
    severity: i.severity,
    code: i.code,
    message: i.message,
    ...(i.id === undefined ? {} : { id: i.id }),
  }));
  const errors = issues.filter((i) => i.severity === 'error').length;
  const warnings = issues.length - errors;
  if (json) {
    const { nodes, state, mutations, missing } = parser.result();
    process.stdout.write(`${JSON.stringify({ file: name, errors, warnings, issues, nodes, state, mutations, missing }, null, 2)}\n`);
  } else {
    for (const i of issues) {
      process.stdout.write(`${i.file}${i.line == null ? '' : `:${i.line}`}: ${i.severity} ${i.code}: ${i.message}\n`);
    }
    process.stderr.write(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  }
  return errors > 0 || (strict && warnings > 0) ? 1 : 0;
}

/** Issues by line (stable, so issues of one line keep the order they were found in); those with no line last. */
function inLineOrder(issues) {
  const key = (i) => (i.line == null ? Infinity : i.line);
  return issues
    .map((issue, n) => ({ issue, n }))
    .sort((a, b) => key(a.issue) - key(b.issue) || a.n - b.n)
    .map((x) => x.issue);
}

const LF = 0x0a;

/**
 * The parser reads a last line that has no line ending like any other ([3.4]), so a stream cut off in the middle
 * of a line shows only as an error on that line. Say what it most likely means: when the input doesn't end with a
 * line ending and its last line was rejected (or dropped as too long), the stream stopped in the middle of it.
 */
function cutOff(chunks, issues) {
  const bytes = chunks.filter((c) => c.length > 0);
  const last = bytes.at(-1);
  if (!last || last[last.length - 1] === LF) return [];
  let line = 1;
  for (const c of bytes) for (const b of c) if (b === LF) line++;
  const rejected = issues.filter((i) => i.line === line && i.severity === 'error');
  if (rejected.length === 0) return [];
  return [
    {
      code: 'cut_off',
      severity: 'warning',
      line,
      message: `the stream ended in the middle of line ${line}, with no line ending, and the line was rejected (${rejected
        .map((i) => i.code)
        .join(', ')}): the model was probably cut off (such as by max_tokens) before finishing it`,
    },
  ];
}

process.exitCode = await main(process.argv.slice(2));
