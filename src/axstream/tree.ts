/**
 * The abstract accessibility tree targets are resolved against and observations are written from. It is all the
 * engine knows of a screen: the page backend builds it from the DOM, a remote backend from a desktop's AX API,
 * a test from a list. Flat, in document order, because that is the order ties are broken in and the order an
 * observation lists elements; `depth` keeps the nesting for display only.
 */

/** One element. `Ref` is whatever the backend uses to find it again (a DOM element, a remote handle). */
export interface AxNode<Ref = unknown> {
  /**
   * The id the observation shows (`e12`), for elements a model may target by id. A backend keeps an element's id
   * for as long as the element lives, so an id from an older observation still finds it in the live tree.
   */
  readonly id?: string;
  /** ARIA role (`button`), or an AX role (`AXButton`) from a desktop; compared through roles.ts either way. */
  readonly role: string;
  /** The accessible name. */
  readonly name: string;
  /** The current value of a field, slider or select. */
  readonly value?: string;
  /** States worth telling the model: `checked`, `disabled`, `expanded`, `selected`, `focused`, `required`… */
  readonly states?: readonly string[];
  /** Nesting level from 0, for indenting an observation. */
  readonly depth?: number;
  /**
   * Where activating it sends the person or their data, when the backend knows: a link's address, or the form a
   * submit button sends (for a field: the form Enter in it sends). An approval names it, and an approved step
   * stops when it changed.
   */
  readonly destination?: AxDestination;
  /** The backend's handle; the engine never looks inside it. */
  readonly ref: Ref;
}

/** Where activating an element leads: `link` opens `url`; `form` sends a form to `url`. */
export interface AxDestination {
  readonly kind: 'link' | 'form';
  /** The absolute address. */
  readonly url: string;
  /** The form's accessible name, when it has one. */
  readonly form?: string;
}

/** A snapshot of the screen: elements in document order. */
export type AxTree<Ref = unknown> = readonly AxNode<Ref>[];
