// Plays a text into a sink at a chosen number of characters a second, as a model would write it: play, pause,
// and start over. Time, not ticks, decides how much is written, so a busy page writes bigger slices, not slower.

export type FeederState = 'idle' | 'playing' | 'paused' | 'done';

export interface FeederOptions {
  /** The text to play, read when playing starts from the beginning. */
  text(): string;
  /** Characters a second, read on every tick (the slider may move while it plays). */
  speed(): number;
  write(chunk: string): void;
  end(): void;
  /** Called after every change: how far it got, of how much, and the state. */
  changed(position: number, total: number, state: FeederState): void;
}

/** How often a slice is written. Small enough to look continuous, large enough to stay cheap. */
const TICK_MS = 40;

export function createFeeder(options: FeederOptions) {
  let state: FeederState = 'idle';
  let text = '';
  let position = 0;
  let carry = 0;
  let last = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const report = () => options.changed(position, text.length, state);
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  function tick(): void {
    const now = performance.now();
    carry += (options.speed() * (now - last)) / 1000;
    last = now;
    const count = Math.floor(carry);
    if (count > 0) {
      carry -= count;
      const chunk = text.slice(position, position + count);
      position += chunk.length;
      if (chunk) options.write(chunk);
    }
    if (position >= text.length) {
      stopTimer();
      state = 'done';
      options.end();
    }
    report();
  }

  return {
    get state(): FeederState {
      return state;
    },
    play(): void {
      if (state === 'playing') return;
      if (state === 'idle' || state === 'done') {
        text = options.text();
        position = 0;
        carry = 0;
      }
      state = 'playing';
      last = performance.now();
      timer = setInterval(tick, TICK_MS);
      report();
    },
    pause(): void {
      if (state !== 'playing') return;
      stopTimer();
      state = 'paused';
      report();
    },
    reset(): void {
      stopTimer();
      state = 'idle';
      text = options.text();
      position = 0;
      carry = 0;
      report();
    },
  };
}
