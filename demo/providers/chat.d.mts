// Types for chat.mjs, so TypeScript tests and tools can use the axstream model adapters.
import type { ChatMessage, ChatModel } from '../../src/axstream/agent.js';

export interface ChatAdapterOptions {
  apiKey: string;
  /** The API's origin, with any path prefix a proxy needs. */
  baseUrl?: string;
  model?: string;
  maxTokens?: number;
  fetch?: (input: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<Response>;
  idleTimeoutMs?: number;
}

/** A chat model that also says which provider and model it is. */
export type NamedChatModel = ChatModel & { readonly provider: 'anthropic' | 'openai'; readonly modelName: string };

export declare function createAnthropicChat(options: ChatAdapterOptions): NamedChatModel;
export declare function createOpenAIChat(options: ChatAdapterOptions): NamedChatModel;
export declare function anthropicConversation(messages: readonly ChatMessage[]): {
  system: string;
  turns: { role: 'user' | 'assistant'; content: string }[];
};
export declare function chatFromEnv(
  env?: Record<string, string | undefined>,
  options?: Pick<ChatAdapterOptions, 'fetch' | 'idleTimeoutMs' | 'maxTokens'>,
): NamedChatModel | null;
