/**
 * What a screen hands to each of its nodes: the document, its words and locale, the app's registries, and the
 * few things a node asks the screen to do (edit state, reveal a field message, press a Button, report a crash).
 * One object per screen, handed to each node element as its `screen` property (why a property and not context:
 * `elements/shared/screen/nodeElement.ts`); everything that can change is read through signals.
 */
import type { AppComponentDeclaration, OmniDocument, OmniNode, PropValue, Scalar } from '../../src/omni-ir/index.js';
import type { Strings } from '../../strings/en.js';
import { domIds } from '../shared/screen/domIds.js';
import type { PressNote } from './model/presses.js';

/** A picture the app supplies: from `assets`, or from `resolvePicture` for a family name ([5.30]). */
export interface Picture {
  readonly src: string;
  /** Intrinsic size in CSS pixels; set on the `<img>` so the layout doesn't move while it loads. */
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

/** An app component declaration ([5.27]) with the tag of the app's own custom element that draws it. */
export type AppComponentView = AppComponentDeclaration & { readonly tag: string };

/** Where a governed Button's press is. `idle` until pressed. */
export type ActionPhase = 'idle' | 'checking' | 'running' | 'blocked' | 'changed' | 'unseen' | 'failed' | 'done';

/** A field check result: a key of the words and the values for its placeholders ([8.2]–[8.4]). */
export interface FieldProblem {
  readonly message: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

export interface ScreenContext {
  /** The document drawn now (changes on `reset()`). Reactive. */
  readonly doc: OmniDocument;
  /** The words after the app's replacements. Reactive. */
  readonly words: Strings;
  /** BCP 47 tag for Intl formatting. Reactive. */
  readonly locale: string;
  /** A prop's value with a `$key` replaced by its current value. Reactive. */
  value(prop: PropValue | undefined): Scalar | readonly (string | number)[] | undefined;
  /** The app's picture for a name, or undefined when it has none. */
  picture(name: string): Picture | undefined;
  /** The app's declaration and tag for an app component, if any. */
  appView(type: string): AppComponentView | undefined;
  /** The message a field shows now ([8.5]): only after it was left or a press checked it. Reactive. */
  fieldMessage(node: OmniNode): string | null;
  /** The person edited a field: sets its $key (never during render) and hides a message that now passes. */
  edit(node: OmniNode, value: Scalar): void;
  /** The person left a field: its message shows from now on if it fails ([8.5]). */
  leave(node: OmniNode): void;
  /** The phase of a governed Button's action. Reactive. */
  phase(buttonId: string): ActionPhase;
  /** What a governed Button says beyond its phase (withdrawn, waiting for the server, no answer). Reactive. */
  note(buttonId: string): PressNote | null;
  /** Runs a press through fields → tool and params → confirmation → handler ([9.3]). */
  press(buttonId: string, opener: HTMLElement): void;
  /** A node failed while rendering: report node_crashed (after the render, never during it). */
  crashed(node: OmniNode, error: unknown): void;
}

/** DOM ids inside the screen's shadow root, derived from node ids (unique there: [5.3]). */
export const domId = domIds('omni-');
