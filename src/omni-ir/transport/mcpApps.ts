import { createMcpAppsInputFeed, type McpAppsInputFeed } from '../../transport/mcpAppsInputFeed.js';
import type { TextSink } from '../../transport/textSink.js';

export interface McpAppsViewOptions {
  /** Makes a fresh parser (or any sink): called for the first input, and again whenever the input is rewritten. */
  createSink(): TextSink;
  /** The tool argument holding the Omni-IR text. Default `screen` ([10.25]). */
  argument?: string;
}

/** An Omni-IR view's input in an MCP Apps host: the generic input feed reading show_screen's argument. */
export type McpAppsView = McpAppsInputFeed;

/**
 * Writes a streamed show_screen argument to an Omni-IR parser ([10.26]): complete lines only, each once, a new
 * parser when the input no longer begins with what was written (a line is never rewritten, [5.3]), and the
 * parser ended when the complete input arrives.
 */
export function createMcpAppsView(options: McpAppsViewOptions): McpAppsView {
  return createMcpAppsInputFeed({ createSink: options.createSink, argument: options.argument ?? 'screen' });
}
