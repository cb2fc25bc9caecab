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
  observationText,
  nearestFirst,
  type ObservationTextOptions,
  createTargetSearch,
  type TargetMatch,
  ariaRoles,
  rolesMatch,
  type AxNode,
  type AxTree,
  type ActAction,
  type AxTarget,
} from '../../../src/axstream/index.js';
import { realTimers, type Timers } from '../../../src/transport/index.js';
import { nextChange } from './changes.js';
import { deepActiveElement } from './dom.js';
import { detectPlatform, Keyboard, tabOrder, type Platform } from './keyboard.js';
import { isSecretField } from './nodeInfo.js';
import { readOrigins } from './openPolicy.js';
import { Pointer } from './pointer.js';
import { PageTree } from './pageTree.js';
import { assessStep, checkActivation, verifyApproved } from './pageJudgement.js';
import { perform, type Hands } from './pagePerform.js';
import { createPageLanding, createPageRules, type PageParts } from './pageRules.js';
import { reachOfClick, reachOfEnterIn } from './reach.js';
import type { RiskOf } from './riskMarking.js';
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
  /** What a `wait` step and a wait for the page to change are timed on (default the real clock; `<ax-runner>` gives its `clock`). */
  timers?: Timers | (() => Timers);
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

/** Creates a page backend: its rules and where actions land (pageRules.ts), judging a step (pageJudgement.ts), performing it (pagePerform.ts). */
export function createPageBackend(options: PageBackendOptions = {}): PageBackend {
  const scopeOf = fn(options.scope ?? null);
  const excluded = fn(options.exclude ?? []);
  const allowOrigins = fn(options.allowOrigins);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const platform = options.platform ?? detectPlatform();
  const timers = fn(options.timers ?? realTimers);
  const scope = (): Element | Document => scopeOf() ?? document;
  const tree = new PageTree({ scope, exclude: excluded });
  const origins = () => readOrigins(allowOrigins(), location.origin);
  const rules = createPageRules(tree, origins);
  const landing = createPageLanding(tree, rules, scope);
  const parts: PageParts = { tree, rules, landing, scope, origins };
  const { allows, checkReach } = rules;

  /** Clicks as Enter or Space do, after checking what the click would reach. */
  const activate = (el: HTMLElement) => {
    checkReach(reachOfClick(el));
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 0, view: window }));
  };
  const hands: Hands = {
    pointer: new Pointer(),
    keyboard: new Keyboard(
      () => platform,
      allows,
      activate,
      () => tabOrder(scope() instanceof Document ? document.body : (scope() as Element), (el) => tree.isShown(el)),
      (field) => checkReach(reachOfEnterIn(field)),
    ),
    navigate: options.navigate ?? ((url: URL) => location.assign(url.href)),
    get timers() {
      return timers();
    },
  };

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

    tree: (): AxTree<Element> => tree.snapshot(),

    changed(within: number, { signal }: BackendContext): Promise<void> {
      return nextChange(scope(), excluded(), within, signal, timers());
    },

    match(target: AxTarget, context?: ResolveContext): TargetMatch<Element> {
      if (target.id !== undefined) {
        const el = tree.element(target.id);
        const node = el ? tree.liveNode(el) : null;
        if (node) return { node: landing.withDestination(node), alike: [] };
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
      return found.node ? { node: landing.withDestination(found.node), alike: found.alike } : found;
    },

    resolve(target: AxTarget, context?: ResolveContext): AxNode<Element> | null {
      return backend.match(target, context).node;
    },

    assess: (action: ActAction, targets): Assessment<Element> => assessStep(parts, action, targets, options.riskOf),

    verify: (action: ActAction, targets): string | null => verifyApproved(parts, action, targets),

    async act(action: ActAction, targets, { signal }): Promise<ActResult | void> {
      const judged = targets.activates?.destination;
      const forms = rules.guardForms(judged?.kind === 'form' ? judged.url : undefined);
      // Secrecy was judged before typing; a page may make the field a password once typing starts: asked again.
      const field = action.do === 'type' || action.do === 'key' ? deepActiveElement() : null;
      try {
        // Whatever was judged is what is pressed, approved or not: the hit and the focus are found once more now.
        checkActivation(parts, action, targets);
        await perform(parts, hands, action, targets, signal);
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
