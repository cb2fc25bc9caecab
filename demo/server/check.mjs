// The server's own copy of each live screen ([10.38]): the recorded screen parsed with the engine and the same
// registry the page uses, and every update the app is about to send applied to it first. An update that would
// be rejected is a bug in the app's code: it is logged and never sent.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parserRegistries } from './registry.mjs';

/** The built Omni-IR engine (dist/engine/omni-ir.js) when there is one; the demo runs without it, just unchecked. */
export async function loadBuiltEngine() {
  const built = fileURLToPath(new URL('../../dist/engine/omni-ir.js', import.meta.url));
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
  function check(screen, text) {
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
  }
  /**
   * Whether a catch-up update ([10.39]) may carry the latest line for `key` (an id or a $key): the screen still
   * has it, and it isn't a $key a field reads (what the person enters belongs to them).
   */
  check.keep = (screen, key) => {
    const doc = copies.get(screen)?.document;
    if (!doc) return true;
    if (!key.startsWith('$')) return doc.node(key) !== undefined || doc.mutation(mutationTarget(doc, key)) !== undefined;
    if (!doc.hasState(key)) return false;
    return !doc.ids().some((id) => {
      const node = doc.node(id);
      return node && FIELDS.has(node.type) && node.props.value?.kind === 'state' && node.props.value.key === key;
    });
  };
  return check;
}

const FIELDS = new Set(['Input', 'DateInput', 'Select', 'Switch']);

/** The Button an McpMutation id governs, if the screen still has that McpMutation. */
function mutationTarget(doc, id) {
  for (const button of doc.ids()) if (doc.mutation(button)?.id === id) return button;
  return '';
}
