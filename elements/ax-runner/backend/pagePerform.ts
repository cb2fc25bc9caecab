/**
 * Performing a step as a person would: the pointer (click, double and right click, hover, drag), the keyboard,
 * typing (a list's option, a whole-value field, or character by character), scrolling, opening an allowed URL
 * and waiting. Each checks first where it lands and what it would reach.
 */
import { describeTarget, sleep, type ActAction, type ResolvedTargets } from '../../../src/axstream/index.js';
import type { Timers } from '../../../src/transport/index.js';
import { centreOf, deepActiveElement, settle } from './dom.js';
import { drag } from './drag.js';
import { chooseOption, commit, isTextField, pickOption, refusal, replaceValue, WHOLE_VALUE_TYPES } from './editing.js';
import { keyTarget, type Keyboard } from './keyboard.js';
import { checkOpen } from './openPolicy.js';
import { pressedKey } from './pageJudgement.js';
import type { PageParts } from './pageRules.js';
import type { Pointer } from './pointer.js';
import { reachOfClick, reachOfKey, reachOfText } from './reach.js';
import { scrollFrom } from './scrolling.js';

/** What performing needs besides the backend's parts: the person's hands, and where `open` goes. */
export interface Hands {
  readonly pointer: Pointer;
  readonly keyboard: Keyboard;
  navigate(url: URL): void | Promise<void>;
  /** What a `wait` step waits on (the runner's clock). */
  readonly timers: Timers;
}

async function typeText(p: PageParts, keyboard: Keyboard, text: string, signal: AbortSignal): Promise<void> {
  const target = p.landing.focused('type into', true);
  const segments = text.replace(/\r/g, '').split('\n');
  if (isTextField(target)) {
    const why = refusal(target);
    if (why) throw new Error(`${why}, so nothing was typed`);
  }
  // A \n (or a " " on a button) may submit a form or follow a link: refused before a character is typed, not after.
  p.rules.checkReach(reachOfText(target, text));
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
}

/** Performs the step on its resolved targets, then lets the page settle. */
export async function perform(p: PageParts, hands: Hands, action: ActAction, targets: ResolvedTargets<Element>, signal: AbortSignal): Promise<void> {
  const { land, refuseDisabled } = p.landing;
  const { checkReach, allows } = p.rules;
  const { pointer, keyboard } = hands;
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
      await typeText(p, keyboard, action.text, signal);
      break;
    case 'key': {
      const target = p.landing.focused('press keys', false);
      const key = pressedKey(action.chord);
      if (key !== null) checkReach(reachOfKey(target, key));
      keyboard.press(action.chord);
      break;
    }
    case 'scroll': {
      const over = pointer.over && allows(pointer.over) ? pointer.over : null;
      const focus = deepActiveElement();
      const s = p.scope();
      const origin = over ?? (focus && allows(focus) ? focus : null) ?? (s instanceof Document ? (document.scrollingElement ?? document.body) : s);
      scrollFrom(origin, action.direction, action.clicks, s instanceof Document ? null : s, over ? pointer.at : null);
      break;
    }
    case 'open': {
      const check = checkOpen(action.target, p.origins(), document.baseURI);
      if (!check.ok) throw new Error(check.error);
      await hands.navigate(check.url);
      break;
    }
    case 'wait':
      // A wait of 0 is one turn (settle, below): a timer would be clamped to 4 ms once timers nest.
      if (action.ms > 0) await sleep(action.ms, signal, hands.timers);
      break;
    case 'wait_until':
      // The engine runs wait_until itself, by resolving again and again; it never reaches a backend.
      throw new Error(`wait_until is run by the engine (looking for ${describeTarget(action.target)})`);
  }
  await settle();
}
