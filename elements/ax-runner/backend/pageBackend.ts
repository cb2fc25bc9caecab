/**
 * The page backend: the engine's Backend over the live DOM. It looks (the accessibility tree of the scope, as
 * observation text and as the tree targets resolve in) and acts as a person would (pointer, keyboard, typing,
 * scrolling, dragging), inside `scope` only and never on what `exclude` names: the runner and its own UI.
 * The scope holds through the DOM (labels, `form=`, popovers: reach.ts) and forms go only to allowed origins.
 * Before a step runs it says how risky the app finds it (riskMarking.ts), where keys go and whether a field is
 * secret; after an approval it checks the approved element is unchanged. It tells `wait_until` when the page
 * changed (changes.ts), so the engine looks again then rather than on a timer. Every refusal is an Error whose message
 * the model is told.
 */
import {
  type ActResult,
  type Assessment,
  type Backend,
  type BackendContext,
  type Observation,
  type ResolveContext,
  approvedNodes,
  approvedWords,
  nodeChange,
  sleep,
  observationLine,
  observationText,
  nearestFirst,
  type ObservationTextOptions,
  createTargetSearch,
  describeTarget,
  type TargetMatch,
  ariaRoles,
  rolesMatch,
  type Resolved,
  type ResolvedTargets,
  type AxNode,
  type AxTree,
  type ActAction,
  type AxTarget,
  ActivationChanged,
} from '../../../src/axstream/index.js';
import { nextChange } from './changes.js';
import { bringIntoView, centreOf, deepActiveElement, deepElementFromPoint, settle } from './dom.js';
import { drag } from './drag.js';
import { chooseOption, commit, isTextField, pickOption, refusal, replaceValue, WHOLE_VALUE_TYPES } from './editing.js';
import { detectPlatform, Keyboard, keyTarget, tabOrder, type Platform } from './keyboard.js';
import { isSecretField, roleOf } from './nodeInfo.js';
import { isOwnUi } from '../../shared/base/ownUi.js';
import { checkOpen, readOrigins } from './openPolicy.js';
import { hitWithin, Pointer, type Point } from './pointer.js';
import { PageTree } from './pageTree.js';
import { activatedByKey, activatedByText, controlOf, destinationOf, reachOfClick, reachOfEnterIn, reachOfKey, reachOfText, submissionUrl, type Reach } from './reach.js';
import { leavesPage, pageRisk, type RiskOf } from './riskMarking.js';
import { scrollFrom } from './scrolling.js';
import { screenPlace } from './onScreen.js';

/** How a page backend is set up. Everything is optional. */
export interface PageBackendOptions {
  /** Where the backend looks and acts: an element, the document (default), or a function giving either now. */
  scope?: Element | Document | null | (() => Element | Document | null | undefined);
  /** Elements never listed nor acted on, with everything inside them, shadow roots included (the runner). */
  exclude?: readonly Element[] | (() => readonly Element[]);
  /**
   * Origins `open` (and a link click) may lead to, such as `['https://example.com']`. Default: the page's own
   * origin only; an empty list allows none. Only http(s) addresses are ever opened.
   */
  allowOrigins?: readonly string[] | (() => readonly string[] | undefined);
  /** Goes to an allowed URL (default `location.assign`); an app with a router passes its own. */
  navigate?: (url: URL) => void | Promise<void>;
  /** Whose command key `cmd` is: `mac` (Meta) or `other` (Control). Default: the platform the page runs on. */
  platform?: Platform;
  /** Bounds of the observation text (default: 16,000 characters, 600 lines, names cut at 100 characters). */
  limits?: ObservationTextOptions;
  /**
   * The app's say on a step's risk (see riskMarking.ts): `risky` asks first, `safe` lifts the built-in escalation
   * (submitting a form, leaving the page, typing a secret); anything else leaves it to `data-ax-risk` and those rules.
   */
  riskOf?: RiskOf;
}

/** The page backend: a Backend of DOM elements, and what an element showing its work needs to know. */
export interface PageBackend extends Backend<Element> {
  /** Finds an element target by the engine's rules (resolveTarget.ts), with the others that match it as well. */
  match(target: AxTarget, context?: ResolveContext): TargetMatch<Element>;
  resolve(target: AxTarget, context?: ResolveContext): AxNode<Element> | null;
  /** True when the backend may act on `el`: inside the scope and not excluded. */
  allows(el: Element): boolean;
  /** The observation id the backend gave `el`, if it gave one. */
  idOf(el: Element): string;
}

