/**
 * The words the elements write themselves, in English: the words every element uses first, then each element's
 * own. Another language is a file beside this one with the same keys (`de.ts`), registered with
 * `registerLocale()` and picked by the element's `lang`. An app replaces any word through an element's `strings`
 * property; `{name}` placeholders are filled once by `fill()` and never interpreted.
 */
export const en = {
  // ——— Common: every element ———
  // Streaming and structure
  loading: 'Loading…',
  placeholder: 'Loading {type}…',
  missing: 'This part of the screen did not arrive.',
  crashed: 'This part of the screen could not be shown.',
  unknownComponent: 'This part of the screen needs a newer version of the app.',
  connectionLost: 'The connection was lost before the screen was complete.',
  // stream()'s source was a Response with an error status: the server's answer, not a lost connection
  serverAnswered: 'The server answered {status}, so the screen could not be loaded.',
  // stream()'s source was a web page (a login page, a proxy's error page), not the screen
  notTheFormat: 'The server sent a web page instead of the screen, so it could not be loaded.',
  retry: 'Try again',
  cancel: 'Cancel',
  // The server asked to wait (Retry-After) before the Retry button works again
  retryIn: 'You can try again in {seconds} s.',
  // Fields ([8.2]–[8.4] of Omni-IR; forms of the op stream too)
  required: 'Fill in this field.',
  chooseOption: 'Choose an option.',
  turnOn: 'Turn this on to continue.',
  // Beside a required field's label, visible (screen readers hear aria-required instead)
  requiredMark: '(required)',
  invalidEmail: 'Enter an email address, such as name@example.com.',
  invalidNumber: 'Enter a number.',
  invalidPhone: 'Enter a phone number.',
  invalidUrl: 'Enter a web address starting with http:// or https://.',
  tooShort: 'Enter at least {min} characters.',
  tooLong: 'Enter at most {max} characters.',
  dateTooEarly: 'Choose {min} or later.',
  dateTooLate: 'Choose {max} or earlier.',
  fieldErrors: 'Check the highlighted fields.',
  // Actions and confirmations
  confirmTitle: 'Please confirm',
  confirm: 'Confirm',
  // The confirmation's list of every param the action will receive (a box that scrolls)
  confirmDetails: 'What will be sent',
  confirmRequired: 'required',
  confirmEmptyValue: '(empty)',
  // Offered when the asker can refuse everything it has waiting at once: this request, the ones behind it, and what it runs
  confirmStopAll: 'Stop the assistant',
  // How many more requests of the same asker wait behind the one shown
  confirmWaitingOne: '1 more request from the assistant is waiting.',
  confirmWaitingMany: '{count} more requests from the assistant are waiting.',
  actionBlocked: 'This action can’t be done from here.',
  actionFailed: 'Something went wrong. Nothing was changed.',
  actionRunning: 'Working…',
  actionDone: 'Done.',
  // Nothing ran: what the person approved changed before it could run, or the confirmation couldn't be shown
  actionChanged: 'What you approved changed before it could run, so nothing was done. Check it and try again.',
  actionUnseen: 'The confirmation could not be shown here, so nothing was done.',
  // Charts and tables
  chartData: 'Data for {title}',
  chartCategory: 'Category',
  chartValue: 'Value',
  chartUnread: 'Left out of the chart, as they could not be read: {count}.',
  chartValueUnread: '{value} (could not be read)',
  chartLegend: 'Legend',
  chartUnavailable: 'The chart could not be drawn, so here are its values. Reloading the page may bring it back.',
  tableScroll: 'Table, scrolls sideways',
  // Small words
  on: 'On',
  off: 'Off',
  selectPlaceholder: 'Choose…',
  imageMissing: 'Picture not available: {alt}',

  // ——— <omni-screen> ———
  newerVersion: 'This screen was made for a newer version of the app, so some of it may not show. Update the app to see all of it.',
  streaming: 'Generating the screen…',
  streamEnded: 'Screen ready.',
  rating: 'Rated {value} out of {max}',
  messageFromUser: 'You said',
  messageFromAssistant: 'Assistant said',
  // Why a governed Button can't be pressed while its approval may still arrive ([9])
  actionPending: 'Available once the screen has loaded.',
  // A confirmation withdrawn because an update changed what it asked about ([10.31])
  actionWithdrawn: 'What you were asked to confirm changed on the screen, so nothing was done.',
  // A press sent to the server got no answer (in time, or at all), or the person stopped waiting for it
  actionNoAnswer: 'No answer came, so it may or may not have been done. Try again to find out: it is done at most once.',
  actionStopped: 'You stopped waiting, so it may or may not have been done. Try again to find out: it is done at most once.',
  // A Table's scroll region, named by its columns so two tables are told apart
  tableScrollNamed: 'Table of {columns}, scrolls sideways',
  // generate() ([10.1]–[10.11]): the sentence a person sees when a screen couldn't be made
  generateFailed: 'The screen could not be made.',
  generateServerAnswered: 'The server answered {status}, so the screen could not be made.',
  generateBusy: 'The service is busy right now. Wait a moment, then try again.',
  generateStopped: 'Stopped before the screen was complete.',
  // What a Notice's tone means, said before its text so it isn't carried by colour alone
  toneInfo: 'Note:',
  toneSuccess: 'Success:',
  toneWarning: 'Warning:',
  toneDanger: 'Important:',

  // ——— <oui-surface> ———
  // The indicator while an agent acts on a surface; {description} is the action's description, {progress} 0–100
  ouiIndicatorLabel: 'What the assistant is doing',
  ouiRunning: 'Assistant: {description}',
  ouiConfirming: 'Waiting for your confirmation: {description}',
  // Requests that need the person, waiting behind the question open now
  ouiWaitingOne: '1 more request waits for your confirmation',
  ouiWaitingMany: '{count} more requests wait for your confirmation',
  ouiProgress: 'Assistant: {description}, {progress}% done',
  ouiFollowing: 'Assistant: {description}, still in progress',
  ouiProgressLabel: 'Progress of {description}',
  ouiStop: 'Stop',
  ouiStopLabel: 'Stop: {description}',
  // Said politely when an action the person saw start has ended
  ouiDone: 'Done: {description}',
  ouiFailed: 'Could not finish: {description}',
  ouiStopped: 'Stopped: {description}',
  // The confirmation dialog: what the assistant asks to do (every param is listed below it, in full)
  ouiConfirmIntro: 'The assistant asks to do this: {description}',
  ouiConfirmAction: 'Action: {action}',
  ouiConfirmNoParams: 'No details were given.',

  // ——— <ax-runner>: the words it shows while a model operates the page ———
  // The list of steps, its heading and each step's state (said in words, not only by an icon)
  axSteps: 'Steps',
  axRound: 'Look {number}',
  axQueued: 'Waiting',
  axRunning: 'Doing',
  axDone: 'Done',
  axFailed: 'Failed',
  axHeld: 'Needs your approval',
  axRefused: 'Not allowed',
  axWithdrawn: 'Withdrawn: the reply was cut off',
  axNotRun: 'Not done',
  axDroppedOne: 'Skipped 1 line the assistant wrote that could not be read.',
  axDroppedMany: 'Skipped {count} lines the assistant wrote that could not be read.',
  axOverLimitOne: 'Skipped 1 more line: one reply can hold at most {max} steps.',
  axOverLimitMany: 'Skipped {count} more lines: one reply can hold at most {max} steps.',
  // A long run of steps: the latest are shown, the rest folded away until the person asks
  axEarlierSteps: '{count} earlier steps are not shown.',
  axShowAllSteps: 'Show all {count} steps',
  axShowLatestSteps: 'Show only the latest steps',
  axLaterWaiting: '{count} more steps waiting.',
  axLaterNotRun: '{count} more steps not done.',
  // A target that matched more than one element equally well
  axAlsoMatched: 'Also matched {others}; the first was used.',
  // A step in plain words: what it does ({target} is an element or a point)
  axClick: 'Click {target}',
  axDoubleClick: 'Double-click {target}',
  axRightClick: 'Right-click {target}',
  axMove: 'Point at {target}',
  axDrag: 'Drag {from} to {to}',
  axType: 'Type “{text}”',
  axTypeInto: 'Type “{text}” into {target}',
  axKey: 'Press {keys}',
  axKeyIn: 'Press {keys} in {target}',
  axScroll: 'Scroll {direction}',
  axScrollMore: 'Scroll {direction} ({clicks} times)',
  axOpen: 'Open {url}',
  axWait: 'Wait {seconds} s',
  axWaitUntil: 'Wait for {target}',
  axAssert: 'Check that {target} is there',
  axObserve: 'Look at the page again',
  axFinish: 'Finish',
  axElement: '{role} “{name}”',
  axElementUnnamed: 'the {role}',
  axNamed: '“{name}”',
  axPoint: 'the point ({x}, {y})',
  axUp: 'up',
  axDown: 'down',
  axLeft: 'left',
  axRight: 'right',
  // The approval asked for a risky step, in the shared confirmation dialog
  axConfirm: 'The assistant wants to: {action}. This may be hard to undo. Allow it?',
  // Where the step would send the person or their data, after the step's words in the approval
  axSendsForm: '{action} (sends the form “{form}” to {url})',
  axSendsUnnamedForm: '{action} (sends a form to {url})',
  axOpensLink: '{action} (opens {url})',
  // The approval's list of whole values (what the sentence may have had to shorten)
  axValueText: 'Text typed',
  axValueAddress: 'Address',
  axValueForm: 'Form sent to',
  // The status line of a run, and its Stop button
  axStop: 'Stop',
  axWorking: 'The assistant is working on the page…',
  axFinished: 'The assistant has finished.',
  axStopped: 'Stopped.',
  axCouldNotRun: 'The assistant could not go on.',
  axBusy: 'The assistant’s service is busy. Wait a moment, then try again.',
  // How a burst or a run ended
  axOutcomeDone: 'Finished: the task is done.',
  axOutcomeGaveUp: 'The assistant could not finish: {detail}',
  axOutcomeObserve: 'The assistant is taking another look at the page.',
  axOutcomeUnfinished: 'The steps ran, but the reply ended without saying whether the task is done.',
  axOutcomeTruncated: 'The reply was cut off in the middle of a step, so that step was not done.',
  axOutcomeNoActions: 'The reply had no steps to run.',
  axOutcomeNoActionsTwice: 'The assistant stopped: it answered twice without any steps to run.',
  axOutcomeAborted: 'Stopped before the steps were finished.',
  // stream()'s source failed: the server answered with an error status, or the connection was lost
  axOutcomeServerAnswered: 'Stopped: the server answered {status}, so there were no steps to run.',
  axOutcomeConnectionLost: 'Stopped: the connection was lost before the reply was complete.',
  axOutcomeRefused: 'Stopped: a step that needed your approval was not done.',
  axOutcomeFailed: 'Stopped: a step could not be done. {detail}',
  // Below the failed step, which shows the reason itself
  axOutcomeFailedShown: 'Stopped: a step could not be done.',
  axOutcomeChanged: 'Stopped: the page changed after you approved the step, so it was not done.',
  axOutcomeWithdrawn: 'The reply was cut off, so the step waiting for your approval was withdrawn and not done.',
  axOutcomeUnseen: 'Stopped: a step needs your approval, but the assistant can’t be seen on the page to ask you.',
  axOutcomeDiverted: 'Stopped: the step would have pressed something other than what was checked, so nothing was pressed.',
  axOutcomeMaxBursts: 'The assistant stopped after {count} looks without finishing.',
  // run()'s model failed in the middle of its reply
  axOutcomeModelFailed: 'Stopped: the assistant’s reply broke off, so the steps after that were not done.',
  // Said politely to assistive technology as steps change
  axSaidStep: '{action}: {state}.',
  axSaidSteps: '{count} steps done, the latest: {action}.',

  // ——— <morph-screen>: answer documents from the op stream ———
  // What stands in for a part of the answer that didn't arrive or couldn't be drawn
  answerMissing: 'This part of the answer did not arrive.',
  answerCrashed: 'This part of the answer could not be shown.',
  // A position no readable op came for (a line cut off or unreadable): a gap, until a retry fills it
  answerUnread: 'A part of the answer could not be read.',
  answerConnectionLost: 'The connection was lost before the answer was complete.',
  answerServerAnswered: 'The server answered {status}, so the answer could not be loaded.',
  answerNotTheFormat: 'The server sent a web page instead of the answer, so it could not be loaded.',
  answerTruncated: 'The answer was cut short.',
  answerWriting: 'Writing the answer…',
  // The app's hook couldn't bring the next answer (respond threw)
  answerNextFailed: 'The next answer could not be loaded. Your answer is still here; try again.',
  // respond's next answer has been written in place of the one acted on
  answerArrived: 'The next answer is here.',
  // Links and images from the stream
  opensInNewTab: '(opens in a new tab)',
  imageNotShown: 'Image not shown: {alt}',
  imageNotShownNoAlt: 'Image not shown',
  // A Button linking somewhere a page doesn't follow from a model (mailto:, a relative address)
  linkNotOpened: 'This link can’t be opened here: {url}',
  // Blocks
  taskDone: 'Done:',
  taskOpen: 'To do:',
  codeLanguage: 'Code, {lang}',
  codeBlock: 'Code',
  // A code block's button that copies its code, and what is said once it did (or couldn't)
  codeCopy: 'Copy code',
  codeCopied: 'Copied',
  codeCopyFailed: 'The code could not be copied.',
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
  formAlreadySent: 'Already sent. Change something to send it again.',
  locationShare: 'Share my location',
  locationShared: 'Location shared (within {accuracy} m).',
  locationFailed: 'Your location could not be read.',
  scanCode: 'Scan a code',
  scanFailed: 'No code was found in that picture.',
  filesChosen: '{count} chosen',
  // Tabs and Details without a label of their own
  tabNumber: 'Tab {n}',
  detailsSummary: 'More',

  // ——— Words that were English in every language (issue 29) ———
  // The role of the element a step acts on, in the step's words ({role} of axElement, axElementUnnamed)
  axRoleButton: 'button',
  axRoleLink: 'link',
  axRoleTextbox: 'textbox',
  axRoleSearchbox: 'search box',
  axRoleCheckbox: 'checkbox',
  axRoleRadio: 'radio button',
  axRoleCombobox: 'combo box',
  axRoleListbox: 'list box',
  axRoleOption: 'option',
  axRoleMenuitem: 'menu item',
  axRoleTab: 'tab',
  axRoleSwitch: 'switch',
  axRoleSlider: 'slider',
  axRoleSpinbutton: 'number field',
  axRoleHeading: 'heading',
  axRoleImage: 'image',
  axRoleOther: 'element',

  // Why a step of <ax-runner> failed, was refused or withdrawn: one word for each code of the engine's
  // Step.reason ({target} as the step names it, {ms} and {line} as the locale writes numbers)
  axWhyNoFinder: 'The page can’t be searched for the element this step needs.',
  axWhyNoMatch: 'Nothing on the page matches {target}.',
  axWhyLookupFailed: 'Looking for {target} on the page failed.',
  axWhyNotAppeared: '{target} did not appear within {ms} ms.',
  axWhyAmbiguous: 'More than one element matches {target}, so this step was not done: a step that needs your approval must name exactly one.',
  axWhyActFailed: 'The page did not let this step be done.',
  axWhyDiverted: 'The page changed while the step ran, so nothing was pressed.',
  axWhyChanged: 'The page changed after the step was approved, so it was not done.',
  axWhyCheckFailed: 'Whether the page was unchanged after the approval could not be checked, so the step was not done.',
  axWhyPolicyRefused: 'Steps that need approval are not allowed here.',
  axWhyNoApprover: 'This step needs approval, and there was no one to ask.',
  axWhyPersonRefused: 'You did not allow it.',
  axWhyApprovalFailed: 'Your approval could not be asked.',
  axWhyApprovalUnseen: 'Your approval could not be asked where you would see it.',
  axWhyWithdrawn: 'The reply was cut off in line {line}, so this step was withdrawn.',
  axWhyStopped: 'Stopped before it finished.',
} as const;

export type StringKey = keyof typeof en;
/** A complete set of the elements' words. */
export type Strings = Record<StringKey, string>;

// One fill() for every sentence built from words: the engine's, re-exported for the elements.
export { fill } from '../src/actions/index.js';

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
