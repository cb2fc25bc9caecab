/** What the React and Vue tests share: a small stream, registries to pass as properties, and checks on the screen. */
import { pressDialog } from '../shared/approvals.js';
import { expect } from '@open-wc/testing';
import { dialog, press, settle, textOf } from '../omni-screen/helpers.js';
import { PIXEL } from '../omni-screen/fixtures.js';
import type { Confirmation, OmniScreenElement, Picture, ToolSchema } from '../../../elements/omni-screen/index.js';

export const stream = (greeting: string) => `root = Stack([hello, pic, go])
hello = Text("${greeting}")
pic = Image("cabin", alt="Cabin")
go = Button("Send", action="send")
sendIt = McpMutation(go, tool="notes.send", params={text: "hi"})
`;

export const makeTools = (): Record<string, ToolSchema> => ({
  'notes.send': { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
});

/** A confirmation written by a function: it only reaches the element as a property. */
export const makeConfirm = (): Record<string, Confirmation> => ({ 'notes.send': (params) => `Send ${String(params['text'])}?` });

/** A second picture for "cabin", so a re-render with new `assets` shows on the screen. */
export const OTHER_PIXEL = `${PIXEL}#other`;
export const makeAssets = (src = PIXEL): Record<string, Picture> => ({ cabin: { src, width: 160, height: 90 } });

/** The text the screen shows, from its shadow root. */
export const screenText = (el: OmniScreenElement) => textOf(el.shadowRoot!.querySelector('[part="screen"]'));

export const cabinSrc = (el: OmniScreenElement) => el.shadowRoot!.querySelector('img')?.getAttribute('src') ?? null;

/** Presses the governed Button, confirms, and waits until the screen is quiet again. */
export async function pressAndConfirm(el: OmniScreenElement): Promise<void> {
  press(el, 'go');
  await settle(el);
  const d = dialog(el);
  await d.updateComplete;
  // The dialog may open a task after the screen is quiet (its parts load on first use): wait as a person would.
  for (let i = 0; i < 100 && !d.open; i++) await new Promise((r) => setTimeout(r, 10));
  expect(d.open, 'confirmation dialog open').to.equal(true);
  expect(textOf(d.shadowRoot!.querySelector('dialog'))).to.contain('Send hi?');
  await pressDialog(d, 'confirm');
  await settle(el);
  for (let i = 0; i < 20 && !el.shadowRoot!.querySelector('[part="action-status"]')?.textContent?.trim(); i++) await settle(el);
}
