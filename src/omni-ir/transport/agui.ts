import { isJsonObject } from '../../stream/jsonLines.js';
import type { TextSink } from '../../transport/textSink.js';
import type { GenerateOutcome } from './generate.js';

/** An AG-UI 1.0 event, as the app's AG-UI client hands it over (only the fields read here are typed). */
export interface AgUiEvent {
  readonly type: string;
  readonly messageId?: string;
  readonly activityType?: string;
  readonly content?: unknown;
  readonly patch?: unknown;
  readonly message?: unknown;
  readonly code?: unknown;
  readonly [field: string]: unknown;
}

/** An event that broke [10.19]; nothing it carried was written. */
export interface AgUiRejection {
  readonly message: string;
  readonly event: AgUiEvent;
}

export interface AgUiReaderOptions {
  sink: TextSink;
  /** Each event refused by [10.19], for the app's logs. */
  onError?(rejection: AgUiRejection): void;
  /** The run ended and the sink was ended. */
  onEnd?(outcome: GenerateOutcome): void;
}

export interface AgUiReader {
  /** Feeds one AG-UI event; events for other activities and other kinds are ignored. */
  handle(event: AgUiEvent): void;
  /** The transport closed without RUN_FINISHED or RUN_ERROR: ends the sink as connection_lost ([10.9]). */
  end(): void;
  readonly ended: boolean;
  readonly outcome: GenerateOutcome | null;
  /** Lines written so far, not counting the version marker. */
  readonly lineCount: number;
}

export const OMNI_ACTIVITY = 'omni-ir';
const VERSION = /^\d+\.\d+$/;

/**
 * Reads an Omni-IR screen carried as an AG-UI activity ([10.18]–[10.20]). The first ACTIVITY_SNAPSHOT of type
 * omni-ir picks the message; its version becomes the version marker on line 1, and every line, from the
 * snapshot or a delta, is written followed by LF. Lines can only be added: any other patch, a value that isn't
 * a one-line string, or a later snapshot that doesn't begin with the lines already received is refused whole.
 * The run's end, however it ends, ends the sink.
 */
export function createAgUiReader(options: AgUiReaderOptions): AgUiReader {
  const { sink } = options;
  let messageId: string | null = null;
  let started = false;
  const received: string[] = [];
  let outcome: GenerateOutcome | null = null;

  const reject = (event: AgUiEvent, message: string) => {
    try {
      options.onError?.({ message, event });
    } catch {
      // A failing logger must not stop the screen.
    }
  };
  const finish = (result: GenerateOutcome) => {
    if (outcome !== null) return;
    outcome = result;
    sink.end();
    options.onEnd?.(result);
  };
  const isLine = (value: unknown): value is string => typeof value === 'string' && !value.includes('\n');
  const writeLines = (lines: readonly string[]) => {
    for (const line of lines) {
      received.push(line);
      sink.write(line + '\n');
    }
  };
  const ours = (event: AgUiEvent): boolean => {
    if (messageId !== null) return event.messageId === messageId;
    return event.activityType === OMNI_ACTIVITY;
  };

  const snapshot = (event: AgUiEvent) => {
    const content = event.content;
    if (!isJsonObject(content) || !Array.isArray(content.lines) || !content.lines.every(isLine)) {
      return reject(event, 'An omni-ir snapshot needs content.lines, a list of one-line strings.');
    }
    const lines = content.lines as string[];
    if (!started) {
      started = true;
      messageId = typeof event.messageId === 'string' ? event.messageId : null;
      // The version travels in content.version; written as line 1 so line numbers match other transports.
      if (typeof content.version === 'string' && VERSION.test(content.version)) sink.write(`# omni-ir ${content.version}\n`);
      return writeLines(lines);
    }
    for (let i = 0; i < received.length; i++) {
      if (lines[i] !== received[i]) return reject(event, 'A later snapshot must begin with the lines already received: lines are never rewritten.');
    }
    writeLines(lines.slice(received.length));
  };

  const delta = (event: AgUiEvent) => {
    if (!started) return reject(event, 'An omni-ir delta arrived before its snapshot.');
    const patch = event.patch;
    if (!Array.isArray(patch)) return reject(event, 'An omni-ir delta needs a patch list.');
    const lines: string[] = [];
    for (const op of patch) {
      if (!isJsonObject(op) || op.op !== 'add' || op.path !== '/lines/-') {
        return reject(event, 'Only {"op": "add", "path": "/lines/-"} may change an omni-ir activity.');
      }
      if (!isLine(op.value)) return reject(event, 'An added line must be a string without a line ending.');
      lines.push(op.value);
    }
    writeLines(lines);
  };

  return {
    handle(event) {
      if (outcome !== null || !isJsonObject(event) || typeof event.type !== 'string') return;
      switch (event.type) {
        case 'ACTIVITY_SNAPSHOT':
          if (ours(event)) snapshot(event);
          return;
        case 'ACTIVITY_DELTA':
          if (ours(event)) delta(event);
          return;
        case 'RUN_FINISHED':
          return finish({ status: 'done' });
        case 'RUN_ERROR':
          return finish({
            status: 'error',
            code: typeof event.code === 'string' && event.code !== '' ? event.code : 'run_error',
            message: typeof event.message === 'string' ? event.message : 'The agent run failed.',
            retryable: false,
          });
        default:
          return;
      }
    },
    end() {
      finish({ status: 'error', code: 'connection_lost', message: 'The run ended without RUN_FINISHED.', retryable: true });
    },
    get ended() {
      return outcome !== null;
    },
    get outcome() {
      return outcome;
    },
    get lineCount() {
      return received.length;
    },
  };
}
