/**
 * How risky a step is in the app's eyes, beside the model's own marking (which nothing here lowers). In order:
 *
 * 1. the app's `riskOf(element, action)`, when it answers `risky` or `safe`: the app's code has the last word;
 * 2. `data-ax-risk="risky"` on the element hit, the control it activates, an ancestor of either, or anything the
 *    step reaches (a label's control, the form a button submits): markup only raises, since a page may carry
 *    markup a third party wrote;
 * 3. built in: a step that submits a form, leaves the page (a link or `open` to another document), or types into
 *    a secret field is risky.
 */
import type { ActAction, Risk } from '../../../src/axstream/index.js';
import { composedClosest } from './dom.js';
import type { Reach } from './reach.js';

/**
 * The app's say on a step: `element` is what it acts on (the focused element for keys and typing; null for
 * `open`, `wait` and points on nothing). `risky` asks first, `safe` runs it without the built-in escalation
 * (never lowering the model's own `risky`); anything else leaves it to the markup and the built-in rules.
 */
export type RiskOf = (element: Element | null, action: ActAction) => Risk | null | undefined | void;

/** What the page backend found out about a step, for its risk. */
export interface RiskFacts {
  /** What `riskOf` is given: the control a pointer step activates (else the element hit), the focused element for keys. */
  readonly element: Element | null;
  /** The element a pointer step hits (inside the named one, or under a point), or the focused one. */
  readonly hit?: Element | null;
  /** The control the step activates (the button a click's hit presses, the default button Enter in a field presses). */
  readonly control?: Element | null;
  readonly reach: Reach | null;
  /** It goes to another document: a link or `open` to another address (not a fragment of this page). */
  readonly leaves: boolean;
  /** It types into a secret field. */
  readonly secret: boolean;
}

const MARKED = '[data-ax-risk="risky"]';

/** True when `url` is another document than this one: only a fragment of this page's own address stays. */
export function leavesPage(url: string): boolean {
  let there: string;
  try {
    there = new URL(url, document.baseURI).href;
  } catch {
    return true;
  }
  const hash = there.indexOf('#');
  if (hash === -1) return true;
  const here = location.href.split('#')[0];
  return there.slice(0, hash) !== here;
}

/** The step's risk in the app's eyes: `risky`, `safe` (the app's riskOf said so), or undefined (nothing to say). */
export function pageRisk(action: ActAction, facts: RiskFacts, riskOf: RiskOf | undefined): Risk | undefined {
  if (riskOf) {
    let said: unknown;
    try {
      said = riskOf(facts.element, action);
    } catch (error) {
      // The app's rule broke: asking is the safe side.
      reportError(error);
      return 'risky';
    }
    if (said === 'risky' || said === 'safe') return said;
  }
  const reached = [facts.element, facts.hit, facts.control, ...(facts.reach?.touches.map(([el]) => el) ?? [])];
  for (const el of reached) if (el && composedClosest(el, MARKED)) return 'risky';
  if (facts.reach?.submits || facts.leaves || facts.secret) return 'risky';
  return undefined;
}
