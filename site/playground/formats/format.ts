// What the playground needs of each format: the element that draws (or runs) it, a sample, and a way to start a
// session in the stage that takes the stream's text as it is played and reports issues by line.
import type * as engine from '../../../elements/cdn.js';
import type { SiteTheme } from '../../theme.js';
import type { PlaygroundIssue } from '../issues.js';

/** The engine's API (the core and every format's entry), as the script-tag build (cdn/agentic-elements.js) exports it beside the elements. */
export type Engine = typeof engine;

export interface StartContext {
  /** Where the session draws: emptied before each start. */
  readonly stage: HTMLElement;
  readonly theme: SiteTheme;
  readonly engine: Engine;
  report(issue: PlaygroundIssue): void;
}

export interface Session {
  write(text: string): void;
  end(): void;
  /** The site's theme changed. */
  theme(theme: SiteTheme): void;
}

export interface Format {
  /** The value of the format select's option. */
  readonly id: string;
  /** The element it needs; the option is disabled where the build doesn't define it. */
  readonly tag: string;
  readonly sample: string;
  start(context: StartContext): Session;
}

/** An element the playground writes a stream into: each of the stream elements has these. */
export interface StreamElement extends HTMLElement {
  theme?: SiteTheme;
  write(chunk: string): void;
  end(): void;
}

/** A small log under a stage (what happened, for the person), with `role="log"` so it is read as it grows. */
export function createLog(stage: HTMLElement, label: string): (text: string) => void {
  const title = document.createElement('h3');
  title.textContent = label;
  title.id = `pg-log-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const region = document.createElement('div');
  region.setAttribute('role', 'log');
  region.setAttribute('aria-labelledby', title.id);
  const log = document.createElement('ol');
  log.className = 'pg-log';
  region.append(log);
  stage.append(title, region);
  return (text) => {
    const item = document.createElement('li');
    item.textContent = text;
    log.append(item);
  };
}
