// Hostile streams that once froze the tab (issue 7): references that never arrive, and lines past the
// document's limits. Each must settle quickly; the mocha timeout is the guard (a stream that took seconds, as
// these did, fails it), and bench/render.mjs prints the figures.
import { expect } from '@open-wc/testing';
import { $$, mount, settle } from './helpers.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';

const list = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i)).join(', ');

/** A root Stack of `stacks` Stacks, each listing `each` ids that are never written. */
function unresolved(stacks: number, each: number): string {
  const lines = [`root = Stack([${list(stacks, (i) => `s${i}`)}])`];
  for (let i = 0; i < stacks; i++) lines.push(`s${i} = Stack([${list(each, (j) => `m${i}_${j}`)}])`);
  return lines.join('\n') + '\n';
}

/** 1,000 Stacks (the document's limit), nearly every one listing 200 ids never written: ~199,000 references. */
function widest(): string {
  const lines = [`root = Stack([${list(200, (i) => `s${i}`)}])`];
  let made = 1;
  for (let i = 0; i < 200; i++, made++) lines.push(`s${i} = Stack([${list(200, (j) => `m${i}_${j}`)}])`);
  for (let i = 0; made < 1000; i++) {
    for (let j = 0; j < 200 && made < 1000; j++, made++) lines.push(`m${i}_${j} = Stack([${list(200, (k) => `x${i}_${j}_${k}`)}])`);
  }
  return lines.join('\n') + '\n';
}

/** `n` component lines under a root of ten: everything past the document's 1,000 components is refused. */
function tooMany(n: number): string {
  const lines = [`root = Stack([${list(10, (i) => `t${i}`)}])`];
  for (let i = 0; i < n; i++) lines.push(`t${i} = Stack([${list(200, (j) => `u${i}_${j}`)}])`);
  return lines.join('\n') + '\n';
}

async function run(text: string): Promise<OmniScreenElement> {
  const screen = await mount('', {}, { end: false });
  screen.write(text);
  await settle(screen);
  screen.end();
  await settle(screen);
  return screen;
}

describe('omni-screen: hostile streams settle quickly', function () {
  // Far above what these take now (tens of milliseconds, a few seconds on a machine busy with other stages of
  // npm test) and far below what they took (up to minutes).
  this.timeout(15000);

  it('41 lines: a root Stack of 40 Stacks each listing 50 ids never written', async () => {
    const screen = await run(unresolved(40, 50));
    // One block per run of missing children, not 2,000.
    expect($$(screen, '.fallback').length).to.equal(40);
    expect($$(screen, 'omni-node').length).to.equal(41);
    screen.remove();
  });

  it('1,000 references that never arrive in one list of 200 per Stack', async () => {
    const screen = await run(unresolved(5, 200));
    expect($$(screen, '.fallback').length).to.equal(5);
    screen.remove();
  });

  it('1,000 Stacks listing ~199,000 ids that never arrive', async () => {
    const screen = await run(widest());
    expect($$(screen, 'omni-node').length).to.be.at.most(1000);
    expect($$(screen, '.fallback').length).to.be.at.most(1000);
    screen.remove();
  });

  it('3,001 component lines: 2,000 refused as document_too_large', async () => {
    const screen = await run(tooMany(3000));
    expect(screen.issues.filter((i) => i.code === 'document_too_large').length).to.equal(2001);
    screen.remove();
  });

  it('10,001 component lines', async () => {
    const screen = await run(tooMany(10000));
    expect(screen.issues.filter((i) => i.code === 'document_too_large').length).to.equal(9001);
    screen.remove();
  });

  it('missing children between arrived ones: each run is one block, in order', async () => {
    const screen = await mount('root = Stack([a, gone1, gone2, b, gone3])\na = Text("A")\nb = Text("B")\n');
    const stack = screen.shadowRoot!.querySelector('.stack')!;
    const kinds = [...stack.children].map((el) => (el.tagName === 'OMNI-NODE' ? (el as HTMLElement & { nodeId: string }).nodeId : el.className));
    expect(kinds).to.deep.equal(['a', 'fallback', 'b', 'fallback']);
  });

  it('a run of pending children is one block, and a child arriving in its middle splits it', async () => {
    const screen = await mount('root = Stack([a, b, c])\n', {}, { end: false });
    const stack = () => [...screen.shadowRoot!.querySelector('.stack')!.children].map((el) => (el.tagName === 'OMNI-NODE' ? 'node' : el.classList[0]));
    expect(stack()).to.deep.equal(['pending']);
    screen.write('b = Text("B")\n');
    await settle(screen);
    expect(stack()).to.deep.equal(['pending', 'node', 'pending']);
    screen.write('a = Text("A")\nc = Text("C")\n');
    await settle(screen);
    expect(stack()).to.deep.equal(['node', 'node', 'node']);
  });
});
