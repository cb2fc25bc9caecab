import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { mount, node, textOf } from './helpers.js';
import { registries } from './fixtures.js';

describe('omni-screen: Notice tones', () => {
  it('says each tone in words before the text, not by colour alone, in the app’s words when replaced', async () => {
    const text = 'root = Stack([i, s, w, d])\ni = Notice("a")\ns = Notice("b", tone="success")\nw = Notice("c", tone="warning")\nd = Notice("d", tone="danger")\n';
    const screen = await mount(text, registries());
    expect(['i', 's', 'w', 'd'].map((id) => textOf(node(screen, id)))).to.deep.equal(['Note: a', 'Success: b', 'Warning: c', 'Important: d']);
    const marks = ['i', 's', 'w', 'd'].map((id) => getComputedStyle(node(screen, id).querySelector('.notice')!, '::before').content);
    expect(new Set(marks).size, 'a different mark per tone').to.equal(4);
    const replaced = await mount(text, { ...registries(), strings: { toneWarning: '<b>Achtung:</b>' } });
    expect(textOf(node(replaced, 'w'))).to.equal('<b>Achtung:</b> c');
    expect(node(replaced, 'w').querySelector('b')).to.equal(null);
  });
});
