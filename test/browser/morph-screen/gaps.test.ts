// Gaps and retries (issue 28, item 1), as a reader sees them: one unreadable op line no longer ends the answer. The
// position it would have held shows a small block saying a part of the answer could not be read, and everything
// after it draws; a later good op for that position (or for a refused node) fills the place in the same element.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, collect, END, mount, node, op, ops, settle, textOf } from './helpers.js';

const UNREAD = 'A part of the answer could not be read.';

describe('morph-screen: gaps and retries in an answer', function (this: Mocha.Suite) {
  this.timeout(20000);

  it('the issue: p 0, a broken line in place of p 1, then p 2 and a list 3: all of it draws, 1 says it could not be read', async () => {
    const screen = await mount('', {}, { end: false });
    const diags = collect(screen, 'morph-issue');
    screen.write(
      op({ op: 'node', id: '0', type: 'p', spans: 'First paragraph' }) +
        '{"op":"node","id":"1","type":"p","spans":"Second para\n' +
        ops(
          { op: 'node', id: '2', type: 'p', spans: 'Third paragraph' },
          { op: 'open', id: '3', type: 'ul' },
          { op: 'node', id: '3.0', type: 'li', spans: 'one' },
          { op: 'node', id: '3.1', type: 'li', spans: 'two' },
          { op: 'close', id: '3' },
        ) +
        END,
    );
    screen.end();
    await settle(screen);
    expect(textOf($(screen, '.answer-body'))).to.equal(`First paragraph ${UNREAD} Third paragraph one two`);
    expect(node(screen, '1').querySelector('.fallback')?.getAttribute('data-kind')).to.equal('refused');
    expect(diags.map((d) => `${d.severity} ${d.code} ${d.line}`)).to.deep.equal(['error not_json 2', 'warning id_skips 3']);
    await expect(screen).to.be.accessible();
    screen.remove();
  });

  it('a retry fills a refused node in place: the refused block, then the good heading in the same element', async () => {
    const screen = await mount('', {}, { end: false });
    screen.write(ops({ op: 'node', id: '0', type: 'p', spans: 'a' }, { op: 'node', id: '1', type: 'header', spans: 'bad' }, { op: 'node', id: '2', type: 'p', spans: 'c' }));
    await settle(screen);
    const el = node(screen, '1');
    expect(textOf(el)).to.equal('This part of the answer could not be shown.');
    screen.write(ops({ op: 'open', id: '1', type: 'h', attrs: { level: '2' } }, { op: 'spans', id: '1', spans: 'Good heading' }, { op: 'close', id: '1' }) + END);
    screen.end();
    await settle(screen);
    expect(node(screen, '1')).to.equal(el);
    expect(el.querySelector('h2')?.textContent?.trim()).to.equal('Good heading');
    expect(el.querySelector('.fallback')).to.equal(null);
    expect(textOf($(screen, '.answer-body'))).to.equal('a Good heading c');
    screen.remove();
  });

  it('a retry fills a gap in a task list: the item takes its place and its task mark', async () => {
    const screen = await mount('', {}, { end: false });
    screen.write(
      ops({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'li', attrs: { task: 'done' }, spans: 'first' }) +
        'not json\n' +
        op({ op: 'node', id: '0.2', type: 'li', attrs: { task: 'open' }, spans: 'third' }),
    );
    await settle(screen);
    expect(textOf(node(screen, '0.1'))).to.equal(UNREAD);
    expect(node(screen, '0.1').getAttribute('role')).to.equal('listitem');
    screen.write(ops({ op: 'node', id: '0.1', type: 'li', attrs: { task: 'open' }, spans: 'second' }, { op: 'close', id: '0' }) + END);
    screen.end();
    await settle(screen);
    expect(textOf(node(screen, '0.1'))).to.contain('second');
    expect(node(screen, '0.1').hasAttribute('data-task')).to.equal(true);
    await expect(screen).to.be.accessible();
    screen.remove();
  });
});