const DEFAULT_LIMITS: ObservationTextOptions = { maxChars: 16_000, maxElements: 600, maxNameLength: 100 };
const fn = <T>(v: T | (() => T)): (() => T) => (typeof v === 'function' ? (v as () => T) : () => v);

/** Describes an element for an error: `e12 button "Save"`. */
function said(node: AxNode): string {
  return observationLine({ ...node, states: [] }, 60);
}

/** Creates a page backend. */
export function createPageBackend(options: PageBackendOptions = {}): PageBackend {
  const scopeOf = fn(options.scope ?? null);
  const excluded = fn(options.exclude ?? []);
  const allowOrigins = fn(options.allowOrigins);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const platform = options.platform ?? detectPlatform();
  const navigate = options.navigate ?? ((url: URL) => location.assign(url.href));
  const scope = (): Element | Document => scopeOf() ?? document;
  const tree = new PageTree({ scope, exclude: excluded });
  const pointer = new Pointer();
  const allows = (el: Element) => tree.inScope(el);
  const origins = () => readOrigins(allowOrigins(), location.origin);
  const outsideScope = 'outside the part of the page the assistant may act in';
  // The package's own UI is never the agent's to use: it is left out of the tree, of targets and of what a hit may be.
  const forPerson = 'shown for the person (a confirmation, an assistant’s log), which an assistant never uses';
  const notAllowed = (el: Element) => (isOwnUi(el) ? `among the controls ${forPerson}` : outsideScope);

  /** Refuses a form submission outside the scope, or to an origin that isn't allowed. Null when it may go. */
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

  /** Refuses, before anything happens, an action whose reach leaves the scope, or sends a form or the person where they may not go. */
  const checkReach = (reach: Reach) => {
    for (const [el, what] of reach.touches) if (!allows(el)) throw new Error(`it would ${what} ${outsideScope}`);
    if (reach.submits) {
      const why = submissionRefusal(reach.submits.form, reach.submits.submitter);
      if (why) throw new Error(why);
    }
    if (reach.follows) checkLink(reach.follows);
  };

  /** Clicks as Enter or Space do, after checking what the click would reach. */
  const activate = (el: HTMLElement) => {
    checkReach(reachOfClick(el));
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 0, view: window }));
  };
  const keyboard = new Keyboard(
    () => platform,
    allows,
    activate,
    () => tabOrder(scope() instanceof Document ? document.body : (scope() as Element), (el) => tree.isShown(el)),
    (field) => checkReach(reachOfEnterIn(field)),
  );

  /** The element a target names or a point hits, checked to be in scope (not yet scrolled to or measured). */
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

  /** The element and point an action lands on, checked: shown, in scope, not the runner. */
  const land = (where: Resolved<Element> | undefined, what: string): { el: Element; at: Point } => {
    const el = elementOf(where, what);
    if (where!.kind === 'point') return { el, at: { x: where!.x, y: where!.y } };
    if (!tree.isShown(el)) throw new Error(`${said(where!.node)} is no longer shown on the page`);
    bringIntoView(el);
    const at = centreOf(el);
    // A confirmation (or other UI of the package) over the element takes the person's click there: not the agent's.
    const over = deepElementFromPoint(at.x, at.y);
    if (over && isOwnUi(over)) throw new Error(`${said(where!.node)} is covered by a control ${forPerson}`);
    return { el: hitWithin(el, at), at };
  };

  const refuseDisabled = (el: Element, node: Resolved<Element> | undefined) => {
    const control = el.closest('button, input, select, textarea, option, fieldset') ?? el;
    if (control.matches(':disabled') || el.closest('[aria-disabled="true"]')) {
      throw new Error(`${node?.kind === 'element' ? said(node.node) : 'the element'} is disabled`);
    }
  };

  /**
   * The element a key or text goes to, checked: something in scope has focus. Keys may go to the page's body only
   * when the scope is the whole document: with an element scope they would reach the page's own shortcuts.
   */
  const focused = (what: string, needFocus: boolean): HTMLElement => {
    const target = keyTarget();
    const nothing = target === document.body || target === document.documentElement;
    if (nothing) {
      if (needFocus) throw new Error(`nothing has focus to ${what}: click the field first`);
      if (scope() instanceof Document) return target;
      throw new Error(`nothing inside the part of the page the assistant may act in has focus, so the keys would reach the whole page: click inside it first`);
    }
    if (!allows(target)) throw new Error(`focus is ${notAllowed(target)}, so it can't ${what}`);
    return target;
  };

  /**
   * The key of a chord that may activate something: Enter or Space act alone or with Shift (which the browser's
   * default ignores); with Control, Alt or Meta they do nothing by default.
   */
  const pressedKey = (chord: readonly string[]): string | null => (chord.slice(0, -1).every((k) => k === 'Shift') ? chord[chord.length - 1]! : null);

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
  const activationOf = (action: ActAction, targets: ResolvedTargets<Element>): { on: Element; judged: Element | null; reach: Reach | null } | undefined => {
    switch (action.do) {
      case 'click':
      case 'double_click':
      case 'right_click':
      case 'move': {
        const point = targets.target?.kind === 'point';
        const presses = action.do === 'click' || action.do === 'double_click';
        if (!presses && !point) return undefined;
        const { el } = land(targets.target, action.do);
        const control = presses ? controlOf(el) : null;
        if (control && !allows(control)) throw new Error(`it would press ${said(nodeNow(control))}, ${outsideScope}`);
        return { on: el, judged: control ?? (point ? el : null), reach: presses ? reachOfClick(el) : null };
      }
      case 'key':
      case 'type': {
        const target = focused(action.do === 'key' ? 'press keys' : 'type into', action.do === 'type');
        const key = action.do === 'key' ? pressedKey(action.chord) : null;
        const judged = action.do === 'type' ? activatedByText(target, action.text) : key === null ? null : activatedByKey(target, key);
        if (judged === null) return { on: target, judged, reach: null };
        return { on: target, judged, reach: action.do === 'type' ? reachOfText(target, action.text) : reachOfKey(target, key!) };
      }
      default:
        return undefined;
    }
  };

  /** Throws ActivationChanged when the step would now activate something other than what was judged (`activates`). */
  const checkActivation = (action: ActAction, targets: ResolvedTargets<Element>) => {
    if (targets.activates === undefined) return;
    const now = activationOf(action, targets)?.judged ?? null;
    const was = targets.activates;
    if (now === (was?.ref ?? null)) return;
    const what = (node: AxNode | null) => (node === null ? 'nothing' : approvedWords(node));
    throw new ActivationChanged(`it would now activate ${what(now && nodeNow(now))} rather than ${what(was)}`);
  };

  /** The node of an element as an approval names it and a check compares it: role, name and destination now. */
  const nodeNow = (el: Element): AxNode<Element> => {
    const node = tree.nodeOf(el, roleOf(el) ?? 'generic', 'interactive', deepActiveElement()) ?? { role: roleOf(el) ?? 'generic', name: '', ref: el };
    return withDestination(node);
  };
  const withDestination = (node: AxNode<Element>): AxNode<Element> => {
    const destination = node.role === 'text' ? undefined : destinationOf(node.ref);
    return destination === undefined ? node : { ...node, destination };
  };

  /**
   * Submissions and resets while an action runs, held to the same rules as the runner's own: a step judged to send
   * a form to `judged` (its whole address) sends none elsewhere, whatever the page changed on the way (a
   * `formaction` set on pointerdown).
   */
  const guardForms = (judged: string | undefined) => {
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
  };

  const typeText = async (text: string, signal: AbortSignal) => {
    const target = focused('type into', true);
    const segments = text.replace(/\r/g, '').split('\n');
    if (isTextField(target)) {
      const why = refusal(target);
      if (why) throw new Error(`${why}, so nothing was typed`);
    }
    // A \n (or a " " on a button) may submit a form or follow a link: refused before a character is typed, not after.
    checkReach(reachOfText(target, text));
    for (let i = 0; i < segments.length; i++) {
      if (signal.aborted) return;
      const segment = segments[i]!;
      const now = keyTarget();
      if (segment !== '') {
        if (now instanceof HTMLSelectElement) {
          if (!chooseOption(now, segment)) throw new Error(`the list has no option "${segment.slice(0, 60)}"`);
        } else if (now instanceof HTMLInputElement && WHOLE_VALUE_TYPES.has(now.type)) {
          replaceValue(now, segment);
          commit(now);
        } else {
          const field = isTextField(now) ? now : null;
          const before = field?.value;
          for (const ch of segment) {
            if (signal.aborted) return;
            keyboard.typeCharacter(ch);
          }
          if (field && field.value !== before) commit(field);
        }
      }
      if (i < segments.length - 1) keyboard.press(['Enter']);
    }
  };

  const perform = async (action: ActAction, targets: ResolvedTargets<Element>, signal: AbortSignal): Promise<void> => {
    switch (action.do) {
      case 'click': {
        const { el, at } = land(targets.target, 'click');
        refuseDisabled(el, targets.target);
        checkReach(reachOfClick(el));
        if (el instanceof HTMLOptionElement && el.parentElement) {
          const select = el.closest('select');
          if (select) {
            select.focus({ preventScroll: true });
            pickOption(select, el);
            break;
          }
        }
        pointer.click(el, at);
        break;
      }
      case 'double_click': {
        const { el, at } = land(targets.target, 'double_click');
        refuseDisabled(el, targets.target);
        checkReach(reachOfClick(el));
        pointer.doubleClick(el, at);
        break;
      }
      case 'right_click': {
        const { el, at } = land(targets.target, 'right_click');
        refuseDisabled(el, targets.target);
        pointer.rightClick(el, at);
        break;
      }
      case 'move': {
        const { el, at } = land(targets.target, 'move');
        pointer.moveTo(el, at);
        break;
      }
      case 'drag': {
        const from = land(targets.from, 'drag');
        const to = land(targets.to, 'drag');
        refuseDisabled(from.el, targets.from);
        // The source may have scrolled away while the target was brought into view: measure it again.
        const start = targets.from?.kind === 'element' ? centreOf(from.el) : from.at;
        drag(pointer, from.el, start, to.el, to.at, allows);
        break;
      }
      case 'type':
        await typeText(action.text, signal);
        break;
      case 'key': {
        const target = focused('press keys', false);
        const key = pressedKey(action.chord);
        if (key !== null) checkReach(reachOfKey(target, key));
        keyboard.press(action.chord);
        break;
      }
      case 'scroll': {
        const over = pointer.over && allows(pointer.over) ? pointer.over : null;
        const focus = deepActiveElement();
        const s = scope();
        const origin = over ?? (focus && allows(focus) ? focus : null) ?? (s instanceof Document ? (document.scrollingElement ?? document.body) : s);
        scrollFrom(origin, action.direction, action.clicks, s instanceof Document ? null : s, over ? pointer.at : null);
        break;
      }
      case 'open': {
        const check = checkOpen(action.target, origins(), document.baseURI);
        if (!check.ok) throw new Error(check.error);
        await navigate(check.url);
        break;
      }
      case 'wait':
        // A wait of 0 is one turn (settle, below): a timer would be clamped to 4 ms once timers nest.
        if (action.ms > 0) await sleep(action.ms, signal);
        break;
      case 'wait_until':
        // The engine runs wait_until itself, by resolving again and again; it never reaches a backend.
        throw new Error(`wait_until is run by the engine (looking for ${describeTarget(action.target)})`);
    }
    await settle();
  };

  const treeNow = (): AxTree<Element> => tree.snapshot();

  const backend: PageBackend = {
    allows,
    idOf: (el) => tree.idOf(el),

    observe(): Observation<Element> {
      // What is on screen first, then what is nearest: only what the text can show is described in full, the rest
      // is counted with where it is. A scroll brings the next part on screen, so into the next observation.
      const shown = limits.maxElements ?? 400;
      const where = screenPlace(scope());
      const nodes = tree.snapshot(shown, where);
      const described = new Set(nearestFirst(nodes.length, (i) => where(nodes[i]!.ref)).slice(0, shown));
      return { text: observationText(nodes, { ...limits, place: (node) => where(node.ref as Element) }), tree: nodes.filter((_, i) => described.has(i)) };
    },

    tree: treeNow,

    changed(within: number, { signal }: BackendContext): Promise<void> {
      return nextChange(scope(), excluded(), within, signal);
    },

    match(target: AxTarget, context?: ResolveContext): TargetMatch<Element> {
      if (target.id !== undefined) {
        const el = tree.element(target.id);
        const node = el ? tree.liveNode(el) : null;
        if (node) return { node: withDestination(node), alike: [] };
        if (target.role === undefined && target.title === undefined) return { node: null, alike: [] };
      }
      // The engine's rules (resolveTarget.ts), fed while walking the live tree: names are computed only for
      // elements that could still be chosen or tie, and the walk stops once nothing later can change the answer.
      const search = createTargetSearch<Element>(target, context?.purpose ?? 'find');
      const roles = target.role === undefined ? null : ariaRoles(target.role);
      const focus = deepActiveElement();
      tree.walk((met) => {
        if (!search.wants(met.role)) return 'keep';
        const node = met.kind === 'text' ? { role: 'text', name: met.text!, ref: met.el } : tree.nodeOf(met.el, met.role, met.kind, focus);
        if (node === null) return 'skip';
        return search.offer(node) ? 'stop' : 'keep';
      }, roles === null || rolesMatch(roles, 'text'));
      const found = search.result();
      return found.node ? { node: withDestination(found.node), alike: found.alike } : found;
    },

    resolve(target: AxTarget, context?: ResolveContext): AxNode<Element> | null {
      return backend.match(target, context).node;
    },

    assess(action: ActAction, targets): Assessment<Element> {
      // Judged on what the step activates, found the way it will act (activationOf): the button at a card's
      // centre, the element under a point, the link Enter follows, the button Space presses.
      const activation = activationOf(action, targets);
      let element: Element | null = null;
      let leaves = false;
      let focus: AxNode<Element> | undefined;
      let secret = false;
      switch (action.do) {
        case 'click':
        case 'double_click':
        case 'right_click':
        case 'move':
          element = activation ? (activation.judged ?? activation.on) : elementOf(targets.target, action.do);
          break;
        case 'drag':
          element = elementOf(targets.from, 'drag');
          elementOf(targets.to, 'drag');
          break;
        case 'key':
        case 'type': {
          const target = activation!.on;
          if (target === document.body || target === document.documentElement) break;
          element = target;
          focus = nodeNow(target);
          secret = isSecretField(target);
          break;
        }
        case 'open': {
          const check = checkOpen(action.target, origins(), document.baseURI);
          if (!check.ok) throw new Error(check.error);
          leaves = leavesPage(check.url.href);
          break;
        }
        default:
          break;
      }
      const reach = activation?.reach ?? null;
      if (reach) {
        checkReach(reach);
        leaves = reach.follows !== undefined && leavesPage(reach.follows.href);
      }
      const keys = action.do === 'type' || action.do === 'key';
      const facts = { element, hit: activation?.on ?? null, control: activation?.judged ?? null, reach, leaves, secret: secret && keys };
      const risk = pageRisk(action, facts, options.riskOf);
      return {
        ...(risk === undefined ? {} : { risk }),
        ...(focus ? { focus } : {}),
        ...(keys ? { secret } : {}),
        ...(activation ? { activates: activation.judged && nodeNow(activation.judged) } : {}),
      };
    },

    verify(action: ActAction, targets): string | null {
      for (const node of approvedNodes(targets)) {
        const el = node.ref;
        const was = approvedWords(node);
        if (!(el instanceof Element)) return `${was} is not an element of this page`;
        if (!el.isConnected) return `${was} is no longer on the page`;
        if (!allows(el)) return `${was} is now ${outsideScope}`;
        if (!tree.isShown(el)) return `${was} is no longer shown`;
        if (node.role === 'text') {
          // A run of text has no element of its own: its element must still hold the text.
          if (!(el.textContent ?? '').replace(/\s+/g, ' ').includes(node.name)) return `${was} is no longer there`;
          continue;
        }
        const change = nodeChange(node, nodeNow(el));
        if (change !== null) return change;
      }
      if (action.do === 'key' || action.do === 'type') {
        const keys = targets.target;
        const now = keyTarget();
        if (keys?.kind === 'element') {
          if (now !== keys.node.ref) return `the focus moved away from ${approvedWords(keys.node)}`;
          // Approved with nothing focused: keys that would now go to a field were not what was approved.
        } else if (now !== document.body && now !== document.documentElement) return `the focus moved to ${approvedWords(nodeNow(now))}`;
      }
      // The same elements, but what the step would press there now: another element under the point, another control at the hit.
      checkActivation(action, targets);
      return null;
    },

    async act(action: ActAction, targets, { signal }): Promise<ActResult | void> {
      const judged = targets.activates?.destination;
      const forms = guardForms(judged?.kind === 'form' ? judged.url : undefined);
      // Secrecy was judged before typing; a page may make the field a password once typing starts: asked again.
      const field = action.do === 'type' || action.do === 'key' ? deepActiveElement() : null;
      try {
        // Whatever was judged is what is pressed, approved or not: the hit and the focus are found once more now.
        checkActivation(action, targets);
        await perform(action, targets, signal);
      } finally {
        forms.stop();
      }
      // Something the action set off tried to send a form where it may not go: it was stopped, and the model is told.
      if (forms.refused.length > 0) throw forms.refused[0]!;
      if (field && (isSecretField(field) || isSecretField(deepActiveElement()))) return { secret: true };
    },
  };
  return backend;
}
