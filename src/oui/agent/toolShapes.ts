/**
 * The tools in the shapes the common model APIs take: OpenAI function tools (Chat Completions and Responses),
 * Anthropic tools and MCP tool listings. Each has the tool's name, a description written from the action (what
 * it does, when to use it, what must hold first, how long it takes, whether the person confirms) and the
 * action's input schema as an object schema.
 */
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

/** MCP tool listings. */
export function mcpTools(tools: readonly OUIToolEntry[]): McpTool[] {
  return tools.map((t) => ({
    name: t.name,
    title: `${t.surface.name}: ${t.actionId.replace(/_/g, ' ')}`,
    description: ouiToolDescription(t),
    inputSchema: ouiToolParameters(t),
  }));
}
