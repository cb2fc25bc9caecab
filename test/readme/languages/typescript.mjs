// ```ts and ```tsx blocks: TypeScript as an app writes it, type-checked first and then run like their JavaScript
// kin, so an example can't show types the package doesn't have or code the compiler would refuse.
//
// Type check: the block is written to .tmp/readme/L<line>/ (inside the package, so `agentic-elements/…` resolves
// to this package as built, through its exports map and its shipped .d.ts files, as it would for an app that
// installed it) and checked by tsc with strict settings, `moduleResolution: "bundler"`, the DOM's types, and
// React 19's JSX types (`jsx: "react-jsx"`) for a tsx block. A tsx block that uses an element's tag must
// import the typed bindings (`import type {} from 'agentic-elements/react'`), as the README tells apps to:
// without them an element's tag isn't JSX at all. Errors are reported at the README's own lines.
//
// Run: a tsx block then runs as a ```jsx block does (languages/frameworks.mjs: mounted in React 19's StrictMode
// and checked for properties and events); a ts block as a ```js block does (languages/js.mjs), esbuild
// removing its types.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { root, scratchDir } from '../paths.mjs';
import { padded } from '../bundle.mjs';
import { runJsx } from './frameworks.mjs';
import { runJs } from './js.mjs';

function tsc(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project, '--pretty', 'false'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Type-checks the block; throws with tsc's messages, each at its README line. */
async function typeCheck(block, ctx, tsx) {
  const dir = scratchDir(`L${block.line}-types`);
  const file = join(dir, tsx ? 'block.tsx' : 'block.ts');
  // `export {}` keeps a block without imports a module, as every file of an app with a bundler is.
  writeFileSync(file, padded(block) + '\nexport {};\n');
  const project = join(dir, 'tsconfig.json');
  writeFileSync(
    project,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        ...(tsx ? { jsx: 'react-jsx' } : {}),
      },
      files: [file],
    }),
  );
  const { code, out } = await tsc(project);
  if (code !== 0) {
    const messages = out
      .split('\n')
      .filter((l) => l.includes('error TS'))
      .map((l) => l.replace(/^.*?block\.tsx?\((\d+),(\d+)\)/, (_, line, col) => `${ctx.file}:${line}:${col}`));
    throw new Error(`${block.where}: it doesn't type-check (tsc, strict, with the package's own types):\n  ${(messages.length ? messages : [out.trim()]).join('\n  ')}`);
  }
  return `type-checked by tsc (strict${tsx ? ', React 19 JSX with agentic-elements/react' : ''})`;
}

export async function runTsx(block, ctx) {
  if (/<[a-z]+-[a-z-]+[\s/>]/.test(block.code) && !/import type \{\} from 'agentic-elements\/react'/.test(block.code)) {
    throw new Error(`${block.where}: a tsx block with an element's tag must import the typed bindings, import type {} from 'agentic-elements/react', as an app does`);
  }
  const checked = await typeCheck(block, ctx, true);
  return [checked, ...((await runJsx(block, ctx)) ?? [])];
}

export async function runTs(block, ctx) {
  const checked = await typeCheck(block, ctx, false);
  const { code } = await transform(block.code, { loader: 'ts', format: 'esm', target: 'es2022' });
  return [checked, ...((await runJs({ ...block, lang: 'js', code }, ctx)) ?? [])];
}
