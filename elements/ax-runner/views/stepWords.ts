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
import { fillPieces, plainValue, type ParamDetail } from '../../../src/actions/index.js';
import {
  ariaRoles,
  type Resolved,
  type Step,
  type StepStatus,
  type AxNode,
  type AxAction,
  type AxTarget,
  type StepReason,
  type StepReasonCode,
  type Target,
} from '../../../src/axstream/index.js';
import { numberFormat } from '../../shared/base/locale.js';
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
    case 'withdrawn':
      return w.axWithdrawn;
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

function where<T>(say: Say<T>, w: Strings, target: Target, resolved?: Resolved, activates?: AxNode | null): T | string {
  // A pointer step is named by what it activates (the button inside a card, the element under a point).
  if (activates) return named(say, w, activates.role, activates.name);
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
      return say(w.axClick, { target: where(say, w, action.target, resolved?.target, resolved?.activates) });
    case 'double_click':
      return say(w.axDoubleClick, { target: where(say, w, action.target, resolved?.target, resolved?.activates) });
    case 'right_click':
      return say(w.axRightClick, { target: where(say, w, action.target, resolved?.target, resolved?.activates) });
    case 'move':
      return say(w.axMove, { target: where(say, w, action.target, resolved?.target, resolved?.activates) });
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

/**
 * Where the step would send the person or their data: where the control it activates leads. A backend that doesn't
 * say what a step activates (a remote one) is taken at its word for a click: it goes where its element leads.
 */
function leadsTo(step: Step): AxNode['destination'] {
  const r = step.resolved;
  if (r?.activates !== undefined) return r.activates?.destination;
  const a = step.action;
  const clicks = a.op === 'act' && (a.do === 'click' || a.do === 'double_click');
  return clicks && r?.target?.kind === 'element' ? r.target.node.destination : undefined;
}

/**
 * What an approval asks about: the step's words, and where it would send the person or their data (the whole
 * address a link opens, the whole action a form is sent to), judged on the control the step activates.
 */
export function approvalWords(w: Strings, step: Step): string {
  const action = actionWords(w, step.action, step.resolved);
  const destination = leadsTo(step);
  if (!destination) return action;
  const url = shown(destination.url, 200);
  if (destination.kind === 'link') return fill(w.axOpensLink, { action, url });
  return destination.form === undefined || destination.form === ''
    ? fill(w.axSendsUnnamedForm, { action, url })
    : fill(w.axSendsForm, { action, form: shown(destination.form, 80), url });
}

/**
 * The values an approval lists whole, in the dialog's scrolling box, where its sentence may have shortened them:
 * the text a step types (as its snapshot shows it: a secret as dots), the address it opens, the action a form goes to.
 */
export function approvalDetails(w: Strings, step: Step): ParamDetail[] {
  const out: ParamDetail[] = [];
  const value = (name: string, text: string) => out.push({ name, value: streamText(text), required: false });
  const action = step.action;
  if (action.op === 'act' && action.do === 'type') value(w.axValueText, action.text.replace(/\n/g, '⏎\n'));
  if (action.op === 'act' && action.do === 'open') value(w.axValueAddress, action.target);
  const destination = leadsTo(step);
  if (destination) value(destination.kind === 'link' ? w.axValueAddress : w.axValueForm, destination.url);
  return out;
}

// A step's reason in the person's words: each code of the engine's Step.reason has its sentence; the values are
// the target as the step names it and numbers as the locale writes them. Text from a backend or an approval
// (`detail`) is the model's to read, not the person's: it stays in `error`.
const WHY: { readonly [C in StepReasonCode]: StringKey } = {
  no_finder: 'axWhyNoFinder',
  no_match: 'axWhyNoMatch',
  lookup_failed: 'axWhyLookupFailed',
  not_appeared: 'axWhyNotAppeared',
  ambiguous: 'axWhyAmbiguous',
  act_failed: 'axWhyActFailed',
  diverted: 'axWhyDiverted',
  changed: 'axWhyChanged',
  check_failed: 'axWhyCheckFailed',
  policy_refused: 'axWhyPolicyRefused',
  no_approver: 'axWhyNoApprover',
  person_refused: 'axWhyPersonRefused',
  approval_failed: 'axWhyApprovalFailed',
  approval_unseen: 'axWhyApprovalUnseen',
  withdrawn: 'axWhyWithdrawn',
  stopped: 'axWhyStopped',
};

function why<T>(say: Say<T>, w: Strings, locale: string, reason: StepReason | undefined, english: string): T | string {
  // A code this element doesn't know (an engine newer than it): the engine's own sentence.
  if (!reason || !Object.hasOwn(WHY, reason.code)) return streamText(english);
  const values: Record<string, string | T> = {};
  if ('target' in reason) values['target'] = written(say, w, reason.target);
  if ('ms' in reason) values['ms'] = numberFormat(locale).format(reason.ms);
  if ('line' in reason) values['line'] = numberFormat(locale).format(reason.line);
  return say(w[WHY[reason.code]], values);
}

/** Why a step failed, was refused or withdrawn, as one string (the status line). `english`: the engine's sentence. */
export function reasonWords(w: Strings, locale: string, reason: StepReason | undefined, english: string): string {
  return why(asText, w, locale, reason, english);
}

/** The same as runs for the step log, each value isolated. */
export function reasonRuns(w: Strings, locale: string, step: Step): TemplateResult | string {
  return why(asRuns, w, locale, step.reason, step.error ?? '');
}
