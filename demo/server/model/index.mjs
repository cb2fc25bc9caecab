// The demo's embedded scripted model: it "answers" a prompt with one of its recorded screens, streamed in
// pieces of random size at a model's pace, so the page shows a screen growing line by line exactly as it would
// with a real model. The server, not the model, writes the version marker ([10.13]).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));

/** Each recorded screen: its Omni-IR text and whether the app keeps it current (a live feed, [10.36]). */
export const screens = Object.fromEntries(
  [
    ['payment', false],
    ['signin', false],
    ['order', true],
    ['dashboard', true],
    ['settings', false],
    ['menu', false],
  ].map(([name, live]) => [name, { name, live, text: readFileSync(join(here, 'screens', `${name}.omni`), 'utf8') }]),
);

/** Keywords a prompt is matched against, in order; the first match wins, else the menu of what it can do. */
const KEYWORDS = [
  ['signin', /\b(sign(ing)?[ -]?(me )?in|log[ -]?in|login|magic link)\b/i],
  ['order', /\b(orders?|track(ing)?|deliver(y|ed)?|parcel|package|shipping|shipment|return)\b/i],
  ['dashboard', /\b(sales|dashboard|revenue|charts?|kpis?)\b/i],
  ['settings', /\b(settings?|profile|preferences|account)\b/i],
  ['payment', /\b(pay(ment)?s?|checkout|card|bill)\b/i],
];

export function pickScreen(prompt) {
  for (const [name, pattern] of KEYWORDS) if (pattern.test(prompt)) return screens[name];
  return screens.menu;
}

export const MODEL_NAME = 'demo-scripted';

/**
 * Cuts text into pieces of `min`–`max` UTF-16 code units, never between the two halves of a surrogate pair, so
 * every piece is valid text on its own.
 */
export function chunkText(text, { min = 3, max = 40, random = Math.random } = {}) {
  const pieces = [];
  let i = 0;
  while (i < text.length) {
    let end = Math.min(text.length, i + min + Math.floor(random() * (max - min + 1)));
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end++;
    pieces.push(text.slice(i, end));
    i = end;
  }
  return pieces;
}

/**
 * The scripted model. `start(prompt)` returns which live feed the screen gets (its name, or null) and its text
 * in pieces. `pace` {min, max} is the wait between pieces in milliseconds (null: none, for tests); `signal`
 * stops it.
 */
export const scriptedModel = {
  name: MODEL_NAME,
  start(prompt, { pace = { min: 20, max: 60 }, chunk = { min: 3, max: 40 }, signal } = {}) {
    const screen = pickScreen(prompt);
    return { screen: screen.name, text: screen.text, live: screen.live ? screen.name : null, chunks: pieces(screen.text, { pace, chunk, signal }) };
  },
};

async function* pieces(text, { pace, chunk, signal }) {
  for (const piece of chunkText(text, chunk)) {
    if (signal?.aborted) return;
    if (pace) await sleep(pace.min + Math.random() * (pace.max - pace.min), signal);
    if (signal?.aborted) return;
    yield piece;
  }
}

function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
