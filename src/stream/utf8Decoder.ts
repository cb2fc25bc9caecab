/**
 * Turns bytes or text into text, keeping a multi-byte character whole when its bytes are split across chunks
 * ([3.1]); an invalid byte sequence becomes U+FFFD and decoding carries on.
 *
 * A byte-order mark is dropped only when it is the first thing the bytes of a fresh stream hold (as TextDecoder
 * and the SSE specification do it); anywhere later it is a character like any other. Text given as a string is
 * passed through untouched: each reader decides about a mark at the start of its text.
 */
export interface Utf8Decoder {
  /** Decodes a chunk; strings pass through unchanged. */
  decode(chunk: string | Uint8Array | ArrayBuffer): string;
  /** Flushes a character left incomplete at the end of the input (it becomes U+FFFD). */
  flush(): string;
}

/** A new decoder for one stream. */
export function createUtf8Decoder(): Utf8Decoder {
  let decoder = new TextDecoder('utf-8', { fatal: false });
  // Set once anything has come: a TextDecoder started again after that must keep a mark, not drop it.
  let started = false;
  let pendingBytes = false;
  const restart = () => {
    decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  };
  return {
    decode(chunk) {
      if (typeof chunk === 'string') {
        // Text after bytes: an unfinished character from the bytes can no longer complete. Flushing resets the
        // TextDecoder, which would then drop a mark at the start of the next bytes, so it is replaced.
        if (pendingBytes) {
          pendingBytes = false;
          const rest = decoder.decode();
          restart();
          return rest + chunk;
        }
        if (!started && chunk.length > 0) {
          started = true;
          restart();
        }
        return chunk;
      }
      const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
      if (bytes.length === 0) return '';
      started = true;
      pendingBytes = true;
      return decoder.decode(bytes, { stream: true });
    },
    flush() {
      if (!pendingBytes) return '';
      pendingBytes = false;
      const rest = decoder.decode();
      restart();
      return rest;
    },
  };
}
