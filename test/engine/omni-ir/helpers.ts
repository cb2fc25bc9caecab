// Small helpers shared by the Omni-IR engine tests.
import { createOmniParser, type OmniParser, type OmniRegistries } from '../../../src/entries/omni-ir.ts';

export const DEFAULT_REGISTRIES: OmniRegistries = { tools: ['payments.confirm'], assets: ['cabin-pines'] };

/** Parses a whole stream (joined with \n when given lines) and ends it. */
export function parse(text: string | string[], registries: OmniRegistries = DEFAULT_REGISTRIES): OmniParser {
  const p = createOmniParser(registries);
  p.write(Array.isArray(text) ? `${text.join('\n')}\n` : text);
  p.end();
  return p;
}

/** The issues as sorted "line code" strings, duplicates dropped. */
export function issues(p: OmniParser | { issues: readonly { line: number | null; code: string }[] }): string[] {
  return [...new Set(p.issues.map((i) => `${i.line ?? 'null'} ${i.code}`))].sort();
}

/** Issues of a stream, as sorted "line code" strings. */
export function issuesOf(text: string | string[], registries?: OmniRegistries): string[] {
  return issues(parse(text, registries));
}

/** Issues of the lines after a preamble that defines root, the ones on those lines only (numbered from 1). */
export function lineIssues(lines: string[], registries?: OmniRegistries, preamble: string[] = ['root = Divider()']): string[] {
  const p = parse([...preamble, ...lines], registries);
  return [...new Set(p.issues.filter((i) => i.line !== null && i.line > preamble.length).map((i) => `${i.line! - preamble.length} ${i.code}`))].sort();
}

/** Feeds UTF-8 bytes of `text` in the given chunk sizes (cycled) and ends the stream. */
export function parseChunked(text: string, sizes: number[], registries: OmniRegistries = DEFAULT_REGISTRIES): OmniParser {
  const bytes = new TextEncoder().encode(text);
  const p = createOmniParser(registries);
  let at = 0;
  for (let k = 0; at < bytes.length; k++) {
    const n = sizes[k % sizes.length]!;
    p.write(bytes.subarray(at, at + n));
    at += n;
  }
  p.end();
  return p;
}
