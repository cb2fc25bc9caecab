/**
 * A step in the person's words: "Click button “Save”", "Type “milk” into textbox “Note”", "Press cmd+S". Built
 * from the element's replaceable words (strings/en.ts, `ax…`), with the model's and the page's text clipped and
 * passed through the one text path for stream text (streamText: no direction controls) and filled in once as
 * plain text, never as markup. A target is named by the element it resolved to when there is one, else by what
 * the model wrote. The same sentence comes as one string (the live region, the approval) or as runs in which
 * each value is its own `<bdi>`, so a right-to-left name can't reorder the words around it (the step log).
 */
import { html, type TemplateResult } from 'lit';
import { fill, type StringKey, type Strings } from '../../../strings/en.js';
import { fillPieces, plainValue } from '../../../src/actions/index.js';
import {
  ariaRoles,
  type Resolved,
  type Step,
  type StepStatus,
  type AxNode,
  type AxAction,
  type AxTarget,
  type Target,
} from '../../../src/axstream/index.js';
import { streamText } from '../../shared/base/streamText.js';

/** How a step is shown: its status, or `not-run` for one still waiting when its burst ended. */
export type ShownStatus = StepStatus | 'not-run';

/** The words for a step's state. */
export function stateWords(w: Strings, status: ShownStatus): string {
  switch (status) {
    case 'not-run':
      return w.axNotRun;
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

/** Fills a template: as one string, or as runs with each value isolated. Nested sentences are values too. */
type Say<T> = (template: string, values: Readonly<Record<string, string | number | T>>) => T;

const asText: Say<string> = (template, values) => fill(template, values);

const asRuns: Say<TemplateResult> = (template, values) => {
  const names: Record<string, string> = {};
  for (const key of Object.keys(values)) names[key] = '';
  return html`${fillPieces(template, names).map((p) => {
    if (typeof p === 'string') return p;
    const value = values[p.name]!;
    return typeof value === 'object' ? value : html`<bdi>${value}</bdi>`;
  })}`;
};

/** Text from the model or the page, as it may be shown: through the stream text path, clipped. */
const shown = (text: string, max: number) => plainValue(streamText(text), max);

// A role is said in the person's language: the roles a step acts on by name, every other one as "element".
const ROLES: Readonly<Record<string, StringKey>> = {
  button: 'axRoleButton',
  link: 'axRoleLink',
  textbox: 'axRoleTextbox',
  searchbox: 'axRoleSearchbox',
  checkbox: 'axRoleCheckbox',
  radio: 'axRoleRadio',
  combobox: 'axRoleCombobox',
  listbox: 'axRoleListbox',
  option: 'axRoleOption',
  menuitem: 'axRoleMenuitem',
  tab: 'axRoleTab',
  switch: 'axRoleSwitch',
  slider: 'axRoleSlider',
  spinbutton: 'axRoleSpinbutton',
  heading: 'axRoleHeading',
  img: 'axRoleImage',
};
const roleWord = (w: Strings, role: string) => w[Object.hasOwn(ROLES, role) ? ROLES[role]! : 'axRoleOther'];

function named<T>(say: Say<T>, w: Strings, role: string, name: string): T {
  const r = roleWord(w, role);
  return name.trim() === '' ? say(w.axElementUnnamed, { role: r }) : say(w.axElement, { role: r, name: shown(name.replace(/\s+/g, ' ').trim(), 80) });
}

function written<T>(say: Say<T>, w: Strings, target: AxTarget): T | string {
  if (target.title !== undefined && target.role === undefined) return say(w.axNamed, { name: shown(target.title, 80) });
  // An AX role the model wrote (AXButton) is said as the ARIA role a person reads elsewhere in the list (button).
  const role = target.role === undefined ? undefined : (ariaRoles(target.role)[0] ?? target.role);
  if (target.title !== undefined) return named(say, w, role ?? '', target.title);
  if (role !== undefined) return say(w.axElementUnnamed, { role: roleWord(w, role) });
  return shown(target.id ?? '', 64);
}

function where<T>(say: Say<T>, w: Strings, target: Target, resolved?: Resolved): T | string {
  if (resolved?.kind === 'element') return named(say, w, resolved.node.role, resolved.node.name);
  if (target.kind === 'point') return say(w.axPoint, { x: Math.round(target.x), y: Math.round(target.y) });
  return written(say, w, target);
}

const direction = (w: Strings, d: string) => (d === 'up' ? w.axUp : d === 'down' ? w.axDown : d === 'left' ? w.axLeft : w.axRight);

function words<T>(say: Say<T>, w: Strings, action: AxAction, resolved?: Step['resolved']): T | string {
  switch (action.op) {
    case 'observe':
      return w.axObserve;
    case 'done':
      return w.axFinish;
    case 'assert':
      return say(w.axAssert, { target: where(say, w, action.target, resolved?.target) });
    case 'act':
      break;
  }
  // Where keys and text go, when the backend said (the focused element).
  const into = resolved?.target?.kind === 'element' ? named(say, w, resolved.target.node.role, resolved.target.node.name) : null;
  switch (action.do) {
    case 'click':
      return say(w.axClick, { target: where(say, w, action.target, resolved?.target) });
    case 'double_click':
      return say(w.axDoubleClick, { target: where(say, w, action.target, resolved?.target) });
    case 'right_click':
      return say(w.axRightClick, { target: where(say, w, action.target, resolved?.target) });
    case 'move':
      return say(w.axMove, { target: where(say, w, action.target, resolved?.target) });
    case 'drag':
      return say(w.axDrag, { from: where(say, w, action.from, resolved?.from), to: where(say, w, action.to, resolved?.to) });
    case 'type': {
      const text = shown(action.text.replace(/\n/g, '⏎'), 80);
      return into === null ? say(w.axType, { text }) : say(w.axTypeInto, { text, target: into });
    }
    case 'key': {
      const keys = shown(action.keys.join('+'), 60);
      return into === null ? say(w.axKey, { keys }) : say(w.axKeyIn, { keys, target: into });
    }
    case 'scroll':
      return action.clicks === 1
        ? say(w.axScroll, { direction: direction(w, action.direction) })
        : say(w.axScrollMore, { direction: direction(w, action.direction), clicks: action.clicks });
    case 'open':
      return say(w.axOpen, { url: shown(action.target, 120) });
    case 'wait':
      return say(w.axWait, { seconds: Math.round(action.ms / 100) / 10 });
    case 'wait_until':
      return say(w.axWaitUntil, { target: where(say, w, action.target, resolved?.target) });
  }
}

/** The other elements an ambiguous target matched, as runs (each name isolated): "Also matched button “Remove”…". */
export function alsoMatchedRuns(w: Strings, nodes: readonly AxNode[]): TemplateResult {
  const others = html`${nodes.map((n, i) => html`${i > 0 ? ', ' : ''}${named(asRuns, w, n.role, n.name)}`)}`;
  return asRuns(w.axAlsoMatched, { others });
}

/** Where a target lands, in words. */
export function targetWords(w: Strings, target: Target, resolved?: Resolved): string {
  return where(asText, w, target, resolved);
}

/** An action in plain words, as one string. `resolved` names the elements it landed on, once known. */
export function actionWords(w: Strings, action: AxAction, resolved?: Step['resolved']): string {
  return words(asText, w, action, resolved);
}

/** The same words as runs for a template, each value from the model or the page isolated in a `<bdi>`. */
export function actionRuns(w: Strings, action: AxAction, resolved?: Step['resolved']): TemplateResult | string {
  return words(asRuns, w, action, resolved);
}

/** True when the step would send what its element leads to: a click, Enter (or Space on a control), a typed ⏎. */
function goesThere(action: AxAction, role: string): boolean {
  if (action.op !== 'act') return false;
  if (action.do === 'click' || action.do === 'double_click') return true;
  if (action.do === 'type') return action.text.includes('\n');
  // Enter or Space, alone or with Shift: with Control, Alt or Meta they do nothing by default.
  if (action.do !== 'key' || !action.chord.slice(0, -1).every((k) => k === 'Shift')) return false;
  const key = action.chord[action.chord.length - 1];
  return key === 'Enter' || (key === ' ' && (role === 'button' || role === 'link'));
}

/**
 * What an approval asks about: the step's words, and where it would send the person or their data (the form and
 * origin a submit goes to, the address a link opens) when its element says so.
 */
export function approvalWords(w: Strings, step: Step): string {
  const action = actionWords(w, step.action, step.resolved);
  const target = step.resolved?.target;
  const destination = target?.kind === 'element' && goesThere(step.action, target.node.role) ? target.node.destination : undefined;
  if (!destination) return action;
  if (destination.kind === 'link') return fill(w.axOpensLink, { action, url: shown(destination.url, 120) });
  let origin: string;
  try {
    origin = new URL(destination.url).origin;
  } catch {
    origin = shown(destination.url, 120);
  }
  return destination.form === undefined || destination.form === ''
    ? fill(w.axSendsUnnamedForm, { action, origin })
    : fill(w.axSendsForm, { action, form: shown(destination.form, 80), origin });
}
