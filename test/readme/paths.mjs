// Where things are: the repository, and the README test's scratch folder inside it (.tmp/readme, git-ignored),
// where js blocks are written as files so `agentic-elements/…` resolves to this package by its own name.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const scratch = join(root, '.tmp', 'readme');

export function scratchDir(...parts) {
  const dir = join(scratch, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}
