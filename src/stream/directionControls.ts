/**
 * Text from a stream is shown as text, and text that shows one thing while it says another is a way to deceive:
 * a right-to-left override (U+202E) makes a Badge whose text is "evil" show "live", while assistive technology,
 * logs and the backend read "evil"; an isolate or embedding can swap groups of digits in an account number.
 * A model writing a screen has no need of these invisible controls (the renderer lays out right-to-left text
 * itself, and isolates each run of stream text), so every place that shows stream text removes them first.
 *
 * Removed: the embeddings and overrides U+202A–U+202E (LRE, RLE, PDF, LRO, RLO) and the isolates U+2066–U+2069
 * (LRI, RLI, FSI, PDI), paired or not. The marks (LRM, RLM, ALM) stay: they only nudge neutral characters, and
 * right-to-left writing needs them. The value itself is never changed, only what is shown.
 */
const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const ALL_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` without direction embeddings, overrides and isolates (the same string when it has none). */
export function withoutDirectionControls(text: string): string {
  return CONTROLS.test(text) ? text.replace(ALL_CONTROLS, '') : text;
}
