// Plain spans (text, code, breaks, marks, http(s) links) drawn as DOM by one directive per span list: what a
// streamed paragraph keeps, what it builds, and that it draws what the templates drew.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, END, mount, node, ops, settle, textOf } from './helpers.js';

const text = (v: string) => ({ t: 'text', v });

describe('morph-screen: plain spans drawn as DOM', () => {
  it('a streamed paragraph keeps the spans that drew the same, sets the text of the one that grew, builds only what follows', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'p' }, { op: 'spans', id: '0', spans: [text('Hello '), { t: 'strong', c: [text('big')] }, text(' wor')] }), {}, { end: false });
    const p = $(screen, 'p')!;
    const [first, strong, last] = [...p.childNodes].filter((n) => n.nodeType !== Node.COMMENT_NODE);
    expect(textOf(p)).to.equal('Hello big wor');
    // One node per span, and no part markers between them (a template per span left two comments each).
    expect([...p.childNodes].filter((n) => n.nodeType === Node.COMMENT_NODE).length).to.be.at.most(1);
    screen.write(ops({ op: 'spans', id: '0', spans: [text('Hello '), { t: 'strong', c: [text('big')] }, text(' world'), { t: 'em', c: [text('!')] }] }));
    await settle(screen);
    const now = [...p.childNodes].filter((n) => n.nodeType !== Node.COMMENT_NODE);
    expect(now.length).to.equal(4);
    expect(now[0]).to.equal(first);
    expect(now[1]).to.equal(strong);
    expect(now[2]).to.equal(last);
    expect((now[2] as Text).data).to.equal(' world');
    expect((now[3] as Element).localName).to.equal('em');
    // A changed mark: it and what follows are built again, what precedes stays.
    screen.write(ops({ op: 'spans', id: '0', spans: [text('Hello '), { t: 'strong', c: [text('bigger')] }, text(' world')] }) + END);
    await settle(screen);
    const after = [...p.childNodes].filter((n) => n.nodeType !== Node.COMMENT_NODE);
    expect(after[0]).to.equal(first);
    expect(after[1]).to.not.equal(strong);
    expect(textOf(p)).to.equal('Hello bigger world');
    expect(p.querySelectorAll('em').length).to.equal(0);
    screen.remove();
  });

  it('every plain span draws as its element, the words only ever as text, direction controls removed', async () => {
    const spans = [
      text('<b>not bold</b> '),
      { t: 'code', v: 'x < y' },
      { t: 'br' },
      ...['strong', 'em', 's', 'u', 'small', 'sub', 'sup', 'mark', 'kbd'].map((t) => ({ t, c: [text(t)] })),
      text('evil\u202Eexe.txt'),
    ];
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans }) + END);
    const p = $(screen, 'p')!;
    expect(p.querySelector('b')).to.equal(null);
    expect(p.querySelector('code')!.textContent).to.equal('x < y');
    expect(p.querySelectorAll('br').length).to.equal(1);
    for (const t of ['strong', 'em', 's', 'u', 'small', 'sub', 'sup', 'mark', 'kbd']) expect(p.querySelector(t)!.textContent).to.equal(t);
    expect(p.textContent).to.contain('<b>not bold</b>');
    expect(p.textContent).to.not.contain('\u202E');
    screen.remove();
  });

  it('a link drawn as DOM is the link the template draws; new words draw its words again', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans: [text('See '), { t: 'link', href: 'https://example.com/', c: [{ t: 'em', c: [text('docs')] }] }] }) + END);
    const a = $<HTMLAnchorElement>(screen, 'a')!;
    expect(a.getAttribute('href')).to.equal('https://example.com/');
    expect([a.target, a.rel, a.getAttribute('part')]).to.deep.equal(['_blank', 'noopener noreferrer', 'link']);
    expect(a.querySelector('em')!.textContent).to.equal('docs');
    expect(textOf(a)).to.equal('docs (opens in a new tab)');
    screen.strings = { opensInNewTab: '(in a new window)' };
    await settle(screen);
    expect(textOf($(screen, 'a'))).to.equal('docs (in a new window)');
    screen.remove();
  });

  it('spans that gain an image switch to templates and back, leaving nothing of the other drawing', async () => {
    const img = { t: 'img', src: 'https://example.com/a.png', alt: 'A chart' };
    const screen = await mount(ops({ op: 'open', id: '0', type: 'p' }, { op: 'spans', id: '0', spans: [text('one '), { t: 'strong', c: [text('two')] }] }), { images: 'none' }, { end: false });
    expect(textOf($(screen, 'p'))).to.equal('one two');
    screen.write(ops({ op: 'spans', id: '0', spans: [text('one '), { t: 'strong', c: [text('two')] }, img] }));
    await settle(screen);
    expect($$(screen, 'p strong').length).to.equal(1);
    expect(textOf($(screen, 'p .image-blocked'))).to.equal('Image not shown: A chart');
    expect(textOf($(screen, 'p'))).to.match(/^one two ?Image not shown: A chart$/);
    screen.write(ops({ op: 'spans', id: '0', spans: [text('one '), { t: 'strong', c: [text('three')] }] }) + END);
    await settle(screen);
    expect($$(screen, 'p strong').length).to.equal(1);
    expect($(screen, 'p .image-blocked')).to.equal(null);
    expect(textOf($(screen, 'p'))).to.equal('one three');
    expect(node(screen, '0').querySelectorAll('p').length).to.equal(1);
    screen.remove();
  });

  it('a link that is not http(s) is drawn by the template path, as its content only', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans: [text('Call '), { t: 'link', href: 'javascript:alert(1)', c: [text('me')] }] }) + END);
    expect($(screen, 'a')).to.equal(null);
    expect(textOf($(screen, 'p'))).to.equal('Call me');
    screen.remove();
  });
});
