// The element contract's clock (docs/architecture.md "The element contract", issue 30 items 3 and 6): the elements'
// own timers run on the injected clock (`AgentElement.clock`, handed to what an element runs), so a test moves
// time instead of sleeping on it. A raw `setTimeout`/`setInterval` in elements/ fails here unless a comment on its
// line or in the line comments right above it says why it must be the platform's (`raw timer: <reason>`). Checked on small sources too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../', import.meta.url));

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

const RAW = new Set(['setTimeout', 'setInterval']);
const GLOBALS = new Set(['window', 'globalThis', 'self']);
/** The mark that lets a raw timer stay: the words after it are the reason, and there must be some. */
const MARK = /raw timer: *\S.{9,}/;

/**
 * The lines (1-based) of `text` that call the platform's setTimeout/setInterval (bare or through window,
 * globalThis, self) without a `raw timer: <reason>` comment on that line or in the line comments right above it.
 */
export function unmarkedTimers(text: string): number[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const found: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const raw =
        (ts.isIdentifier(callee) && RAW.has(callee.text)) ||
        (ts.isPropertyAccessExpression(callee) && RAW.has(callee.name.text) && ts.isIdentifier(callee.expression) && GLOBALS.has(callee.expression.text));
      if (raw) {
        const line = source.getLineAndCharacterOfPosition(callee.getStart(source)).line;
        // The call's own line, or the line comments right above it.
        let marked = MARK.test(lines[line] ?? '');
        for (let above = line - 1; !marked && above >= 0 && /^\s*\/\//.test(lines[above]!); above--) marked = MARK.test(lines[above]!);
        if (!marked) found.push(line + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test("the elements' timers run on the injected clock: no raw setTimeout/setInterval in elements/ without a reason", () => {
  const raw = files(join(root, 'elements')).flatMap((f) =>
    unmarkedTimers(readFileSync(f, 'utf8')).map((line) => `${relative(root, f).split(sep).join('/')}:${line}`),
  );
  assert.deepEqual(raw, [], 'take the host\'s clock (clockOf(host) in elements/shared/base/clock.ts), or mark the line "raw timer: <why>"');
});

test('the timer check finds raw timers and accepts a reason', () => {
  assert.deepEqual(unmarkedTimers('setTimeout(f, 5);\nwindow.setInterval(f, 9);\nthis.clock.setTimeout(f, 1);\nclock.setTimeout(f, 1);'), [1, 2]);
  assert.deepEqual(unmarkedTimers('// raw timer: a task after the frame, by design\nsetTimeout(f, 0);\nsetTimeout(f, 0); // raw timer: the same, on its line'), []);
  assert.deepEqual(unmarkedTimers('// raw timer:\nsetTimeout(f, 0);\n// raw timer: short\nglobalThis.setTimeout(f);'), [2, 4]);
  assert.deepEqual(unmarkedTimers('// raw timer: a reason that takes\n// two lines to give\nsetTimeout(f, 0);\n// raw timer: not about the next one\nx();\nsetTimeout(f, 1);'), [6]);
  assert.deepEqual(unmarkedTimers('// setTimeout(f) in a comment\nconst s = "setTimeout(f)";\nclearTimeout(t);'), []);
});
