// Reading the repository's own sources, for the tests that hold rules on them (the controllers, the element
// contract, the signal imports).
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every file under `dir` (at any depth) whose path matches `kind`, in name order. */
export function sourceFiles(dir: string, kind = /\.ts$/, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, kind, out);
    else if (kind.test(p)) out.push(p);
  }
  return out;
}

/** `p` from the repository's root, with forward slashes. */
export const rel = (p: string): string => relative(root, p).split(sep).join('/');
