/**
 * The words the elements write themselves, in English. An app replaces any of them through the `strings`
 * property of an element; `{name}` placeholders are filled once by `fill()` and never interpreted.
 */
export const en = {
  // Streaming and structure
  loading: 'Loading…',
  placeholder: 'Loading {type}…',
  missing: 'This part of the screen did not arrive.',
  crashed: 'This part of the screen could not be shown.',
  unknownComponent: 'This part of the screen needs a newer version of the app.',
  newerVersion: 'This screen was made for a newer version of the app, so some of it may not show. Update the app to see all of it.',
  streaming: 'Generating the screen…',
  streamEnded: 'Screen ready.',
  connectionLost: 'The connection was lost before the screen was complete.',
  retry: 'Try again',
  cancel: 'Cancel',
  // Fields ([8.2]–[8.4])
  required: 'Fill in this field.',
  chooseOption: 'Choose an option.',
  turnOn: 'Turn this on to continue.',
  invalidEmail: 'Enter an email address, such as name@example.com.',
  invalidNumber: 'Enter a number.',
  invalidPhone: 'Enter a phone number.',
  invalidUrl: 'Enter a web address starting with http:// or https://.',
  tooShort: 'Enter at least {min} characters.',
  tooLong: 'Enter at most {max} characters.',
  dateTooEarly: 'Choose {min} or later.',
  dateTooLate: 'Choose {max} or earlier.',
  fieldErrors: 'Check the highlighted fields.',
  // Actions and confirmations ([9.1]–[9.3])
  confirmTitle: 'Please confirm',
  confirm: 'Confirm',
  actionBlocked: 'This action can’t be done from here.',
  actionFailed: 'Something went wrong. Nothing was changed.',
  actionRunning: 'Working…',
  actionDone: 'Done.',
  // Components
  rating: 'Rated {value} out of {max}',
  messageFromUser: 'You said',
  messageFromAssistant: 'Assistant said',
  selectPlaceholder: 'Choose…',
  imageMissing: 'Picture not available: {alt}',
  chartData: 'Data for {title}',
  chartCategory: 'Category',
  chartValue: 'Value',
  chartLegend: 'Legend',
  tableScroll: 'Table, scrolls sideways',
  on: 'On',
  off: 'Off',
  // omni-screen: why a governed Button can't be pressed while its approval may still arrive ([9])
  actionPending: 'Available once the screen has loaded.',
  // omni-screen: a Table's scroll region, named by its columns so two tables are told apart
  tableScrollNamed: 'Table of {columns}, scrolls sideways',
  // omni-screen: generate() ([10.1]–[10.11]); the sentence a person sees when a screen couldn't be made
  generateFailed: 'The screen could not be made.',
  generateBusy: 'The service is busy right now. Wait a moment, then try again.',
  generateStopped: 'Stopped before the screen was complete.',
  // omni-screen: the server asked to wait (Retry-After) before the Retry button works again
  retryIn: 'You can try again in {seconds} s.',
  // What a Notice's tone means, said before its text so it isn't carried by colour alone
  toneInfo: 'Note:',
  toneSuccess: 'Success:',
  toneWarning: 'Warning:',
  toneDanger: 'Important:',
  // ——— morph-screen: answer documents from the op stream ———
  // What stands in for a part of the answer that didn't arrive or couldn't be drawn
  answerMissing: 'This part of the answer did not arrive.',
  answerCrashed: 'This part of the answer could not be shown.',
  answerConnectionLost: 'The connection was lost before the answer was complete.',
  answerTruncated: 'The answer was cut short.',
  answerWriting: 'Writing the answer…',
  // Links and images from the stream
  opensInNewTab: '(opens in a new tab)',
  imageNotShown: 'Image not shown: {alt}',
  imageNotShownNoAlt: 'Image not shown',
  // Blocks
  taskDone: 'Done:',
  taskOpen: 'To do:',
  codeLanguage: 'Code, {lang}',
  codeBlock: 'Code',
  // FollowUps, Gallery, Map
  followUps: 'Suggested follow-ups',
  gallery: 'Pictures',
  mapPlaces: 'Places on the map',
  // Question and Quiz
  quizScore: 'You got {score} of {total} right.',
  quizDone: 'Quiz finished.',
  quizRight: 'Right.',
  quizWrong: 'Not quite. The answer is {answer}.',
  quizRecorded: 'Answer recorded.',
  quizYourAnswer: 'your answer',
  quizChoices: 'Choices for: {question}',
  // Poll
  pollVoted: 'You voted for {choice}.',
  pollChosen: 'your vote',
  // Checklist
  checklistProgress: '{done} of {total} done',
  // Flashcards
  flashcardPosition: 'Card {n} of {total}',
  flashcardShow: 'Show the answer',
  flashcardHide: 'Show the question',
  flashcardFront: 'Question',
  flashcardBack: 'Answer',
  flashcardKnown: 'I know this one',
  flashcardPrevious: 'Previous card',
  flashcardNext: 'Next card',
  flashcardsKnown: '{known} of {total} known',
  // What-if
  resultUnknown: 'Can’t be worked out for these values',
  // Forms
  formSent: 'Sent.',
  locationShare: 'Share my location',
  locationShared: 'Location shared (within {accuracy} m).',
  locationFailed: 'Your location could not be read.',
  scanCode: 'Scan a code',
  scanFailed: 'No code was found in that picture.',
  filesChosen: '{count} chosen',
  // Tabs and Details without a label of their own
  tabNumber: 'Tab {n}',
  detailsSummary: 'More',
} as const;

export type StringKey = keyof typeof en;
/** A complete set of the elements' words. */
export type Strings = Record<StringKey, string>;

// One fill() for every sentence built from words: the engine's, re-exported for the elements.
export { fill } from '../src/actions/fill.js';

/** Merges an app's replacements over the defaults; only known keys with string values are taken. */
export function mergeStrings(base: Strings, overrides?: Partial<Record<string, unknown>> | null): Strings {
  if (!overrides) return base;
  const out: Record<string, string> = { ...base };
  for (const key of Object.keys(base)) {
    const v = overrides[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out as Strings;
}
