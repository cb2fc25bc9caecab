/**
 * The one text path for words a model wrote: every element shows stream text through `streamText()`, so what a
 * person reads is what the app, the backend and assistive technology get. It removes the direction controls that
 * could make a value show something else than it says (see src/stream/directionControls.ts); each element's
 * stylesheet isolates the runs it draws (`unicode-bidi: isolate`), so right-to-left text can't reorder the words
 * around it. The value itself is never changed, only what is shown.
 */
import { withoutDirectionControls } from '../../../src/stream/index.js';

/** Stream text as it may be shown: without the direction controls that would make it show something else. */
export const streamText = (value: string): string => withoutDirectionControls(value);
