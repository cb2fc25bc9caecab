/**
 * What a morph screen hands each of its node elements: the document and component state it draws, its words
 * and locale, the app's rules (image policy, registered elements), and the few things a node asks the screen
 * to do (send an action, tell of a state change, announce, report a crash). One object per document, set on
 * each node element as it is created, so no node pays for a context look-up.
 */
import type { ComponentState, ComponentStates, MorphAction, OpDocument, OpNode } from '../../src/ops/index.js';
import type { Strings } from '../../strings/en.js';
import type { FormTracker } from './model/formTracker.js';
import type { QuizTracker } from './model/quizTracker.js';
import { domIds } from '../shared/screen/domIds.js';
import type { NodeView as ScreenNodeView } from '../shared/screen/nodeView.js';

export interface MorphContext {
  /** The document drawn now. Replaced on `reset()`, with a new context. */
  readonly doc: OpDocument;
  /** Component state of this document (signals: reading it tracks it). */
  readonly states: ComponentStates;
  /** Form fields' device values and whether a send was tried. */
  readonly forms: FormTracker;
  /** The words after the app's replacements (not tracked: the screen redraws every node when they change). */
  readonly words: Strings;
  /** BCP 47 tag for numbers. */
  readonly locale: string;
  /** Whether the app's image policy lets this image load (tracked: redrawn when the policy changes). */
  imageAllowed(src: string): boolean;
  /** Whether this image already failed to load in this answer (tracked: every picture of it draws its words). */
  imageFailed(src: string): boolean;
  /** An image failed to load: it is drawn as its words from now on. */
  imageBroke(src: string): void;
  /** The tag of the app's own element for a component name, if it registered one (tracked). */
  appTag(type: string): string | undefined;
  /** Sends an action the person's tap made (the `morph-action` event, then the app's `respond` hook). */
  act(action: MorphAction): void;
  /** Quiz answers and the quiz action. */
  readonly quizzes: QuizTracker;
  /** The person changed a component's state (after it was set in `states`): `morph-state` goes out. */
  stateChanged(id: string): void;
  /** Says `words` politely to assistive technology. */
  announce(words: string): void;
  /** Shows an element inside closed Tabs or Details, then focuses it. */
  reveal(el: HTMLElement): Promise<void>;
  /** A node failed while drawing: reported once, after the render. */
  crashed(node: OpNode, error: unknown): void;
  /**
   * Something a view changed in what it shows (a chart's value that couldn't be read): a warning `morph-issue` of
   * origin `element`, sent after the render. The view says each thing once.
   */
  noted(node: OpNode, code: string, message: string): void;
}

/** The element a node draws in: a view may keep memory on it across renders and ask it to draw again. */
export type { NodeHost } from '../shared/screen/nodeView.js';

/** How one node type or component looks. Its styles sit beside it. */
export type NodeView = ScreenNodeView<OpNode, MorphContext>;

/** A component state as the person left it, or null for a node without one. */
export type StateOf = ComponentState | null;

/**
 * DOM ids inside the screen's shadow root, from node ids (unique within one document). A screen's document is
 * only ever one at a time in its root, so these never collide.
 */
export const domId = domIds('m-');
