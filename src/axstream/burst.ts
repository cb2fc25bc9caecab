/**
 * A burst: one model reply read as axstream and executed as it streams. The fence reader turns text into
 * actions and dropped lines; the burst controller runs them. Once a barrier is read or the burst ends, later
 * text is still split into lines (it has to be, to know where they end) but never read or run.
 */
import { errorText } from '../stream/errors.js';
import { readSource, type Chunk, type SourceInput } from '../stream/readSource.js';
import { createBurstController, type BurstController, type BurstControllerOptions } from './burstController.js';
import { createFenceReader } from './fenceReader.js';
import { createListeners } from './listeners.js';
import type { BurstOutcome } from './step.js';

/** Options of a burst: the controller's, and the longest line read. */
export interface BurstOptions<Ref = unknown> extends BurstControllerOptions<Ref> {
  /** Longest line read (default AX_LIMITS.maxLineLength). */
  maxLineLength?: number;
}

/** One model reply, read and executed as it streams; what it has run so far is its controller's to tell. */
export interface Burst<Ref = unknown>
  extends Pick<BurstController<Ref>, 'outcome' | 'result' | 'steps' | 'issues' | 'issuesOmitted' | 'onStep' | 'onIssue' | 'onOmitted'> {
  /** Model text, or UTF-8 bytes split anywhere. Ignored once the burst has ended. */
  write(chunk: Chunk): void;
  /**
   * The reply is over. A last line inside the fence without its newline was cut off: it is reported (`cut_off`)
   * and never run. Once the queue drains the burst ends as the reply did: `stream_ended`, `truncated` or `no_fence`.
   */
  end(): void;
  /**
   * Reads a whole source (a Response, a ReadableStream, an async iterable of text or bytes, a string) into the
   * burst and resolves with its outcome. Reading stops as soon as the burst ends. A source that fails stops the
   * burst (`aborted`, with the reason) and rejects with the source's error.
   */
  stream(source: SourceInput): Promise<BurstOutcome<Ref>>;
  /** Stops the burst now: outcome `aborted`. */
  stop(detail?: string): void;
  /** Hears each line outside the fences: what the model says it is doing. */
  onNarration(listener: (text: string, line: number) => void): () => void;
}

/** Creates a burst that executes axstream text against `options.backend` as the text arrives. */
export function createBurst<Ref = unknown>(options: BurstOptions<Ref>): Burst<Ref> {
  const controller = createBurstController(options);
  const narration = createListeners<[string, number]>();
  const reader = createFenceReader(
    {
      action(action, line) {
        controller.push(action, line);
        if (controller.closed) reader.stop();
      },
      dropped(issue) {
        controller.drop(issue);
      },
      fenceClosed() {
        controller.fenceClosed();
      },
      narration(text, line) {
        if (!controller.closed) narration.emit(text, line);
      },
    },
    options.maxLineLength === undefined ? {} : { maxLineLength: options.maxLineLength },
  );
  let ended = false;
  void controller.outcome.then(() => reader.stop());

  const write = (chunk: Chunk) => {
    if (controller.result !== null) return;
    if (ended) throw new Error('write() after end(): the burst has been ended');
    reader.write(chunk);
  };
  const end = () => {
    if (ended) return;
    ended = true;
    if (controller.result === null) reader.end();
    const cut = reader.cutOff;
    controller.end(cut !== null ? { reason: 'truncated', line: cut } : reader.sawFence ? { reason: 'stream_ended' } : { reason: 'no_fence' });
  };

  return {
    write,
    end,
    async stream(source) {
      const reading = new AbortController();
      void controller.outcome.then(() => reading.abort());
      try {
        const how = await readSource(source, write, { signal: reading.signal, caller: 'stream()' });
        if (how === 'ended') end();
      } catch (error) {
        controller.stop(`the source failed: ${errorText(error)}`);
        throw error;
      }
      return controller.outcome;
    },
    stop: (detail) => controller.stop(detail),
    outcome: controller.outcome,
    get result() {
      return controller.result;
    },
    steps: controller.steps,
    issues: controller.issues,
    get issuesOmitted() {
      return controller.issuesOmitted;
    },
    onStep: (l) => controller.onStep(l),
    onIssue: (l) => controller.onIssue(l),
    onOmitted: (l) => controller.onOmitted(l),
    onNarration: (l) => narration.add(l),
  };
}
