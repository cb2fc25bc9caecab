// The manifest the build checks: the analyzer with our plugins finds an element defined through defineElement()
// and its documented events, and the check names every member left without words, so the build fails on it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { litPlugin } from '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js';
import config from '../../scripts/manifest/cem.config.mjs';
import { manifestProblems } from '../../scripts/manifest/check.mjs';

/** The manifest of one source file, made the way the build makes custom-elements.json. */
function analyze(source) {
  const modules = [ts.createSourceFile('elements/x-thing/xThing.ts', source, ts.ScriptTarget.ES2022, true)];
  return create({ modules, plugins: [...litPlugin(), ...config.plugins], context: { dev: false } });
}

const element = (fields) => `
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../shared/base/defineElement.js';

/** \`x-ping\`: the element was pinged. */
export class XPingEvent extends Event {
  static readonly eventName = 'x-ping';
  constructor(
    /** What it was pinged with. */
    readonly value: string,
  ) {
    super(XPingEvent.eventName);
  }
}

/**
 * A test element.
 * @fires {XPingEvent} x-ping - It was pinged: \`value\`.
 * @csspart box - The box.
 */
export class XThing extends LitElement {
${fields}
  /** Fires \`x-ping\`. */
  ping(): void {
    this.dispatchEvent(new XPingEvent(this.name));
  }
}

defineElement('x-thing', XThing);
`;

describe('the manifest check', () => {
  it('a complete element passes: its tag comes from defineElement(), its event from @fires', () => {
    const manifest = analyze(element('  /** Its name. */\n  @property() name = "";'));
    const klass = manifest.modules[0].declarations.find((d) => d.name === 'XThing');
    assert.equal(klass.tagName, 'x-thing');
    assert.equal(klass.customElement, true);
    // The analyzer's guess from `dispatchEvent(new XPingEvent(this.name))` is dropped: @fires says it all.
    assert.deepEqual(klass.events.map((e) => [e.name, e.type.text]), [['x-ping', 'XPingEvent']]);
    // The event's data, a constructor parameter property, is listed with its words.
    const event = manifest.modules[0].declarations.find((d) => d.name === 'XPingEvent');
    assert.equal(event.members.find((m) => m.name === 'value')?.description, 'What it was pinged with.');
    assert.deepEqual(manifestProblems(manifest), []);
  });

  it('a property without a description fails, named with its element and file', () => {
    const manifest = analyze(element('  @property() name = "";'));
    const problems = manifestProblems(manifest);
    assert.ok(problems.includes('<x-thing> (elements/x-thing/xThing.ts): property "name" has no description'), problems.join('\n'));
    assert.ok(problems.some((p) => p.includes('attribute "name" has no description')), problems.join('\n'));
  });

  it('an event without a type, a part without words and an undocumented event class fail', () => {
    const manifest = analyze(element('  /** Its name. */\n  @property() name = "";'));
    const klass = manifest.modules[0].declarations.find((d) => d.name === 'XThing');
    klass.events = [{ name: 'x-ping', description: 'Pinged.' }];
    klass.cssParts = [{ name: 'box', description: '' }];
    const problems = manifestProblems(manifest);
    assert.ok(problems.some((p) => p.includes('event "x-ping" has no type')), problems.join('\n'));
    assert.ok(problems.some((p) => p.includes('CSS part "box" has no description')), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith('XPingEvent (elements/x-thing/xThing.ts): the event "x-ping" is fired by no element')), problems.join('\n'));
  });

  it('an event whose class names another event fails, and so does an undescribed field of its class', () => {
    const source = element('  /** Its name. */\n  @property() name = "";')
      .replace("@fires {XPingEvent} x-ping", '@fires {XPingEvent} x-pong')
      .replace('    /** What it was pinged with. */\n', '');
    const problems = manifestProblems(analyze(source));
    assert.ok(problems.some((p) => p.includes('event "x-pong": its type XPingEvent is the event "x-ping"')), problems.join('\n'));
    assert.ok(problems.includes('XPingEvent (elements/x-thing/xThing.ts): field "value" has no description'), problems.join('\n'));
  });

  it('an inherited member without words is reported once, where it is declared', () => {
    const base = { kind: 'field', name: 'theme', type: { text: 'string' }, inheritedFrom: { name: 'Base', module: 'base.ts' } };
    const el = (tag) => ({ kind: 'class', name: tag, tagName: tag, customElement: true, description: 'An element.', members: [base] });
    const manifest = { modules: [{ path: 'a.ts', declarations: [el('x-a'), el('x-b')] }] };
    assert.deepEqual(manifestProblems(manifest), ['Base (base.ts): property "theme" has no description (inherited by <x-a>, <x-b>)']);
  });

  it('the check ran on nothing is a failure, not a pass', () => {
    assert.deepEqual(manifestProblems({ modules: [] }), ['no custom element at all: is the analyzer finding defineElement() calls?']);
  });
});
