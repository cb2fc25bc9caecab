/**
 * The small element a screen draws one node in (`<omni-node>`, `<morph-node>`), as a view sees it: memory that
 * lasts across renders (the open tab, an app's element) and a way to draw again.
 */
export interface NodeHost extends HTMLElement {
  readonly local: Map<string, unknown>;
  requestUpdate(): void;
  readonly updateComplete: Promise<boolean>;
}
