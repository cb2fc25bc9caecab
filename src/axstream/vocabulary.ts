/**
 * The axstream 0.1 vocabulary as data: every action, its fields, their defaults and limits. The line reader
 * checks lines against this table and the system prompt is written from it, so the model is taught exactly
 * what the reader accepts, and a limit changed here changes both.
 */
import type { ActionName } from './types.js';

/** The format version this engine reads. */
export const AXSTREAM_VERSION = '0.1';

/**
 * Bounds a line can't exceed: a hostile or confused model can't ask for a ten-hour wait, a million scroll
 * clicks or a megabyte of typing. Each is checked before anything is kept or done.
 */
export const AX_LIMITS = Object.freeze({
  /** Longest line read, in UTF-16 code units; a longer one is skipped without being held. */
  maxLineLength: 16_384,
  /** Steps one burst may hold; lines past it are dropped (`too_many_steps`). */
  maxSteps: 1000,
  /** Issues a burst keeps in its list; listeners still hear every one. */
  maxIssues: 1000,
  /** Characters (code points: an emoji is one) one `type` may send. */
  maxTextLength: 4000,
  /** Keys in one chord. */
  maxChordKeys: 6,
  /** Longest `wait`, and longest `wait_until` timeout, in ms. */
  maxWaitMs: 30_000,
  /** Shortest and longest `wait_until` poll interval, in ms. */
  minPollMs: 20,
  maxPollMs: 5000,
  /** Most scroll clicks in one `scroll`. */
  maxScrollClicks: 50,
  /** Largest coordinate either way from the origin. */
  maxCoordinate: 100_000,
  /** Longest observation id, role, title, `open` target and `done` reason. */
  maxIdLength: 64,
  maxRoleLength: 64,
  maxTitleLength: 500,
  maxOpenLength: 2048,
  maxReasonLength: 2000,
});

/** What a field holds, which decides how it is checked and how the prompt shows it. */
export type FieldKind =
  /** A target object: `{"ax":{…}}` or `{"x":…,"y":…}`. */
  | 'target'
  /** A target that must be an element (`{"ax":{…}}`): a point can't appear or be asserted. */
  | 'element'
  /** Text to type. */
  | 'text'
  /** A list of key names. */
  | 'keys'
  /** `up`, `down`, `left` or `right`. */
  | 'direction'
  /** A plain string: an app name or a URL. */
  | 'location'
  /** A whole number within `min`…`max`. */
  | 'integer';

/** One field of an action: how it is checked, and how the prompt describes it. */
export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  readonly required: boolean;
  /** Used when the field is absent (only for optional fields). */
  readonly default?: number;
  readonly min?: number;
  readonly max?: number;
  /** One line for the prompt and the docs. */
  readonly about: string;
  /** A value the prompt's example line uses; it must pass the reader's checks (a test reads every example). */
  readonly example: unknown;
}

/** One action of the vocabulary and the fields it takes. */
export interface ActionSpec {
  readonly do: ActionName;
  readonly fields: readonly FieldSpec[];
  /** One line for the prompt and the docs. */
  readonly about: string;
}

const ELEMENT_EXAMPLE = { ax: { id: 'e12' } };
const target = (about = 'where to act'): FieldSpec => ({ name: 'target', kind: 'target', required: true, about, example: ELEMENT_EXAMPLE });

/** The 0.1 actions, in the order the prompt teaches them. */
export const ACTIONS: readonly ActionSpec[] = [
  { do: 'click', fields: [target()], about: 'click the element (primary button)' },
  { do: 'double_click', fields: [target()], about: 'double-click it' },
  { do: 'right_click', fields: [target()], about: 'right-click it (context menu)' },
  { do: 'move', fields: [target('what to hover over')], about: 'move the pointer over it without clicking' },
  {
    do: 'drag',
    fields: [
      { name: 'from', kind: 'target', required: true, about: 'where to press', example: { ax: { id: 'e4' } } },
      { name: 'to', kind: 'target', required: true, about: 'where to release', example: { ax: { role: 'list', title: 'Done' } } },
    ],
    about: 'press at one place, move to another and release',
  },
  {
    do: 'type',
    fields: [{ name: 'text', kind: 'text', required: true, max: AX_LIMITS.maxTextLength, about: 'the text; each \\n presses Enter', example: 'weather tokyo\n' }],
    about: 'type text into the focused element (click the field first)',
  },
  {
    do: 'key',
    fields: [{ name: 'keys', kind: 'keys', required: true, max: AX_LIMITS.maxChordKeys, about: 'one key, or a chord held together such as ["cmd","s"]', example: ['cmd', 's'] }],
    about: 'press a key or a chord',
  },
  {
    do: 'scroll',
    fields: [
      { name: 'direction', kind: 'direction', required: true, about: 'up, down, left or right', example: 'down' },
      {
        name: 'clicks',
        kind: 'integer',
        required: false,
        default: 1,
        min: 1,
        max: AX_LIMITS.maxScrollClicks,
        about: 'wheel clicks',
        example: 3,
      },
    ],
    about: 'scroll the view',
  },
  {
    do: 'open',
    fields: [{ name: 'target', kind: 'location', required: true, max: AX_LIMITS.maxOpenLength, about: 'an app name or a URL, as a plain string', example: 'https://example.com/' }],
    about: 'open an app or a URL (the runtime decides what may be opened)',
  },
  {
    do: 'wait',
    fields: [{ name: 'ms', kind: 'integer', required: true, min: 0, max: AX_LIMITS.maxWaitMs, about: 'milliseconds', example: 500 }],
    about: 'pause',
  },
  {
    do: 'wait_until',
    fields: [
      { name: 'target', kind: 'element', required: true, about: 'the element to wait for', example: { ax: { role: 'dialog', title: 'Share' } } },
      {
        name: 'timeout_ms',
        kind: 'integer',
        required: false,
        default: 2500,
        min: 0,
        max: AX_LIMITS.maxWaitMs,
        about: 'give up after this long',
        example: 5000,
      },
      {
        name: 'poll_ms',
        kind: 'integer',
        required: false,
        default: 120,
        min: AX_LIMITS.minPollMs,
        max: AX_LIMITS.maxPollMs,
        about: 'look again this often',
        example: 200,
      },
    ],
    about: 'wait until the element appears; fails the burst if it never does',
  },
];

/** The action table keyed by name. */
export const ACTION_SPECS: ReadonlyMap<string, ActionSpec> = new Map(ACTIONS.map((a) => [a.do, a]));

/**
 * Every field name some action takes. An action given one of these that it does not take is rejected rather
 * than run without it (a `type` with a `target` would otherwise type into whatever has focus); other unknown
 * fields are ignored, leaving room for the additive changes a minor version may bring.
 */
export const VOCABULARY_FIELDS: ReadonlySet<string> = new Set(ACTIONS.flatMap((a) => a.fields.map((f) => f.name)));
