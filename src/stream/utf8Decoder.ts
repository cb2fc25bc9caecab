/**
 * Turns bytes or text into text, keeping a multi-byte character whole when its bytes are split across chunks
 * ([3.1]); an invalid byte sequence becomes U+FFFD and decoding carries on.
 */
export interface Utf8Decoder {
  /** Decodes a chunk; strings pass through unchanged. */
  decode(chunk: string | Uint8Array | ArrayBuffer): string;
  /** Flushes a character left incomplete at the end of the input (it becomes U+FFFD). */
  flush(): string;
}

export function createUtf8Decoder(): Utf8Decoder {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let pendingBytes = false;
  return {
    decode(chunk) {
      if (typeof chunk === 'string') {
        // Text after bytes: an unfinished character from the bytes can no longer complete.
        if (pendingBytes) {
          pendingBytes = false;
          return decoder.decode() + chunk;
        }
        return chunk;
      }
      const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
      if (bytes.length === 0) return '';
      pendingBytes = true;
      return decoder.decode(bytes, { stream: true });
    },
    flush() {
      if (!pendingBytes) return '';
      pendingBytes = false;
      return decoder.decode();
    },
  };
}
