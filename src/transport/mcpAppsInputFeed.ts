import { isJsonObject } from '../stream/jsonLines.js';
import type { TextSink } from './textSink.js';

/** The MCP Apps notification carrying a tool's argument as the host's model writes it so far. */
export const TOOL_INPUT_PARTIAL = 'ui/notifications/tool-input-partial';
/** The MCP Apps notification carrying a tool's complete arguments. */
export const TOOL_INPUT = 'ui/notifications/tool-input';

/** Where the feed writes, and which tool argument it reads. */
export interface McpAppsInputFeedOptions {
  /** Makes a fresh parser (or any sink): called for the first input, and again whenever the input is rewritten. */
  createSink(): TextSink;
  /** The tool argument holding the text (Omni-IR's show_screen calls it `screen`). */
  argument: string;
}

/** A tool argument streamed by an MCP Apps host, fed to a line-based reader as text. */
export interface McpAppsInputFeed {
  /** Text so far, from ui/notifications/tool-input-partial: only its complete lines are written, each once. */
  partial(text: string): void;
  /** The whole argument, from ui/notifications/tool-input: the rest is written and the sink ended. */
  complete(text: string): void;
  /** Routes an MCP Apps notification by its method; other methods and malformed params are ignored. */
  handleNotification(method: string, params: unknown): void;
  /** The sink now being written, null before the first input. */
  readonly sink: TextSink | null;
  /** The complete input arrived: one view shows one tool call, so later input is ignored. */
  readonly done: boolean;
}

/**
 * Writes a streamed tool argument to a line-based reader ([10.26] for Omni-IR). Partial inputs grow as the
 * host's model writes, and may be re-derived from partial JSON, so only complete lines are written, and only
 * while the new text begins with what was written; if it doesn't, a line would have to be rewritten, which no
 * line-based format allows, so the feed starts over with a new sink.
 */
export function createMcpAppsInputFeed(options: McpAppsInputFeedOptions): McpAppsInputFeed {
  const { argument } = options;
  let sink: TextSink | null = null;
  let written = '';
  let done = false;

  const current = (text: string): TextSink => {
    if (sink === null || !text.startsWith(written)) {
      sink = options.createSink();
      written = '';
    }
    return sink;
  };

  const feed: McpAppsInputFeed = {
    partial(text) {
      if (done || typeof text !== 'string') return;
      const target = current(text);
      const complete = text.slice(0, text.lastIndexOf('\n') + 1);
      if (complete.length > written.length) {
        target.write(complete.slice(written.length));
        written = complete;
      }
    },
    complete(text) {
      if (done || typeof text !== 'string') return;
      done = true;
      const target = current(text);
      if (text.length > written.length) target.write(text.slice(written.length));
      written = text;
      target.end();
    },
    handleNotification(method, params) {
      if (method !== TOOL_INPUT_PARTIAL && method !== TOOL_INPUT) return;
      const args = isJsonObject(params) && isJsonObject(params.arguments) ? params.arguments : null;
      const text = args ? args[argument] : undefined;
      if (typeof text !== 'string') return;
      if (method === TOOL_INPUT) feed.complete(text);
      else feed.partial(text);
    },
    get sink() {
      return sink;
    },
    get done() {
      return done;
    },
  };
  return feed;
}
