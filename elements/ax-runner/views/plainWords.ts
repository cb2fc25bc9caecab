/**
 * A step in the person's words: "Click button “Save”", "Type “milk”", "Press cmd+S". Built from the element's
 * replaceable words (strings/en.ts, `ax…`), with the model's text clipped and filled in once as plain text
 * (fill, plainValue), never as markup. A target is named by the element it resolved to when there is one, else
 * by what the model wrote.
 */
import { fill, type Strings } from '../../../strings/en.js';
import { plainValue } from '../../../src/actions/govern.js';
import { ariaRoles } from '../../../src/axstream/roles.js';
import type { Resolved, Step, StepStatus } from '../../../src/axstream/step.js';
import type { AxAction, AxTarget, Target } from '../../../src/axstream/types.js';

/** The words for a step's state. */
export function stateWords(w: Strings, status: StepStatus): string {
  switch (status) {
    case 'queued':
      return w.axQueued;
    case 'running':
      return w.axRunning;
    case 'done':
      return w.axDone;
    case 'failed':
      return w.axFailed;
    case 'held':
      return w.axHeld;
    case 'refused':
      return w.axRefused;
  }
}

function named(w: Strings, role: string, name: string): string {
  const r = plainValue(role, 40);
  return name.trim() === '' ? fill(w.axElementUnnamed, { role: r }) : fill(w.axElement, { role: r, name: plainValue(name.replace(/\s+/g, ' ').trim(), 80) });
}

function written(w: Strings, target: AxTarget): string {
  if (target.title !== undefined && target.role === undefined) return fill(w.axNamed, { name: plainValue(target.title, 80) });
  // An AX role the model wrote (AXButton) is said as the ARIA role a person reads elsewhere in the list (button).
  const role = target.role === undefined ? undefined : (ariaRoles(target.role)[0] ?? target.role);
  if (target.title !== undefined) return named(w, role ?? '', target.title);
  if (role !== undefined) return fill(w.axElementUnnamed, { role: plainValue(role, 40) });
  return plainValue(target.id ?? '', 64);
}

/** Where a target lands, in words. */
export function targetWords(w: Strings, target: Target, resolved?: Resolved): string {
  if (resolved?.kind === 'element') return named(w, resolved.node.role, resolved.node.name);
  if (target.kind === 'point') return fill(w.axPoint, { x: Math.round(target.x), y: Math.round(target.y) });
  return written(w, target);
}

const direction = (w: Strings, d: string) => (d === 'up' ? w.axUp : d === 'down' ? w.axDown : d === 'left' ? w.axLeft : w.axRight);

/** An action in plain words. `resolved` names the elements it landed on, once known. */
export function actionWords(w: Strings, action: AxAction, resolved?: Step['resolved']): string {
  switch (action.op) {
    case 'observe':
      return w.axObserve;
    case 'done':
      return w.axFinish;
    case 'assert':
      return fill(w.axAssert, { target: targetWords(w, action.target, resolved?.target) });
    case 'act':
      break;
  }
  switch (action.do) {
    case 'click':
      return fill(w.axClick, { target: targetWords(w, action.target, resolved?.target) });
    case 'double_click':
      return fill(w.axDoubleClick, { target: targetWords(w, action.target, resolved?.target) });
    case 'right_click':
      return fill(w.axRightClick, { target: targetWords(w, action.target, resolved?.target) });
    case 'move':
      return fill(w.axMove, { target: targetWords(w, action.target, resolved?.target) });
    case 'drag':
      return fill(w.axDrag, { from: targetWords(w, action.from, resolved?.from), to: targetWords(w, action.to, resolved?.to) });
    case 'type':
      return fill(w.axType, { text: plainValue(action.text.replace(/\n/g, '⏎'), 80) });
    case 'key':
      return fill(w.axKey, { keys: plainValue(action.keys.join('+'), 60) });
    case 'scroll':
      return action.clicks === 1
        ? fill(w.axScroll, { direction: direction(w, action.direction) })
        : fill(w.axScrollMore, { direction: direction(w, action.direction), clicks: action.clicks });
    case 'open':
      return fill(w.axOpen, { url: plainValue(action.target, 120) });
    case 'wait':
      return fill(w.axWait, { seconds: Math.round(action.ms / 100) / 10 });
    case 'wait_until':
      return fill(w.axWaitUntil, { target: targetWords(w, action.target, resolved?.target) });
  }
}
