// Types for registry.mjs, so TypeScript tests and tools can import the demo's registry.
import type { PictureFamily } from '../../src/omni-ir/types.js';

export interface DemoTool {
  readonly description: string;
  /** Only for a person with a session. */
  readonly signIn: boolean;
  /** The confirmation sentence ([9.1]), `{param}` placeholders filled as plain text. */
  readonly confirm?: string;
  /** JSON Schema (draft 2020-12) of the params: always an object schema. */
  readonly schema: DemoSchema;
}

export interface DemoSchema {
  readonly type: 'object';
  readonly additionalProperties: boolean;
  readonly required: readonly string[];
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export interface DemoAsset {
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

export declare const COUNTRIES: readonly string[];
export declare const LANGUAGES: readonly string[];
export declare const tools: {
  readonly 'payments.confirm': DemoTool;
  readonly 'auth.sendMagicLink': DemoTool;
  readonly 'orders.requestReturn': DemoTool;
  readonly 'settings.save': DemoTool;
};
export declare const assets: Readonly<Record<'parcel' | 'cafe' | 'card' | 'key' | 'chart' | 'gear', DemoAsset>>;
export declare const pictures: readonly PictureFamily[];
export declare function registryJson(): {
  tools: Record<string, DemoSchema>;
  confirm: Record<string, string>;
  about: Record<string, { description: string; signIn: boolean }>;
  assets: Readonly<Record<string, DemoAsset>>;
  pictures: readonly PictureFamily[];
};
export declare function parserRegistries(): { tools: string[]; assets: string[]; pictures: readonly PictureFamily[] };
