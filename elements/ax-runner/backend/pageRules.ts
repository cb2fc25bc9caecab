/**
 * The page backend's rules, as two parts: where an action may go (the scope, the package's own UI, the origins a
 * form or a link may reach), and where it lands (the element a target names or a point hits, shown, enabled,
 * focused, and named as an approval names it). Every refusal is an Error whose message the model is told.
 */
import { ActivationChanged, observationLine, type AxNode, type Resolved } from '../../../src/axstream/index.js';
import { bringIntoView, centreOf, deepActiveElement, deepElementFromPoint } from './dom.js';
import { keyTarget } from './keyboard.js';
import { roleOf } from './nodeInfo.js';
import { isOwnUi } from '../../shared/base/ownUi.js';
import { checkOpen } from './openPolicy.js';
import { hitWithin, type Point } from './pointer.js';
import type { PageTree } from './pageTree.js';
import { destinationOf, submissionUrl, type Reach } from './reach.js';

export const outsideScope = 'outside the part of the page the assistant may act in';
// The package's own UI is never the agent's to use: it is left out of the tree, of targets and of what a hit may be.
export const forPerson = 'shown for the person (a confirmation, an assistant’s log), which an assistant never uses';

/** Describes an element for an error: `e12 button "Save"`. */
export function said(node: AxNode): string {
  return observationLine({ ...node, states: [] }, 60);
}

/** Where an action may go. */
export interface PageRules {
  /** True when the backend may act on `el`: inside the scope and not excluded. */
  allows(el: Element): boolean;
  /** Why an element may not be acted on, in words. */
  notAllowed(el: Element): string;
  /** Refuses a form submission outside the scope, or to an origin that isn't allowed. Null when it may go. */
  submissionRefusal(form: HTMLFormElement, submitter: Element | null): string | null;
  /** Refuses, before anything happens, an action whose reach leaves the scope, or sends a form or the person where they may not go. */
  checkReach(reach: Reach): void;
  /**
   * Submissions and resets while an action runs, held to the same rules as the runner's own: a step judged to send
   * a form to `judged` (its whole address) sends none elsewhere, whatever the page changed on the way (a
   * `formaction` set on pointerdown).
   */
  guardForms(judged: string | undefined): { refused: Error[]; stop(): void };
}

