// defineElement (elements/shared/base/defineElement.ts) outside a browser: where there is no registry it does
// nothing (a server importing an element), and against a registry it defines a free tag, leaves a taken one to
// its owner, and says so only when the owner is another class. The real registry: test/browser/shared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineElement } from '../../elements/shared/base/defineElement.ts';
import { VERSION } from '../../elements/shared/base/version.ts';

type Ctor = CustomElementConstructor;
const g = globalThis as { customElements?: unknown };

/** A registry shaped like the browser's, recording what is defined. */
function fakeRegistry() {
  const tags = new Map<string, Ctor>();
  return {
    tags,
    get: (tag: string) => tags.get(tag),
    define(tag: string, ctor: Ctor) {
      if (tags.has(tag)) throw new Error(`"${tag}" has already been used with this registry`);
      tags.set(tag, ctor);
    },
  };
}

/** Runs `fn` with `registry` as globalThis.customElements and console.warn recorded. */
function withRegistry(registry: unknown, fn: (warnings: string[]) => void) {
  const saved = Object.getOwnPropertyDescriptor(g, 'customElements');
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  if (registry === undefined) delete g.customElements;
  else g.customElements = registry;
  try {
    fn(warnings);
  } finally {
    console.warn = warn;
    if (saved) Object.defineProperty(g, 'customElements', saved);
    else delete g.customElements;
  }
}

const element = (name: string) => ({ [name]: class {} })[name] as unknown as Ctor;

test('without a custom element registry (a server, a worker) it does nothing and throws nothing', () => {
  withRegistry(undefined, (warnings) => {
    assert.equal(defineElement('x-server', element('XServer')), undefined);
    assert.deepEqual(warnings, []);
  });
});

test('defines a free tag, stamped with this copy’s version', () => {
  const registry = fakeRegistry();
  withRegistry(registry, (warnings) => {
    const ctor = element('XFree');
    assert.equal(defineElement('x-free', ctor), ctor);
    assert.equal(registry.tags.get('x-free'), ctor);
    assert.equal((ctor as unknown as Record<symbol, string>)[Symbol.for('agentic-elements.version')], VERSION);
    assert.deepEqual(warnings, []);
  });
});

test('the same class again (two entries sharing one chunk) is silent', () => {
  const registry = fakeRegistry();
  withRegistry(registry, (warnings) => {
    const ctor = element('XSame');
    defineElement('x-same', ctor);
    assert.equal(defineElement('x-same', ctor), ctor);
    assert.deepEqual(warnings, []);
  });
});

test('a tag another copy owns stays theirs, with one warning naming both versions', () => {
  const registry = fakeRegistry();
  withRegistry(registry, (warnings) => {
    const theirs = element('OmniScreenElement');
    (theirs as unknown as Record<symbol, string>)[Symbol.for('agentic-elements.version')] = '0.0.9';
    registry.define('x-taken', theirs);
    const ours = element('OmniScreenElement');
    assert.equal(defineElement('x-taken', ours), theirs);
    assert.equal(registry.tags.get('x-taken'), theirs);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, new RegExp(`agentic-elements ${VERSION.replace(/\./g, '\\.')}: <x-taken> is already defined by agentic-elements 0\\.0\\.9`));
  });
});

test('a tag an app’s own class owns is named by that class', () => {
  const registry = fakeRegistry();
  withRegistry(registry, (warnings) => {
    registry.define('x-app', element('AppWidget'));
    defineElement('x-app', element('Ours'));
    assert.match(warnings[0] ?? '', /already defined by another class \(AppWidget\)/);
  });
});
