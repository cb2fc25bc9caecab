/**
 * Where a client writes the text it receives: a format's parser (Omni-IR's, the op stream's, axstream's), an
 * element's `write()`/`end()`, or anything with the same two methods. `end()` is called once, when the source is
 * over however it ended, so a parser can settle what is still pending.
 */
export interface TextSink {
  write(text: string): void;
  end(): void;
}
