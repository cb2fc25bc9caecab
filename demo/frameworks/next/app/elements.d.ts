// The tags in TSX, typed from the elements' own classes and events. agentic-elements does not ship JSX types
// yet (issue 12); until it does, an app declares the tags it uses, as here.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AxEndEvent, AxRunnerElement, MorphActionEvent, MorphScreenElement, OmniActionEvent, OmniScreenElement, OUIResultEvent, OUISurfaceElement } from 'agentic-elements';

type Tag<E, Props extends keyof E, Events> = DetailedHTMLProps<HTMLAttributes<E>, E> & Partial<Pick<E, Props>> & Events;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'omni-screen': Tag<OmniScreenElement, 'theme' | 'tools' | 'assets' | 'confirm' | 'handler', { 'onomni-action'?: (e: OmniActionEvent) => void }>;
      'oui-surface': Tag<OUISurfaceElement, 'surface' | 'handlers' | 'transport', { 'onoui-result'?: (e: OUIResultEvent) => void }>;
      'ax-runner': Tag<AxRunnerElement, 'theme' | 'policy', { 'onax-end'?: (e: AxEndEvent) => void }>;
      'morph-screen': Tag<MorphScreenElement, 'theme' | 'respond', { 'onmorph-action'?: (e: MorphActionEvent) => void }>;
    }
  }
}
