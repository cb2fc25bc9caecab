// Every action kind against a test page, performed as a person's would be: what the page hears, in order, and
// what changes. Each test streams a reply through a real <ax-runner> over a scope.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, byName, recorder, runLines } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

const POINTER = ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove', 'pointerdown', 'mousedown', 'focus', 'pointerup', 'mouseup', 'click', 'dblclick', 'contextmenu', 'pointerout', 'pointerleave', 'mouseout', 'mouseleave'];
const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.remove();
});
async function run(scope: Element, lines: string[], props: Partial<AxRunnerElement> = {}) {
  const r = await runLines(scope, lines, props);
  runners.push(r.runner);
  return r;
}

describe('ax-runner actions', () => {
  it('click: pointer and mouse events at the centre, focus, then click; an inner element is what is hit', async () => {
    const el = await area(html`<button id="b"><span class="icon">★</span> Save</button>`);
    const button = el.querySelector('button')!;
    const rec = recorder(button, POINTER);
    let at: MouseEvent | null = null;
    button.addEventListener('click', (e) => (at = e));
    const { outcome } = await run(el, [act({ do: 'click', target: byName('AXButton', 'Save') })]);
    expect(outcome.reason).to.equal('unfinished');
    expect(rec.heard).to.deep.equal(['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove', 'pointerdown', 'mousedown', 'focus', 'pointerup', 'mouseup', 'click']);
    const box = button.getBoundingClientRect();
    expect(Math.abs(at!.clientX - (box.left + box.width / 2))).to.be.below(1);
    expect(Math.abs(at!.clientY - (box.top + box.height / 2))).to.be.below(1);
    expect(document.activeElement).to.equal(button);
    expect(at!.detail).to.equal(1);
  });

  it('double_click sends two clicks and a dblclick; right_click ends in contextmenu without a click; move hovers', async () => {
    const el = await area(html`<div tabindex="0" role="button" aria-label="Tile">Tile</div><button>Other</button>`);
    const tile = el.querySelector('[role=button]')!;
    const rec = recorder(tile, ['click', 'dblclick', 'contextmenu', 'mouseover', 'mouseleave']);
    await run(el, [act({ do: 'double_click', target: byName('button', 'Tile') }), act({ do: 'right_click', target: byName('button', 'Tile') }), act({ do: 'move', target: byName('button', 'Other') })]);
    expect(rec.heard).to.deep.equal(['mouseover', 'click', 'click', 'dblclick', 'contextmenu', 'mouseleave']);
    expect((rec.events.find((e) => e.type === 'contextmenu') as MouseEvent).button).to.equal(2);
  });

  it('a disabled button is not pressed: the step fails saying so', async () => {
    const el = await area(html`<button disabled>Pay</button>`);
    const rec = recorder(el, ['click', 'pointerdown']);
    const { outcome } = await run(el, [act({ do: 'click', target: byName('button', 'Pay') })]);
    expect(outcome.reason).to.equal('failed');
    expect(outcome.detail).to.match(/button "Pay" is disabled/);
    expect(rec.heard).to.deep.equal([]);
  });

  it('links: a same-origin link is followed; one to another origin is refused before the click', async () => {
    const el = await area(html`<a href="#ax-followed">Same page</a><a href="https://elsewhere.example/x">Elsewhere</a>`);
    const { outcome } = await run(el, [act({ do: 'click', target: byName('link', 'Same page') })]);
    expect(outcome.reason).to.equal('unfinished');
    expect(location.hash).to.equal('#ax-followed');
    history.replaceState(null, '', location.pathname + location.search);
    const rec = recorder(el, ['click']);
    const off = await run(el, [act({ do: 'click', target: byName('link', 'Elsewhere') })]);
    expect(off.outcome.reason).to.equal('failed');
    expect(off.outcome.detail).to.match(/https:\/\/elsewhere\.example.*does not allow/);
    expect(rec.heard).to.deep.equal([]);
  });

  it('type: keydown, keypress, beforeinput, input and keyup per character, change at the end; \\n presses Enter and submits', async () => {
    const el = await area(html`<form><label>Name <input name="n" /></label><button>Send</button></form>`);
    const input = el.querySelector('input')!;
    const form = el.querySelector('form')!;
    let submitted = 0;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted++;
    });
    const rec = recorder(input, ['keydown', 'keypress', 'beforeinput', 'input', 'keyup', 'change']);
    await run(el, [act({ do: 'click', target: byName('textbox', 'Name') }), act({ do: 'type', text: 'Ad' })]);
    expect(input.value).to.equal('Ad');
    expect(rec.heard).to.deep.equal(['keydown', 'keypress', 'beforeinput', 'input', 'keyup', 'keydown', 'keypress', 'beforeinput', 'input', 'keyup', 'change']);
    expect((rec.events[3] as InputEvent).inputType).to.equal('insertText');
    expect((rec.events[3] as InputEvent).data).to.equal('A');
    // Submitting a form asks first (approvals.test.ts); here the app allows it.
    await run(el, [act({ do: 'type', text: 'a\n' })], { policy: 'allow' });
    expect(input.value).to.equal('Ada');
    expect(submitted).to.equal(1);
  });

  it('typing a page cancels (beforeinput prevented) does not change the field; a read-only field refuses', async () => {
    const el = await area(html`<input aria-label="Code" /><input aria-label="Fixed" readonly value="x" />`);
    const code = el.querySelector('input')!;
    code.addEventListener('beforeinput', (e) => {
      if ((e as InputEvent).data === '!') e.preventDefault();
    });
    await run(el, [act({ do: 'click', target: byName('textbox', 'Code') }), act({ do: 'type', text: 'a!b' })]);
    expect(code.value).to.equal('ab');
    const { outcome } = await run(el, [act({ do: 'click', target: byName('textbox', 'Fixed') }), act({ do: 'type', text: 'y' })]);
    expect(outcome.reason).to.equal('failed');
    expect(outcome.detail).to.match(/read-only/);
  });

  it('type with nothing focused fails, telling the model to click the field first', async () => {
    const el = await area(html`<p>Nothing to type in</p>`);
    (document.activeElement as HTMLElement | null)?.blur();
    const { outcome } = await run(el, [act({ do: 'type', text: 'x' })]);
    expect(outcome.detail).to.match(/nothing has focus/);
  });

  it('dates and numbers are set whole; a textarea takes \\n as a line break', async () => {
    const el = await area(html`<input type="date" aria-label="Arrival" /><input type="number" aria-label="Nights" /><textarea aria-label="Notes"></textarea>`);
    await run(el, [
      act({ do: 'click', target: byName('textbox', 'Arrival') }),
      act({ do: 'type', text: '2025-07-14' }),
      act({ do: 'click', target: byName('spinbutton', 'Nights') }),
      act({ do: 'type', text: '-3' }),
      act({ do: 'click', target: byName('textbox', 'Notes') }),
      act({ do: 'type', text: 'one\ntwo' }),
    ]);
    expect((el.querySelector('[type=date]') as HTMLInputElement).value).to.equal('2025-07-14');
    expect((el.querySelector('[type=number]') as HTMLInputElement).value).to.equal('-3');
    expect(el.querySelector('textarea')!.value).to.equal('one\ntwo');
  });

  it('contenteditable: typed through the editing commands, with beforeinput and input', async () => {
    const el = await area(html`<div contenteditable="true" aria-label="Editor" role="textbox"></div>`);
    const editor = el.querySelector('[contenteditable]') as HTMLElement;
    const rec = recorder(editor, ['beforeinput', 'input']);
    await run(el, [act({ do: 'click', target: byName('textbox', 'Editor') }), act({ do: 'type', text: 'Hi you' })]);
    expect(editor.textContent).to.equal('Hi you');
    expect(rec.heard.filter((t) => t === 'beforeinput').length).to.equal(6);
    expect(rec.heard.filter((t) => t === 'input').length).to.equal(6);
  });

  it('selects: clicking an option chooses it; typing into a focused select chooses by text or value', async () => {
    const el = await area(html`<select aria-label="Guests"><option value="1">One adult</option><option value="2">Two adults</option><option value="3">Three adults</option></select>`);
    const select = el.querySelector('select')!;
    const rec = recorder(select, ['input', 'change']);
    await run(el, [act({ do: 'click', target: byName('option', 'Two adults') })]);
    expect(select.value).to.equal('2');
    expect(rec.heard).to.deep.equal(['input', 'change']);
    await run(el, [act({ do: 'click', target: byName('combobox', 'Guests') }), act({ do: 'type', text: 'three adults' })]);
    expect(select.value).to.equal('3');
    await run(el, [act({ do: 'type', text: '1' })]);
    expect(select.value).to.equal('1');
    const { outcome } = await run(el, [act({ do: 'type', text: 'Nine' })]);
    expect(outcome.detail).to.match(/no option "Nine"/);
  });

  it('checkboxes and radios are clicked: they toggle and fire input and change', async () => {
    const el = await area(html`<label><input type="checkbox" /> Breakfast</label>
      <label><input type="radio" name="r" value="a" /> Sea view</label><label><input type="radio" name="r" value="b" /> Garden view</label>`);
    const box = el.querySelector('[type=checkbox]') as HTMLInputElement;
    const rec = recorder(box, ['click', 'input', 'change']);
    await run(el, [act({ do: 'click', target: byName('AXCheckBox', 'Breakfast') }), act({ do: 'click', target: byName('AXRadioButton', 'Garden view') })]);
    expect(box.checked).to.equal(true);
    expect(rec.heard).to.deep.equal(['click', 'input', 'change']);
    expect((el.querySelector('[value=b]') as HTMLInputElement).checked).to.equal(true);
  });

  it('key chords: modifiers down first and up last; cmd is Control here and Meta on a Mac', async () => {
    const el = await area(html`<input aria-label="Field" />`);
    const input = el.querySelector('input')!;
    const keys: string[] = [];
    input.addEventListener('keydown', (e) => keys.push(`down ${e.key}${e.ctrlKey ? ' ctrl' : ''}${e.metaKey ? ' meta' : ''}`));
    input.addEventListener('keyup', (e) => keys.push(`up ${e.key}`));
    await run(el, [act({ do: 'click', target: byName('textbox', 'Field') }), act({ do: 'key', keys: ['cmd', 's'] })]);
    const mac = navigator.platform.toLowerCase().includes('mac');
    const mod = mac ? 'Meta' : 'Control';
    expect(keys).to.deep.equal([`down ${mod}${mac ? ' meta' : ' ctrl'}`, `down s${mac ? ' meta' : ' ctrl'}`, 'up s', `up ${mod}`]);
  });

  it('keys with their defaults: cmd+A selects, Backspace deletes, Tab moves focus, Escape closes a modal dialog', async () => {
    const el = await area(html`<input aria-label="First" value="hello" /><input aria-label="Second" />
      <dialog aria-label="Settings"><button>Inside</button></dialog>`);
    const [first, second] = [...el.querySelectorAll('input')];
    await run(el, [act({ do: 'click', target: byName('textbox', 'First') }), act({ do: 'key', keys: ['cmd', 'a'] }), act({ do: 'key', keys: ['backspace'] }), act({ do: 'key', keys: ['tab'] }), act({ do: 'type', text: 'x' })]);
    expect(first!.value).to.equal('');
    expect(second!.value).to.equal('x');
    const dialog = el.querySelector('dialog')!;
    dialog.showModal();
    await run(el, [act({ do: 'key', keys: ['esc'] })]);
    expect(dialog.open).to.equal(false);
  });

  it('scroll: a wheel event where the pointer is, then the nearest scrollable ancestor moves by 100 px a click', async () => {
    const el = await area(html`<div class="box" style="height:100px;overflow:auto" tabindex="0" aria-label="List"><div style="height:1000px"><button>Row</button><button style="display:block;margin-top:310px">Lower</button></div></div>`);
    const box = el.querySelector('.box') as HTMLElement;
    const wheel = recorder(box, ['wheel']);
    await run(el, [act({ do: 'move', target: byName('button', 'Row') }), act({ do: 'scroll', direction: 'down', clicks: 3 })]);
    expect(box.scrollTop).to.equal(300);
    expect((wheel.events[0] as WheelEvent).deltaY).to.equal(300);
    // A page that cancels the wheel keeps its scroll.
    box.addEventListener('wheel', (e) => e.preventDefault());
    await run(el, [act({ do: 'move', target: byName('button', 'Lower') }), act({ do: 'scroll', direction: 'up' })]);
    expect(box.scrollTop).to.equal(300);
  });

  it('drag: HTML5 drag and drop for a draggable source; pointer moves for a slider-like one', async () => {
    const el = await area(html`<div draggable="true" role="button" tabindex="0" aria-label="Card">Card</div>
      <div role="region" aria-label="Done column" class="drop" style="height:60px">Done</div>
      <div role="slider" tabindex="0" aria-label="Volume" aria-valuenow="0" style="width:40px;height:20px"></div>`);
    const drop = el.querySelector('.drop') as HTMLElement;
    const heard = recorder(el, ['dragstart', 'dragenter', 'dragover', 'drop', 'dragend', 'pointerdown', 'pointermove', 'pointerup', 'pointercancel']);
    drop.addEventListener('dragover', (e) => e.preventDefault());
    let dropped = '';
    el.querySelector('[draggable]')!.addEventListener('dragstart', (e) => (e as DragEvent).dataTransfer!.setData('text/plain', 'card-1'));
    drop.addEventListener('drop', (e) => (dropped = (e as DragEvent).dataTransfer!.getData('text/plain')));
    await run(el, [act({ do: 'drag', from: byName('button', 'Card'), to: byName('region', 'Done column') })]);
    expect(heard.heard.filter((t) => t.startsWith('drag') || t === 'drop')).to.deep.equal(['dragstart', 'dragenter', 'dragover', 'drop', 'dragend']);
    expect(dropped).to.equal('card-1');
    heard.heard.length = 0;
    await run(el, [act({ do: 'drag', from: byName('slider', 'Volume'), to: byName('region', 'Done column') })]);
    const afterDown = heard.heard.slice(heard.heard.indexOf('pointerdown'));
    expect(afterDown[0]).to.equal('pointerdown');
    expect(afterDown.filter((t) => t === 'pointermove').length).to.equal(5);
    expect(afterDown.at(-1)).to.equal('pointerup');
  });

  it('points: a click at coordinates lands on what is there, if it is in scope', async () => {
    const el = await area(html`<button>Here</button>`);
    const b = el.querySelector('button')!;
    const r = b.getBoundingClientRect();
    let clicked = 0;
    b.addEventListener('click', () => clicked++);
    const { outcome } = await run(el, [act({ do: 'click', target: { x: Math.round(r.left + 5), y: Math.round(r.top + 5) } })]);
    expect(outcome.reason).to.equal('unfinished');
    expect(clicked).to.equal(1);
    const outside = await run(el, [act({ do: 'click', target: { x: 2, y: window.innerHeight - 2 } })]);
    expect(outside.outcome.reason).to.equal('failed');
  });

  it('open: only addresses on allowed origins; app names, javascript: and other origins are refused', async () => {
    const el = await area(html`<p>Nothing</p>`);
    for (const target of ['Notes', 'javascript:alert(1)', 'data:text/html,hi', 'https://elsewhere.example/']) {
      const { outcome } = await run(el, [act({ do: 'open', target })]);
      expect(outcome.reason, target).to.equal('failed');
    }
    const notes = await run(el, [act({ do: 'open', target: 'Notes' })]);
    expect(notes.outcome.detail).to.match(/can't open apps/);
    const other = await run(el, [act({ do: 'open', target: 'https://elsewhere.example/' })]);
    expect(other.outcome.detail).to.match(/not an origin this page allows/);
    const same = await run(el, [act({ do: 'open', target: '#ax-opened' })]);
    expect(same.outcome.reason).to.equal('unfinished');
    expect(location.hash).to.equal('#ax-opened');
    history.replaceState(null, '', location.pathname + location.search);
    // An app's list replaces the default; an empty list allows nothing at all.
    const none = await run(el, [act({ do: 'open', target: '#again' })], { allowOrigins: [] });
    expect(none.outcome.reason).to.equal('failed');
  });

  it('wait waits; wait_until finds an element that appears later and times out on one that never does', async () => {
    const el = await area(html`<button>Load</button>`);
    el.querySelector('button')!.addEventListener('click', () =>
      setTimeout(() => {
        const d = document.createElement('div');
        d.setAttribute('role', 'dialog');
        d.setAttribute('aria-label', 'Results');
        const b = document.createElement('button');
        b.textContent = 'First result';
        d.append(b);
        el.append(d);
      }, 150),
    );
    const t = performance.now();
    const { outcome, steps } = await run(el, [
      act({ do: 'wait', ms: 30 }),
      act({ do: 'click', target: byName('button', 'Load') }),
      act({ do: 'wait_until', target: byName('AXDialog', 'Results'), poll_ms: 20 }),
      act({ do: 'click', target: byName('button', 'First result') }),
    ]);
    expect(outcome.reason).to.equal('unfinished');
    expect(performance.now() - t).to.be.at.least(150);
    expect(steps.filter((s) => s.status === 'done').length).to.equal(4);
    const never = await run(el, [act({ do: 'wait_until', target: byName('dialog', 'Never'), timeout_ms: 100, poll_ms: 20 })]);
    expect(never.outcome.reason).to.equal('failed');
    expect(never.outcome.detail).to.match(/did not appear within 100 ms/);
  });
});
