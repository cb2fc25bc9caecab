// The playground: the script-tag build is loaded (it defines the elements and exports the engine), then the
// chosen format's element takes the stream's text as the feeder plays it. Editing the text, changing format or
// Reset starts a fresh element; issues are listed by line as the element reports them.
import type { SiteTheme } from '../theme.js';
import { createFeeder, type FeederState } from './feeder.js';
import { createIssueList } from './issues.js';
import type { Engine, Format, Session } from './formats/format.js';
import { omniIr } from './formats/omniIr.js';
import { opStream } from './formats/opStream.js';
import { axstream } from './formats/axstream.js';
import { oui } from './formats/oui.js';

const FORMATS: readonly Format[] = [omniIr, opStream, axstream, oui];

const byId = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the playground page has no #${id}`);
  return el as T;
};

const select = byId<HTMLSelectElement>('pg-format');
const input = byId<HTMLTextAreaElement>('pg-input');
const speed = byId<HTMLInputElement>('pg-speed');
const speedValue = byId<HTMLOutputElement>('pg-speed-value');
const play = byId<HTMLButtonElement>('pg-play');
const reset = byId<HTMLButtonElement>('pg-reset');
const sampleButton = byId<HTMLButtonElement>('pg-sample');
const stage = byId<HTMLDivElement>('pg-stage');
const progress = byId<HTMLParagraphElement>('pg-progress');
const issues = createIssueList(byId<HTMLOListElement>('pg-issues'), byId<HTMLElement>('pg-issue-count'), input);

const theme = (): SiteTheme => (document.documentElement.dataset.theme as SiteTheme | undefined) ?? 'system';
const format = (): Format => FORMATS.find((f) => f.id === select.value) ?? omniIr;

// The script-tag build sits beside the pages (docs-site/cdn/), one folder up from this script.
const engine = (await import(new URL('../cdn/agentic-elements.js', import.meta.url).href)) as Engine;

let session: Session | undefined;

/** A fresh element for the chosen format, its issues cleared: nothing of the last run survives. */
function restart(): void {
  stage.replaceChildren();
  issues.clear();
  session = undefined;
  feeder.reset();
}

function ensureSession(): Session {
  session ??= format().start({ stage, theme: theme(), engine, report: (issue) => issues.add(issue) });
  return session;
}

const words: Record<FeederState, string> = { idle: 'Play', playing: 'Pause', paused: 'Resume', done: 'Play again' };

const feeder = createFeeder({
  text: () => input.value,
  speed: () => Number(speed.value),
  write: (chunk) => ensureSession().write(chunk),
  end: () => ensureSession().end(),
  changed(position, total, state) {
    play.textContent = words[state];
    progress.textContent = state === 'idle' ? 'Nothing played yet.' : `${position} of ${total} characters${state === 'done' ? ', the stream has ended.' : '.'}`;
  },
});

play.addEventListener('click', () => {
  if (feeder.state === 'playing') return feeder.pause();
  if (feeder.state === 'done') restart();
  ensureSession();
  feeder.play();
});
reset.addEventListener('click', restart);
input.addEventListener('input', restart);
select.addEventListener('change', () => {
  input.value = format().sample;
  restart();
});
sampleButton.addEventListener('click', () => {
  input.value = format().sample;
  restart();
});
speed.addEventListener('input', () => {
  speedValue.textContent = `${speed.value} characters a second`;
});
document.addEventListener('docs-theme', (event) => session?.theme((event as CustomEvent<SiteTheme>).detail));

// A format this build can't draw stays disabled in the select (the page says which element it needs).
for (const option of select.options) option.disabled = !customElements.get(option.dataset.tag ?? '');
if (select.selectedOptions[0]?.disabled) select.value = FORMATS.find((f) => customElements.get(f.tag))?.id ?? select.value;
input.value = format().sample;
restart();
document.body.dataset.playground = 'ready';
