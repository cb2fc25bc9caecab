// OUI 0.1.0's transport, checked by tsc the way an app meets it: `agentic-elements/engine/oui` resolved through package.json
// "exports". test/bindings/oui/declared.ts is code written against the declared names and signatures (it must check
// clean, and the request-object API of before must not). Then the declarations themselves, read from the OUI spec
// (`oui-spec-0.1.0.txt` of the specs given beside the checkout, an input like the conformance suite): the declared
// `OUITransport`, `OUIActionHandler`, `OUIObservationHandler`, `OUITransportConfig` and `SocketLike` must be the
// very types the package exports (each assignable to the other), and our `createWebSocketTransport` and
// `createDirectTransportPair` must fit the declared functions.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, TYPE_SCRIPTS } from '../../scripts/ensure-build.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = join(root, 'test', 'bindings', 'oui');
// Inside the package, so `agentic-elements/…` resolves to this checkout's own exports.
const scratch = join(root, '.tmp', 'oui-declared');
const specFile = resolve(process.env.OUI_SPEC ?? join(root, '..', 'shared', 'specs', 'oui-spec-0.1.0.txt'));

function tsc(files) {
  const config = join(scratch, `tsconfig-${files.length}.json`);
  writeFileSync(config, JSON.stringify({ extends: join(here, 'tsconfig.json'), files, include: [] }));
  return new Promise((done) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsc'), ['-p', config, '--pretty', 'false'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ code, out }));
  });
}

/** One file of the published package as the spec text lists it: the lines of its `+` block, without the `+`. */
function declaredFile(text, path) {
  const start = text.indexOf(`\n${path}\n`);
  assert.ok(start >= 0, `the spec lists ${path}`);
  const lines = text.slice(start + path.length + 2).split('\n');
  const hunk = lines.findIndex((l) => l.startsWith('@@'));
  assert.ok(hunk >= 0 && hunk < 3, `${path} is followed by its lines`);
  const out = [];
  for (const line of lines.slice(hunk + 1)) {
    if (!line.startsWith('+')) break;
    out.push(line.slice(1));
  }
  assert.ok(out.length > 10, `${path} has its declarations`);
  return out.join('\n');
}

before(async () => {
  await ensureBuild({ quiet: true, scripts: TYPE_SCRIPTS });
  mkdirSync(join(scratch, 'spec'), { recursive: true });
  mkdirSync(join(scratch, 'transport'), { recursive: true });
});

describe('OUI 0.1.0 transport declarations (tsc)', { timeout: 240_000 }, () => {
  it('code written against the declared names and signatures checks clean; the request-object API does not', async () => {
    const { code, out } = await tsc([join(here, 'declared.ts')]);
    assert.equal(code, 0, out);
  });

  it('the declared types are the exported ones, and our functions fit the declared ones', { skip: existsSync(specFile) ? false : `no OUI spec at ${specFile}` }, async () => {
    const text = readFileSync(specFile, 'utf8');
    writeFileSync(join(scratch, 'spec', 'index.d.ts'), declaredFile(text, 'package/dist/spec/index.d.ts'));
    writeFileSync(join(scratch, 'transport', 'index.d.ts'), declaredFile(text, 'package/dist/transport/index.d.cts').replace("from '../spec/index.cjs'", "from '../spec/index.js'"));
    const check = join(scratch, 'same.ts');
    writeFileSync(
      check,
      [
        "import type * as Declared from './transport/index.js';",
        "import type * as DeclaredSpec from './spec/index.js';",
        "import * as Ours from 'agentic-elements/engine/oui';",
        'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
        'export const transport: Same<Declared.OUITransport, Ours.OUITransport> = true;',
        'export const actionHandler: Same<Declared.OUIActionHandler, Ours.OUIActionHandler> = true;',
        'export const observationHandler: Same<Declared.OUIObservationHandler, Ours.OUIObservationHandler> = true;',
        'export const config: Same<Declared.OUITransportConfig, Ours.OUITransportConfig> = true;',
        'export const socket: Same<Declared.SocketLike, Ours.SocketLike> = true;',
        'export const update: Same<DeclaredSpec.OUIObservationUpdate, Ours.OUIObservationUpdate> = true;',
        'export const surface: Same<DeclaredSpec.OUISurface, Ours.OUISurface> = true;',
        'export const webSocket: typeof Declared.createWebSocketTransport = Ours.createWebSocketTransport;',
        'export const direct: typeof Declared.createDirectTransportPair = Ours.createDirectTransportPair;',
      ].join('\n'),
    );
    const { code, out } = await tsc([check]);
    assert.equal(code, 0, out);
  });
});
