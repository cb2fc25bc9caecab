/**
 * Judging a step before it runs and after its approval: what it will activate (the activation oracle), how
 * risky the app finds it, where keys go and whether a field is secret; and, once approved, that the elements and
 * what it would activate are unchanged.
 */
import {
  ActivationChanged,
  approvedNodes,
  approvedWords,
  nodeChange,
  type ActAction,
  type Assessment,
  type AxNode,
  type ResolvedTargets,
} from '../../../src/axstream/index.js';
import { keyTarget } from './keyboard.js';
import { isSecretField } from './nodeInfo.js';
import { checkOpen } from './openPolicy.js';
import { outsideScope, said, type PageParts } from './pageRules.js';
import { activatedByKey, activatedByText, controlOf, reachOfClick, reachOfKey, reachOfText, type Reach } from './reach.js';
import { leavesPage, pageRisk, type RiskOf } from './riskMarking.js';

/**
 * The key of a chord that may activate something: Enter or Space act alone or with Shift (which the browser's
 * default ignores); with Control, Alt or Meta they do nothing by default.
 */
export const pressedKey = (chord: readonly string[]): string | null => (chord.slice(0, -1).every((k) => k === 'Shift') ? chord[chord.length - 1]! : null);

/**
 * The activation oracle: what a step will activate, found exactly the way the step will act, so that risk,
 * scope, origin, the approval and the checks after it are all judged on it. A click: the element hit where it
 * lands (the point, or the named element's centre) and the control that hit activates (its nearest activatable
 * ancestor, a label's control). A key or typed text: the control Enter, Space, a `"\n"` or a `" "` activates on
 * the focused element (reach.ts, the rule the keyboard itself follows). `judged` is what the step is judged on
 * and named by: that control, or for a point the element under it even when it presses nothing; null when the
 * step activates nothing. Undefined for steps that activate nothing by nature (scroll, open, wait, a drag, a
 * right click or a hover on an element).
 */
export function activationOf(p: PageParts, action: ActAction, targets: ResolvedTargets<Element>): { on: Element; judged: Element | null; reach: Reach | null } | undefined {
  switch (action.do) {
    case 'click':
    case 'double_click':
    case 'right_click':
    case 'move': {
      const point = targets.target?.kind === 'point';
      const presses = action.do === 'click' || action.do === 'double_click';
      if (!presses && !point) return undefined;
      const { el } = p.landing.land(targets.target, action.do);
      const control = presses ? controlOf(el) : null;
      if (control && !p.rules.allows(control)) throw new Error(`it would press ${said(p.landing.nodeNow(control))}, ${outsideScope}`);
      return { on: el, judged: control ?? (point ? el : null), reach: presses ? reachOfClick(el) : null };
    }
    case 'key':
    case 'type': {
      const target = p.landing.focused(action.do === 'key' ? 'press keys' : 'type into', action.do === 'type');
      const key = action.do === 'key' ? pressedKey(action.chord) : null;
      const judged = action.do === 'type' ? activatedByText(target, action.text) : key === null ? null : activatedByKey(target, key);
      if (judged === null) return { on: target, judged, reach: null };
      return { on: target, judged, reach: action.do === 'type' ? reachOfText(target, action.text) : reachOfKey(target, key!) };
    }
    default:
      return undefined;
  }
}

/** Throws ActivationChanged when the step would now activate something other than what was judged (`activates`). */
export function checkActivation(p: PageParts, action: ActAction, targets: ResolvedTargets<Element>): void {
  if (targets.activates === undefined) return;
  const now = activationOf(p, action, targets)?.judged ?? null;
  const was = targets.activates;
  if (now === (was?.ref ?? null)) return;
  const what = (node: AxNode | null) => (node === null ? 'nothing' : approvedWords(node));
  throw new ActivationChanged(`it would now activate ${what(now && p.landing.nodeNow(now))} rather than ${what(was)}`);
}

/**
 * What the backend knows of a step before it runs, judged on what the step activates, found the way it will act
 * (activationOf): the button at a card's centre, the element under a point, the link Enter follows, the button
 * Space presses.
 */
export function assessStep(p: PageParts, action: ActAction, targets: ResolvedTargets<Element>, riskOf: RiskOf | undefined): Assessment<Element> {
  const activation = activationOf(p, action, targets);
  let element: Element | null = null;
  let leaves = false;
  let focus: AxNode<Element> | undefined;
  let secret = false;
  switch (action.do) {
    case 'click':
    case 'double_click':
    case 'right_click':
    case 'move':
      element = activation ? (activation.judged ?? activation.on) : p.landing.elementOf(targets.target, action.do);
      break;
    case 'drag':
      element = p.landing.elementOf(targets.from, 'drag');
      p.landing.elementOf(targets.to, 'drag');
      break;
    case 'key':
    case 'type': {
      const target = activation!.on;
      if (target === document.body || target === document.documentElement) break;
      element = target;
      focus = p.landing.nodeNow(target);
      secret = isSecretField(target);
      break;
    }
    case 'open': {
      const check = checkOpen(action.target, p.origins(), document.baseURI);
      if (!check.ok) throw new Error(check.error);
      leaves = leavesPage(check.url.href);
      break;
    }
    default:
      break;
  }
  const reach = activation?.reach ?? null;
  if (reach) {
    p.rules.checkReach(reach);
    leaves = reach.follows !== undefined && leavesPage(reach.follows.href);
  }
  const keys = action.do === 'type' || action.do === 'key';
  const facts = { element, hit: activation?.on ?? null, control: activation?.judged ?? null, reach, leaves, secret: secret && keys };
  const risk = pageRisk(action, facts, riskOf);
  return {
    ...(risk === undefined ? {} : { risk }),
    ...(focus ? { focus } : {}),
    ...(keys ? { secret } : {}),
    ...(activation ? { activates: activation.judged && p.landing.nodeNow(activation.judged) } : {}),
  };
}

/** Null when the approved step's elements, the focus and what it would activate are unchanged; else what changed. */
export function verifyApproved(p: PageParts, action: ActAction, targets: ResolvedTargets<Element>): string | null {
  for (const node of approvedNodes(targets)) {
    const el = node.ref;
    const was = approvedWords(node);
    if (!(el instanceof Element)) return `${was} is not an element of this page`;
    if (!el.isConnected) return `${was} is no longer on the page`;
    if (!p.rules.allows(el)) return `${was} is now ${outsideScope}`;
    if (!p.tree.isShown(el)) return `${was} is no longer shown`;
    if (node.role === 'text') {
      // A run of text has no element of its own: its element must still hold the text.
      if (!(el.textContent ?? '').replace(/\s+/g, ' ').includes(node.name)) return `${was} is no longer there`;
      continue;
    }
    const change = nodeChange(node, p.landing.nodeNow(el));
    if (change !== null) return change;
  }
  if (action.do === 'key' || action.do === 'type') {
    const keys = targets.target;
    const now = keyTarget();
    if (keys?.kind === 'element') {
      if (now !== keys.node.ref) return `the focus moved away from ${approvedWords(keys.node)}`;
      // Approved with nothing focused: keys that would now go to a field were not what was approved.
    } else if (now !== document.body && now !== document.documentElement) return `the focus moved to ${approvedWords(p.landing.nodeNow(now))}`;
  }
  // The same elements, but what the step would press there now: another element under the point, another control at the hit.
  checkActivation(p, action, targets);
  return null;
}
