// The server's own copy of each live screen ([10.38]): the recorded screen parsed with the engine and the same
// registry the page uses, and every update the app is about to send applied to it first. An update that would
// be rejected is a bug in the app's code: it is logged and never sent.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parserRegistries } from './registry.mjs';

/** The built engine (dist/engine.js) when there is one; the demo runs without it, just unchecked. */
export async function loadBuiltEngine() {
  const built = fileURLToPath(new URL('../../dist/engine.js', import.meta.url));
  if (!existsSync(built)) return null;
  try {
    const engine = await import(pathToFileURL(built).href);
    return typeof engine.createOmniParser === 'function' ? engine : null;
  } catch {
    return null;
  }
}

export function createUpdateChecker(engine, log = () => {}) {
  const copies = new WeakMap();
  return function check(screen, text) {
    let parser = copies.get(screen);
    if (!parser) {
      parser = engine.createOmniParser(parserRegistries());
      parser.write(screen.text ?? '');
      parser.end();
      copies.set(screen, parser);
    }
    const result = parser.update(text);
    if (!result.applied) {
      for (const issue of result.issues) log(`live: update line ${issue.line}: ${issue.code}`);
    }
    return result.applied;
  };
}
