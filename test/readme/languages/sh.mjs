// ```sh blocks: every command line runs. A line is read as a shell would for what matters here: `# …` comments
// are dropped, `\` joins lines, and `a && b` is two commands run in order (the second only if the first passed).
// Each command is given to the first of COMMANDS that knows it; a command none knows fails the test, saying
// where to add it. What each prints is kept for the ```text block after it (text.mjs).
//
// COMMANDS, in order:
//  - `npm install` / `npm ci`: the project is installed, not installed again: `npm ls` must find every dependency.
//  - `npm start`: runs, with a free PORT and no model key (the README says none is needed); the page it serves
//    must be the demo (an <omni-screen> in it); then it is stopped (its process group, by id).
//  - `npm test`: the command running this test. Under it, that is asserted (npm_lifecycle_event is `test`, the
//    script is package.json's) and it is not run again, which would never end. Alone, `npm test -- --list` runs
//    and must list the stage that runs this test.
//  - `npm run test:quick -- …`: the loop to work in, with --list added: it must exit 0 and list the engine's tests
//    and, for each folder named, its browser tests. Not run for real here: `npm test`'s engine and browser stages
//    run the same tests, and a second run inside this one would only double the time.
//  - `npx agentic-elements …` (and `cat FILE | npx agentic-elements …`): runs in a scratch folder holding the files
//    the README's commands name, from test/readme/fixtures/cli/ (screen.txt, registry.json), with this package
//    installed there as a link, so npx runs the package's own bin and never the registry. Exit 0 or 1 (1: the
//    stream has errors, as the README says), not 2 (a usage error); with --json, what it prints must be JSON.
//  - `node bench/….mjs`: runs with BENCH_QUICK=1 (the benchmark prints every line it normally prints, from a
//    much smaller run) and must exit 0. It is checked, not timed: the benchmark must have a quick mode (its source
//    reads BENCH_QUICK), and the only limit is the test's own, far above any quick run on a busy machine.
//  - `npm run SCRIPT`, `node FILE`: runs in the repository; must exit 0. When `npm test` already ran the same
//    command as one of its stages in this run (the build, `node scripts/check-size.mjs`), that run is the
//    command's run: its exit status is checked, and it is not repeated (test-all.mjs passes what it ran in
//    AGENTIC_TEST_STAGES).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess, startProcess } from '../process.mjs';
import { root } from '../paths.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = () => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** The block's commands: [{line, text}], one per `&&` part, comments and continuations read. */
export function commandsOf(block) {
  const out = [];
  const lines = block.code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = block.line + 1 + i;
    let text = stripComment(lines[i]);
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${stripComment(lines[++i])}`;
    text = text.trim();
    if (!text) continue;
    const parts = splitOutsideQuotes(text, '&&');
    out.push(...parts.map((part, k) => ({ line, text: part.trim(), chained: k > 0 })));
  }
  return out;
}

function stripComment(line) {
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

function splitOutsideQuotes(text, separator) {
  const parts = [];
  let quote = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const words = (text) => text.split(/\s+/).filter(Boolean);

/** The stages `npm test` ran before this one in this run: [{name, cmd, code}]. */
function stagesRan() {
  try {
    return JSON.parse(process.env.AGENTIC_TEST_STAGES ?? '[]');
  } catch {
    return [];
  }
}

/** A stage of this `npm test` that ran exactly this command (npm's --silent aside). */
function stageFor(text) {
  const want = words(text).filter((w) => w !== '--silent').join(' ');
  return stagesRan().find((s) => s.cmd.filter((w) => w !== '--silent').join(' ') === want) ?? null;
}

/** Runs `text` in the repository, unless a stage of this npm test just did. */
async function inRepo(text, { timeoutMs = 300_000, env } = {}) {
  const stage = stageFor(text);
  if (stage) return { code: stage.code, stdout: '', stderr: '', note: `ran as npm test's "${stage.name}" stage in this run (exit ${stage.code}); not repeated` };
  const run = await runProcess(text, [], { cwd: root, shell: true, timeoutMs, env });
  const hint = run.timedOut ? `; a command that keeps running (a server) needs an entry of its own in COMMANDS, as npm start has` : '';
  return { ...run, note: `ran in ${(run.ms / 1000).toFixed(1)} s${hint}` };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A scratch folder with the CLI fixtures and this package installed as a link (its bin in node_modules/.bin). */
function cliFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-elements-readme-cli-'));
  cpSync(join(root, 'test/readme/fixtures/cli'), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', pkg().name), 'dir');
  for (const [name, file] of Object.entries(pkg().bin)) symlinkSync(join('..', pkg().name, file), join(dir, 'node_modules/.bin', name));
  return dir;
}

export const COMMANDS = [
  {
    test: (t) => /^npm (install|i|ci)$/.test(t),
    async run() {
      const run = await runProcess(npm, ['ls', '--depth=0'], { cwd: root, timeoutMs: 60_000 });
      return { ...run, stdout: '', note: run.code === 0 ? 'installed: npm ls finds every dependency (not installed again)' : `npm ls says the install is incomplete:\n${run.stdout}${run.stderr}` };
    },
  },
  {
    test: (t) => t === 'npm start',
    async run() {
      const port = await freePort();
      const env = { PORT: String(port), ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '' };
      let server;
      try {
        server = await startProcess(npm, ['start'], { cwd: root, env, ready: /(http:\/\/[\w.:[\]-]+)\//, timeoutMs: 300_000 });
      } catch (error) {
        return { code: 1, stdout: '', stderr: `npm start: ${error.message}` };
      }
      try {
        const url = server.match[1];
        const answer = await fetch(`${url}/`);
        const page = await answer.text();
        if (answer.status !== 200 || !page.includes('<omni-screen')) {
          return { code: 1, stdout: server.output(), stderr: `npm start served ${url}/ with ${answer.status}, ${page.includes('<omni-screen') ? '' : 'not '}the demo page` };
        }
        return { code: 0, stdout: server.output(), stderr: '', note: `served the demo at ${url}/ (PORT=${port}, no model key), then stopped` };
      } finally {
        await server.stop();
      }
    },
  },
  {
    test: (t) => t === 'npm test',
    async run() {
      const script = pkg().scripts.test;
      if (process.env.npm_lifecycle_event === 'test' && process.env.npm_lifecycle_script === script) {
        return { code: 0, stdout: '', stderr: '', note: `npm test ("${script}") is the command running this test; not run again` };
      }
      const list = await runProcess(npm, ['test', '--', '--list'], { cwd: root, timeoutMs: 60_000 });
      const ok = list.code === 0 && /^readme: .*test\/readme/m.test(list.stdout);
      return {
        ...list,
        code: ok ? 0 : 1,
        stderr: ok ? '' : `npm test -- --list doesn't list a readme stage running test/readme:\n${list.stdout}${list.stderr}`,
        note: 'not run under npm test: `npm test -- --list` ran and lists the readme stage (the whole command runs this test)',
      };
    },
  },
  {
    test: (t) => /^npm run test:quick( -- .*)?$/.test(t),
    async run(text) {
      const given = words(text.replace(/^npm run test:quick( --)?/, ''));
      const folders = given.filter((w) => !w.startsWith('--'));
      const list = await runProcess(npm, ['run', '--silent', 'test:quick', '--', '--list', ...given.filter((w) => w !== '--watch')], { cwd: root, timeoutMs: 60_000 });
      const missing = [
        // The engine's part: the tests the change can break (scripts/quickPlan.mjs), which in a clean clone may be none,
        // but it must say which and why.
        ...(/^engine: .*node-tests\.mjs/m.test(list.stdout) || /^test:quick: \d+ engine test files? \(/m.test(list.stdout) ? [] : ['the engine\'s tests']),
        ...folders.filter((f) => !f.startsWith('engine') && !list.stdout.includes(`test/browser/${f}/`)).map((f) => `test/browser/${f}/`),
      ];
      const ok = list.code === 0 && missing.length === 0;
      return {
        ...list,
        code: ok ? 0 : 1,
        stderr: ok ? '' : `${list.stderr}npm run test:quick -- --list doesn't list ${missing.join(', ') || 'what it runs'}:\n${list.stdout}`,
        note: `listed what it runs (${list.stdout.trim().split('\n').length} parts); npm test's engine and browser stages run those tests`,
      };
    },
  },
  {
    test: (t) => /^(cat \S+ \| )?npx agentic-elements\b/.test(t),
    ok: [0, 1],
    async run(text) {
      // ok: 1 is the command saying the stream has errors, which the fixture's screen.txt has on purpose.
      const dir = cliFolder();
      try {
        const run = await runProcess(text, [], { cwd: dir, shell: true, timeoutMs: 60_000, env: { npm_config_yes: 'false' } });
        if (/\s--json\b/.test(text) && run.code !== 2) {
          try {
            JSON.parse(run.stdout);
          } catch (error) {
            return { ...run, code: 1, stderr: `${run.stderr}--json printed something that isn't JSON: ${error.message}\n` };
          }
        }
        return { ...run, note: `ran in a folder holding screen.txt and registry.json: exit ${run.code}${run.code === 1 ? ' (the stream has errors)' : ''}` };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    test: (t) => /^node bench\/[\w.-]+\.mjs$/.test(t),
    async run(text) {
      const file = join(root, text.split(/\s+/)[1]);
      if (!readFileSync(file, 'utf8').includes('BENCH_QUICK')) {
        return { code: 1, stdout: '', stderr: '', note: `${text.split(/\s+/)[1]} has no quick mode: it must read BENCH_QUICK=1 and make its run small (every line still printed)` };
      }
      const run = await runProcess(text, [], { cwd: root, shell: true, timeoutMs: 540_000, env: { BENCH_QUICK: '1' } });
      const hint = run.timedOut ? ' (is its BENCH_QUICK=1 run small?)' : '';
      return { ...run, note: `ran with BENCH_QUICK=1 in ${(run.ms / 1000).toFixed(1)} s${hint}` };
    },
  },
  {
    test: (t) => /^npm run(-script)? [\w:.-]+$/.test(t) || /^node [\w./-]+\.m?js( [\w=.,/-]+)*$/.test(t),
    run: (text) => inRepo(text),
  },
];

export async function runSh(block, ctx) {
  const notes = [];
  const outputs = [];
  ctx.outputs.set(block.index, outputs);
  for (const command of commandsOf(block)) {
    const where = `${ctx.file}:${command.line}`;
    const handler = COMMANDS.find((c) => c.test(command.text));
    if (!handler) {
      throw new Error(
        `${where}: the README test doesn't know how to run \`${command.text}\`. Add it to COMMANDS in ` +
          'test/readme/languages/sh.mjs (how it runs here, and what it must do to pass).',
      );
    }
    const run = await handler.run(command.text);
    outputs.push({ line: command.line, text: command.text, stdout: run.stdout ?? '', stderr: run.stderr ?? '', code: run.code });
    if (run.timedOut || !(handler.ok ?? [0]).includes(run.code)) {
      const said = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
      throw new Error(`${where}: \`${command.text}\` ${run.timedOut ? 'did not finish in time' : `exited ${run.code}`}${run.note ? ` (${run.note})` : ''}:\n${said}`);
    }
    notes.push(`${where}: ${command.text}: ${run.note ?? `exit ${run.code}`}`);
  }
  return notes;
}
