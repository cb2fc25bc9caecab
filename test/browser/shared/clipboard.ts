// What a person does to copy and paste: drag the mouse across words, press Control+C, paste with Control+V; and
// what a paste finds, read back. Real input (sendMouse, sendKeys), so the page sees a person, not a script.
import { sendKeys, sendMouse } from '@web/test-runner-commands';

/** The text node of `el` holding `words`. */
export function textNode(el: Element, words: string): Text {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n as Text).data.includes(words)) return n as Text;
  throw new Error(`no text node with "${words}"`);
}

/** Drags the mouse from the start of `from` to just after `to` (each a text node and the words in it), as a person selects. */
export async function dragAcross(from: [Text, string], to: [Text, string]): Promise<void> {
  const edge = ([t, words]: [Text, string], end: boolean) => {
    const r = document.createRange();
    const i = t.data.indexOf(words) + (end ? words.length - 1 : 0);
    r.setStart(t, i);
    r.setEnd(t, i + 1);
    const box = r.getBoundingClientRect();
    return [Math.round(end ? box.right - 1 : box.left + 1), Math.round(box.top + box.height / 2)] as [number, number];
  };
  await sendMouse({ type: 'move', position: edge(from, false) });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: edge(to, true) });
  await sendMouse({ type: 'up' });
}

/**
 * Presses Control+C as a person does, then Control+V in a field of the page: what the paste finds on the
 * clipboard (text and HTML) is what the copy put there, whoever wrote it.
 */
export async function copyWithKeys(): Promise<{ text: string; html: string }> {
  await sendKeys({ press: 'Control+C' });
  const got = { text: '', html: '' };
  const field = document.createElement('div');
  field.contentEditable = 'true';
  document.body.append(field);
  const pasted = (e: ClipboardEvent) => {
    e.preventDefault();
    got.text = e.clipboardData?.getData('text/plain') ?? '';
    got.html = e.clipboardData?.getData('text/html') ?? '';
  };
  field.addEventListener('paste', pasted);
  try {
    field.focus();
    await sendKeys({ press: 'Control+V' });
  } finally {
    field.remove();
  }
  return got;
}

/** The clipboard's text, pasted with Control+V into a text field of the page, as a person pastes. */
export async function pasteWithKeys(): Promise<string> {
  const field = document.createElement('textarea');
  document.body.append(field);
  try {
    field.focus();
    await sendKeys({ press: 'Control+V' });
    return field.value;
  } finally {
    field.remove();
  }
}

/** The rows of the first table of some HTML, each a list of its cells' texts, and the tags of its first row's cells. */
export function tableIn(copiedHtml: string): { rows: string[][]; head: string[] } {
  const doc = new DOMParser().parseFromString(copiedHtml, 'text/html');
  const rows = [...doc.querySelectorAll('table tr')].map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim()));
  const head = [...(doc.querySelector('table tr')?.children ?? [])].map((c) => c.localName);
  return { rows, head };
}
