/**
 * What an agent element hands down to the elements inside it (across shadow roots): its words, its locale,
 * its theme and its clock. Keys are registered symbols so two copies of the library on one page still agree.
 */
import { createContext } from '@lit/context';
import type { Strings } from '../../../strings/en.js';
import type { ThemeName } from '../../../themes/index.js';
import type { Clock } from './clock.js';

export type { ThemeName };

/** The complete set of words, after the app's replacements. */
export const stringsContext = createContext<Strings>(Symbol.for('agentic-elements.strings'));

/** A BCP 47 language tag, for `Intl` formatting. */
export const localeContext = createContext<string>(Symbol.for('agentic-elements.locale'));

/** The theme in effect: lets an element that reads colours in script (charts) know when to read again. */
export const themeContext = createContext<ThemeName>(Symbol.for('agentic-elements.theme'));

/** The clock the element's timers run on: a dialog inside an element waits on the element's (a test's manual one). */
export const clockContext = createContext<Clock>(Symbol.for('agentic-elements.clock'));
