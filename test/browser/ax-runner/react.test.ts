// A controlled React 19 input: React keeps a value tracker on the element and re-renders from its state, so
// typing that set `value` plainly would be undone. Typed by the runner, the state follows every character,
// Enter submits the form, and a checkbox and a select under React's control change through onChange too.
import { expect } from '@open-wc/testing';
import { createElement, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, byName, runnerFor, reply } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

let host: HTMLElement | null = null;
let root: Root | null = null;
let runner: AxRunnerElement | null = null;
afterEach(() => {
  flushSync(() => root?.unmount());
  host?.remove();
  runner?.remove();
  host = root = runner = null;
});

const seen: { name: string[]; submitted: string[]; breakfast: boolean[]; guests: string[] } = { name: [], submitted: [], breakfast: [], guests: [] };

function Booking() {
  const [name, setName] = useState('');
  const [breakfast, setBreakfast] = useState(false);
  const [guests, setGuests] = useState('1');
  return createElement(
    'form',
    {
      onSubmit: (e: Event) => {
        e.preventDefault();
        seen.submitted.push(name);
      },
    },
    createElement('label', null, 'Guest name ', createElement('input', {
      value: name,
      onChange: (e: { target: HTMLInputElement }) => {
        // A controlled field that upper-cases as you type: React writes the value back each time.
        const next = e.target.value.toUpperCase();
        seen.name.push(next);
        setName(next);
      },
    })),
    createElement('label', null, createElement('input', {
      type: 'checkbox',
      checked: breakfast,
      onChange: (e: { target: HTMLInputElement }) => {
        seen.breakfast.push(e.target.checked);
        setBreakfast(e.target.checked);
      },
    }), ' Breakfast'),
    createElement('select', {
      'aria-label': 'Guests',
      value: guests,
      onChange: (e: { target: HTMLSelectElement }) => {
        seen.guests.push(e.target.value);
        setGuests(e.target.value);
      },
    }, createElement('option', { value: '1' }, 'One'), createElement('option', { value: '2' }, 'Two')),
    createElement('button', { type: 'submit' }, 'Book'),
  );
}

describe('ax-runner with React 19', () => {
  it('types into a controlled input through its onChange, submits with Enter, toggles a controlled checkbox and select', async () => {
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    flushSync(() => root!.render(createElement(Booking)));
    // Enter submits the form, which would ask first: approvals are tested in approvals.test.ts.
    runner = await runnerFor(host, { policy: 'allow' });
    const outcome = await runner.stream(
      reply(
        'Booking for Ada.',
        act({ do: 'click', target: byName('AXTextField', 'Guest name') }),
        act({ do: 'type', text: 'ada\n' }),
        act({ do: 'click', target: byName('AXCheckBox', 'Breakfast') }),
        act({ do: 'click', target: byName('combobox', 'Guests') }),
        act({ do: 'type', text: 'Two' }),
      ),
    );
    expect(outcome.reason).to.equal('unfinished');
    const input = host.querySelector('input')!;
    expect(input.value).to.equal('ADA');
    expect(seen.name).to.deep.equal(['A', 'AD', 'ADA']);
    expect(seen.submitted).to.deep.equal(['ADA']);
    expect(seen.breakfast).to.deep.equal([true]);
    expect((host.querySelector('[type=checkbox]') as HTMLInputElement).checked).to.equal(true);
    expect(seen.guests).to.deep.equal(['2']);
    expect(host.querySelector('select')!.value).to.equal('2');
  });
});
