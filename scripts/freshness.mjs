// Whether built files are older than what they are built from: shared by scripts/ensure-build.mjs (the bundles
// the demo and the Node scripts use) and scripts/build.mjs --if-stale (npm's prepare and prepack hooks, which
// npm runs one after the other on `npm pack`: the second finds the build fresh and skips it).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../', import.meta.url));

/** The newest modification time under `path` (a file or a folder), test files aside; 0 if it doesn't exist. */
export function newest(path) {
  const full = join(root, path);
  const info = statSync(full, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return /\.test\.[cm]?[jt]s$/.test(path) ? 0 : info.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(full)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/** Why `outputs` need building from `sources` (paths from the package's folder), or null when they are fresh. */
export function staleReason(outputs, sources) {
  const missing = outputs.find((o) => !existsSync(join(root, o)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...outputs.map((o) => statSync(join(root, o)).mtimeMs));
  const changed = sources.find((s) => newest(s) > built);
  return changed ? `${changed} changed since the last build` : null;
}
