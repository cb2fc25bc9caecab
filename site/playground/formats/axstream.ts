// axstream in <ax-runner>, acting on a small sample page drawn above it (a newsletter form): `scope` keeps it
// there. Dropped lines and failed steps are the issues; a risky step waits for the person's approval.
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import sample from '../samples/axstream.txt';
import { createLog, type Format } from './format.js';

/** The sample page: a labelled form whose submit says what it did, so the steps' effect shows. */
function samplePage(): { page: HTMLElement; said: (text: string) => void } {
  const page = document.createElement('form');
  page.className = 'pg-sample-page';
  page.setAttribute('aria-labelledby', 'pg-sample-title');
  const title = document.createElement('h3');
  title.id = 'pg-sample-title';
  title.textContent = 'Sample page: newsletter';
  const field = (label: string, name: string, type: string) => {
    const wrap = document.createElement('label');
    const input = document.createElement('input');
    input.name = name;
    input.type = type;
    if (type === 'checkbox') wrap.append(input, ` ${label}`);
    else wrap.append(`${label} `, input);
    return wrap;
  };
  const submit = document.createElement('button');
  submit.type = 'submit';
  submit.textContent = 'Subscribe';
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'pg-sample-status';
  page.append(title, field('Name', 'name', 'text'), field('Email', 'email', 'email'), field('Weekly digest', 'weekly', 'checkbox'), submit, status);
  page.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(page);
    status.textContent = `Subscribed ${String(data.get('name') || 'nobody')} <${String(data.get('email') || 'no email')}>${data.get('weekly') ? ', weekly digest' : ''}.`;
  });
  return { page, said: (text) => (status.textContent = text) };
}

export const axstream: Format = {
  id: 'axstream',
  tag: 'ax-runner',
  sample,
  start({ stage, theme, report }) {
    const { page } = samplePage();
    const runner = document.createElement('ax-runner') as AxRunnerElement;
    runner.theme = theme;
    runner.scope = page;
    stage.append(page, runner);
    const log = createLog(stage, 'How it ended');
    runner.addEventListener('ax-issue', (e) => report(e.issue));
    runner.addEventListener('ax-step', (e) => {
      const { step } = e;
      if (step.status === 'failed') report({ line: step.line, severity: 'error', code: 'step_failed', message: step.error ?? 'the step failed' });
    });
    runner.addEventListener('ax-end', (e) => log(`${e.outcome.reason}${e.outcome.detail ? `: ${e.outcome.detail}` : ''}`));
    return {
      write: (text) => runner.write(text),
      end: () => runner.end(),
      theme: (t) => (runner.theme = t),
    };
  },
};
