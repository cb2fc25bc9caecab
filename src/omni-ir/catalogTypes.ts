/**
 * The shape of the generated catalog (catalog.generated.ts): a compact description of every prop, read by the
 * hand-written checks in props.ts. No JSON Schema reaches the parser.
 */
import type { IssueCode } from './types.js';

/** What a prop accepts. `st`: also a $key; `n`: a text prop that also takes a number. Lengths in UTF-16 units. */
export type PropDesc =
  | { k: 'text'; min?: number; max: number; st?: 1; n?: 1 }
  | { k: 'pat'; re: string; max?: number; st?: 1 }
  | { k: 'enum'; v: readonly (string | number)[]; st?: 1 }
  | { k: 'int'; min?: number; max?: number; st?: 1 }
  | { k: 'num'; min?: number; max?: number; st?: 1 }
  | { k: 'bool'; st?: 1 }
  | { k: 'img'; max: number; st?: 1 }
  | { k: 'ch'; max: number; st?: 1 }
  | { k: 'texts'; min?: number; max: number; imin?: number; imax: number; st?: 1 }
  | { k: 'nums'; min?: number; max: number; st?: 1 }
  | { k: 'cells'; min?: number; max: number; imax: number; st?: 1 }
  /** The $key a field edits; `h` is what that state must hold. */
  | { k: 'bind'; h: Holds; st?: 1 };

/**
 * What an edited $key must hold: text ([5.12], [5.20]), a YYYY-MM-DD date or "" ([5.19]), true or false
 * ([5.20]); the `?` forms are an app component's, which also allow null ([5.28]).
 */
export type Holds = 'text' | 'date' | 'boolean' | 'text?' | 'number?' | 'boolean?';

export interface ComponentSpec {
  /** Positional props, in order. */
  p: readonly string[];
  /** Required props. */
  r: readonly string[];
  d: Readonly<Record<string, PropDesc>>;
  /** Cross-prop rules: [a, b] means a ≤ b when both are numbers; a third item is b's default. */
  x?: readonly (readonly [string, string] | readonly [string, string, number])[];
}

export interface Group {
  parents: readonly string[];
  child: string;
  code: IssueCode;
  /** [parent prop, child prop]: the lists must have the same length. */
  count?: readonly [string, string];
}

export interface Catalog {
  format: string;
  root: string;
  limits: {
    lineLength: number;
    text: number;
    children: number;
    idLength: number;
    stateKeyLength: number;
    toolNameLength: number;
    actionNameLength: number;
    tableColumns: number;
    chartLabels: number;
    chartSeries: number;
    chartSlices: number;
    nestingDepth: number;
    components: number;
    stateKeys: number;
  };
  reserved: readonly string[];
  fields: readonly string[];
  groups: readonly Group[];
  mutation: {
    p: readonly string[];
    r: readonly string[];
    target: { max: number };
    tool: { re: string; max: number };
    params: { keyMax: number; text: number };
  };
  components: Readonly<Record<string, ComponentSpec>>;
}
