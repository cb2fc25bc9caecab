/**
 * The tools in the shapes the common model APIs take: OpenAI function tools (Chat Completions and Responses),
 * Anthropic tools and MCP tool listings. Each has the tool's name, a description written from the action (what
 * it does, when to use it, what must hold first, how long it takes, whether the person confirms) and the
 * action's input schema as an object schema.
 */
import { plainValue } from '../../actions/index.js';
import { modelSchema, strictSchema } from './modelSchema.js';
import type { OUIToolEntry } from './toolNames.js';

/** An OpenAI Chat Completions function tool. */
export interface OpenAIFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}

/** An OpenAI Responses API function tool. */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** True only when `parameters` keeps strict mode's rules (the Responses API takes a tool without it as strict). */
  strict: boolean;
}

/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** An MCP `tools/list` entry. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The whole OUI result (the server's structured content), its `data` the action's declared `output`. */
  outputSchema?: Record<string, unknown>;
  annotations: { title: string };
}

/** Longest tool description written. */
export const MAX_TOOL_DESCRIPTION = 1024;

/** What the model reads about a tool. */
export function ouiToolDescription(tool: OUIToolEntry): string {
  const a = tool.action;
  const lines = [a.description.trim()];
  if (a.usage) lines.push(`When: ${a.usage.trim()}`);
  if (a.preconditions) lines.push(`First: ${a.preconditions.trim()}`);
  if (a.estimatedDuration) lines.push(`Takes: ${a.estimatedDuration.trim()}`);
  if (a.async) lines.push('Starts a job: the first answer tracks it, the final one follows.');
  if (a.confirm) lines.push('The person is asked to confirm before it runs; they may refuse.');
  if (a.output) lines.push(`Returns: ${plainValue(a.output, 400)}`);
  if (a.tags && a.tags.length > 0) lines.push(`Tags: ${a.tags.join(', ')}`);
  const condition = tool.surface.activation?.condition;
  if (condition) lines.push(`Available when: ${condition.trim()}`);
  lines.push(`On: ${tool.surface.name.trim()} (${tool.surfaceId})`);
  const text = lines.join('\n');
  return text.length > MAX_TOOL_DESCRIPTION ? `${text.slice(0, MAX_TOOL_DESCRIPTION - 1)}…` : text;
}

/**
 * The action's input as a root object schema (a fresh copy): `type: "object"` and `properties` always present, a
 * root union offered in the property `input` (see modelSchema.ts).
 */
export function ouiToolParameters(tool: OUIToolEntry): Record<string, unknown> {
  return modelSchema(tool.action.input);
}

/** OpenAI's parameters: strict-ready when the input can be said so (closed objects, optional fields nullable). */
function openAIParameters(tool: OUIToolEntry): { parameters: Record<string, unknown>; strict: boolean } {
  const loose = ouiToolParameters(tool);
  const strict = strictSchema(loose);
  return strict ? { parameters: strict, strict: true } : { parameters: loose, strict: false };
}

/** OpenAI function tools; `api: 'responses'` for the Responses API's flat shape. */
export function openAITools(tools: readonly OUIToolEntry[], api: 'chat' | 'responses' = 'chat'): OpenAIFunctionTool[] | OpenAIResponsesTool[] {
  if (api === 'responses') return tools.map((t) => ({ type: 'function', name: t.name, description: ouiToolDescription(t), ...openAIParameters(t) }));
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: ouiToolDescription(t), ...openAIParameters(t) } }));
}

/** Anthropic tools. */
export function anthropicTools(tools: readonly OUIToolEntry[]): AnthropicTool[] {
  return tools.map((t) => ({ name: t.name, description: ouiToolDescription(t), input_schema: ouiToolParameters(t) }));
}

/**
 * The schema of an OUI result as an MCP server's structured content, `data` being `output`. Definitions of the
 * output move to the root, so its `#/$defs/…` references still resolve.
 */
export function ouiResultSchema(output: Record<string, unknown>): Record<string, unknown> {
  const data = JSON.parse(JSON.stringify(output)) as Record<string, unknown>;
  const defs: Record<string, unknown> = {};
  for (const k of ['$defs', 'definitions']) {
    if (k in data) {
      defs[k] = data[k];
      delete data[k];
    }
  }
  return {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      data,
      error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] },
      requestId: { type: 'string' },
      surfaceId: { type: 'string' },
      actionId: { type: 'string' },
      timestamp: { type: 'number' },
    },
    required: ['success'],
    ...defs,
  };
}

/**
 * MCP tool listings. `answers(surfaceId)` says which pages answer with results: only their actions promise an
 * `outputSchema` (a 0.1.0 page's call answers `{dispatched: true}`, not the output).
 */
export function mcpTools(tools: readonly OUIToolEntry[], answers: (surfaceId: string) => boolean = () => true): McpTool[] {
  return tools.map((t) => {
    const title = `${t.surface.name}: ${t.actionId.replace(/_/g, ' ')}`;
    return {
      name: t.name,
      title,
      description: ouiToolDescription(t),
      inputSchema: ouiToolParameters(t),
      ...(t.action.output && answers(t.surfaceId) ? { outputSchema: ouiResultSchema(t.action.output) } : {}),
      annotations: { title },
    };
  });
}