export function createPageRules(tree: PageTree, origins: () => ReadonlySet<string>): PageRules {
  const allows = (el: Element) => tree.inScope(el);

  const submissionRefusal = (form: HTMLFormElement, submitter: Element | null): string | null => {
    if (!allows(form)) return `it would submit a form ${outsideScope}`;
    if (submitter && !allows(submitter)) return `it would submit a form through a button ${outsideScope}`;
    const text = submissionUrl(form, submitter);
    let url: URL;
    try {
      url = new URL(text, document.baseURI);
    } catch {
      return 'the form would be sent to an address that is not valid';
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return `the form would be sent to a ${url.protocol} address, which is never allowed`;
    if (!origins().has(url.origin)) return `the form would be sent to ${url.origin}, which this page does not allow`;
    return null;
  };

  /** A link that leads off the allowed origins is not followed: the click is refused before it is made. */
  const checkLink = (link: HTMLAnchorElement | HTMLAreaElement) => {
    const url = link.href;
    if (!/^https?:/i.test(url)) return;
    const check = checkOpen(url, origins(), document.baseURI);
    if (!check.ok) throw new Error(`the link leads to ${check.error.replace(/ is not an origin this page allows$/, ', which this page does not allow')}`);
  };

  return {
    allows,
    notAllowed: (el) => (isOwnUi(el) ? `among the controls ${forPerson}` : outsideScope),
    submissionRefusal,
    checkReach(reach) {
      for (const [el, what] of reach.touches) if (!allows(el)) throw new Error(`it would ${what} ${outsideScope}`);
      if (reach.submits) {
        const why = submissionRefusal(reach.submits.form, reach.submits.submitter);
        if (why) throw new Error(why);
      }
      if (reach.follows) checkLink(reach.follows);
    },
    guardForms(judged) {
      const refused: Error[] = [];
      const onSubmit = (event: Event) => {
        const form = event.target;
        if (!(form instanceof HTMLFormElement)) return;
        const submitter = (event as SubmitEvent).submitter;
        const why = event.type === 'reset' ? (allows(form) ? null : `it would reset a form ${outsideScope}`) : submissionRefusal(form, submitter);
        const url = event.type === 'submit' ? submissionUrl(form, submitter) : judged;
        if (why === null && (judged === undefined || url === judged)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        refused.push(why === null ? new ActivationChanged(`the form would have been sent to ${url} rather than ${judged}`) : new Error(why));
      };
      window.addEventListener('submit', onSubmit, true);
      window.addEventListener('reset', onSubmit, true);
      return {
        refused,
        stop: () => {
          window.removeEventListener('submit', onSubmit, true);
          window.removeEventListener('reset', onSubmit, true);
        },
      };
    },
  };
}

/** Where an action lands. */
export interface PageLanding {
  /** The element a target names or a point hits, checked to be in scope (not yet scrolled to or measured). */
  elementOf(where: Resolved<Element> | undefined, what: string): Element;
  /** The element and point an action lands on, checked: shown, in scope, not the runner. */
  land(where: Resolved<Element> | undefined, what: string): { el: Element; at: Point };
  refuseDisabled(el: Element, node: Resolved<Element> | undefined): void;
  /**
   * The element a key or text goes to, checked: something in scope has focus. Keys may go to the page's body only
   * when the scope is the whole document: with an element scope they would reach the page's own shortcuts.
   */
  focused(what: string, needFocus: boolean): HTMLElement;
  /** The node of an element as an approval names it and a check compares it: role, name and destination now. */
  nodeNow(el: Element): AxNode<Element>;
  withDestination(node: AxNode<Element>): AxNode<Element>;
}

export function createPageLanding(tree: PageTree, rules: PageRules, scope: () => Element | Document): PageLanding {
  const { allows, notAllowed } = rules;
  const elementOf = (where: Resolved<Element> | undefined, what: string): Element => {
    if (!where) throw new Error(`${what} has no target`);
    if (where.kind === 'point') {
      const hit = deepElementFromPoint(where.x, where.y);
      if (!hit) throw new Error(`nothing is at (${where.x}, ${where.y}) in the visible page`);
      if (!allows(hit)) throw new Error(`(${where.x}, ${where.y}) is ${notAllowed(hit)}`);
      return hit;
    }
    const el = where.node.ref;
    if (!(el instanceof Element)) throw new Error('the target is not an element of this page');
    if (!allows(el)) throw new Error(`${said(where.node)} is ${notAllowed(el)}`);
    return el;
  };
  const withDestination = (node: AxNode<Element>): AxNode<Element> => {
    const destination = node.role === 'text' ? undefined : destinationOf(node.ref);
    return destination === undefined ? node : { ...node, destination };
  };
  return {
    elementOf,
    land(where, what) {
      const el = elementOf(where, what);
      if (where!.kind === 'point') return { el, at: { x: where!.x, y: where!.y } };
      if (!tree.isShown(el)) throw new Error(`${said(where!.node)} is no longer shown on the page`);
      bringIntoView(el);
      const at = centreOf(el);
      // A confirmation (or other UI of the package) over the element takes the person's click there: not the agent's.
      const over = deepElementFromPoint(at.x, at.y);
      if (over && isOwnUi(over)) throw new Error(`${said(where!.node)} is covered by a control ${forPerson}`);
      return { el: hitWithin(el, at), at };
    },
    refuseDisabled(el, node) {
      const control = el.closest('button, input, select, textarea, option, fieldset') ?? el;
      if (control.matches(':disabled') || el.closest('[aria-disabled="true"]')) {
        throw new Error(`${node?.kind === 'element' ? said(node.node) : 'the element'} is disabled`);
      }
    },
    focused(what, needFocus) {
      const target = keyTarget();
      const nothing = target === document.body || target === document.documentElement;
      if (nothing) {
        if (needFocus) throw new Error(`nothing has focus to ${what}: click the field first`);
        if (scope() instanceof Document) return target;
        throw new Error(`nothing inside the part of the page the assistant may act in has focus, so the keys would reach the whole page: click inside it first`);
      }
      if (!allows(target)) throw new Error(`focus is ${notAllowed(target)}, so it can't ${what}`);
      return target;
    },
    nodeNow(el) {
      const node = tree.nodeOf(el, roleOf(el) ?? 'generic', 'interactive', deepActiveElement()) ?? { role: roleOf(el) ?? 'generic', name: '', ref: el };
      return withDestination(node);
    },
    withDestination,
  };
}

/** What the page backend's parts share. */
export interface PageParts {
  readonly tree: PageTree;
  readonly rules: PageRules;
  readonly landing: PageLanding;
  scope(): Element | Document;
  origins(): ReadonlySet<string>;
}
