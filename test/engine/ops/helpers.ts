// Shared helpers for the op-stream tests: build op lines, read them whole or in byte chunks, and look at the
// result the way the conformance cases do.
import { createOpStream, snapshotDocument, type OpDocument, type OpStreamOptions } from '../../../src/ops/index.ts';

/** One op per line; strings are taken as written (for lines that aren't JSON). */
export function lines(...ops: unknown[]): string {
  return ops.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join('\n') + '\n';
}

/** The same ops as SSE: one event per op, `data: ` and a blank line. */
export function asSse(text: string): string {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `data: ${l}\n\n`)
    .join('');
}

export const encode = (s: string) => new TextEncoder().encode(s);

/** Byte chunks of `size`. */
export function chunked(text: string, size: number): Uint8Array[] {
  const bytes = encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** Reads chunks into a finished document. */
export function read(chunks: string | (string | Uint8Array)[], options: OpStreamOptions = {}): OpDocument {
  const s = createOpStream(options);
  for (const c of typeof chunks === 'string' ? [chunks] : chunks) s.write(c);
  s.end();
  return s.document;
}

/** `line code` for every issue, in order. */
export function issues(doc: OpDocument): string[] {
  return doc.issues.map((i) => `${i.line} ${i.code}`);
}

export const snap = snapshotDocument;
