/**
 * The screen's parser and the registries it was made with. The registries go to the parser when it starts:
 * changed before any text was written, the parser starts over with them (nobody can tell the difference);
 * after that it keeps the ones it started with until `reset()`.
 */
import {
  createOmniParser,
  type AppComponentDeclaration,
  type Issue,
  type OmniDocument,
  type OmniParser,
  type PictureFamily,
} from '../../../src/omni-ir/index.js';
import type { AppComponentView } from '../screenContext.js';

export interface Registries {
  readonly tools: Readonly<Record<string, unknown>>;
  readonly assets: Readonly<Record<string, unknown>>;
  readonly components: Readonly<Record<string, AppComponentView>>;
  readonly pictures: readonly PictureFamily[];
}

export class ScreenParser {
  #parser: OmniParser | null = null;
  #made: readonly unknown[] = [];
  #unsubscribe: (() => void) | null = null;
  #written = false;

  constructor(
    private readonly registries: () => Registries,
    private readonly onIssue: (issue: Issue) => void,
    private readonly onDocument: (doc: OmniDocument) => void,
  ) {}

  /** The parser now, if one was made. */
  get current(): OmniParser | null {
    return this.#parser;
  }

  /** The parser to write to; marks the screen as written, so the registries are fixed from now on. */
  forText(): OmniParser {
    if (this.stale()) this.#parser = null;
    this.#written = true;
    return this.ensure();
  }

  /** The registries changed since the parser was made and nothing was written yet: it will start over. */
  stale(): boolean {
    if (!this.#parser || this.#written) return false;
    const now = values(this.registries());
    return now.some((v, i) => v !== this.#made[i]);
  }

  /** Forgets the parser; the next `ensure()` makes a new one with the registries of that moment. */
  reset(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#parser = null;
    this.#written = false;
  }

  ensure(): OmniParser {
    if (this.#parser) return this.#parser;
    const reg = this.registries();
    const declarations: Record<string, AppComponentDeclaration> = {};
    for (const [name, view] of Object.entries(reg.components ?? {})) {
      if (!view || typeof view !== 'object') continue;
      const { tag: _tag, ...declaration } = view;
      declarations[name] = declaration;
    }
    const parser = createOmniParser({
      tools: Object.keys(reg.tools ?? {}),
      assets: Object.keys(reg.assets ?? {}),
      components: declarations,
      pictures: reg.pictures ?? [],
    });
    this.#unsubscribe?.();
    this.#unsubscribe = parser.onIssue(this.onIssue);
    this.#parser = parser;
    this.#made = values(reg);
    this.onDocument(parser.document);
    return parser;
  }
}

const values = (r: Registries): unknown[] => [r.tools, r.assets, r.components, r.pictures];
