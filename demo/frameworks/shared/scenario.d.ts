// Types of scenario.js for the TypeScript examples. Structural on purpose (no import of agentic-elements), so this
// file checks the same way from every example's own node_modules.
export declare const PAYMENT_SCREEN: string;
export declare const tools: Record<string, { type: 'object'; [key: string]: unknown }>;
export declare const confirm: Record<string, (params: Readonly<Record<string, unknown>>) => string>;
export declare const tipSurface: {
  id: string;
  name: string;
  description: string;
  actions: { id: string; description: string; input: { type: 'object'; [key: string]: unknown } }[];
};
export declare const FILL_REPLY: string;
export declare const QUIZ_ANSWER: string;
export declare function quizReply(score: number, total: number): string;
export declare function paced(text: string, msPerLine?: number): AsyncGenerator<string>;
