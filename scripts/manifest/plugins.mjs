// Analyzer plugins that make custom-elements.json say what the elements really are. The analyzer knows tags from
// `customElements.define()` and `@tag`; ours are defined through defineElement() (elements/shared/base), and it
// guesses event names from the first argument of `dispatchEvent(new X(…))`, where our event classes take data,
// not a name. These plugins teach it our conventions, so a new element needs no entry anywhere to be described.

/**
 * `defineElement('tag', Class)` defines a custom element: record it as the analyzer's own
 * `customElements.define` plugin does, so the class gets its `tagName` and counts as a custom element.
 */
export function defineElementPlugin() {
  return {
    name: 'agentic-elements: defineElement() calls',
    analyzePhase({ ts, node, moduleDoc, context }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'defineElement') return;
      const [tag, ctor] = node.arguments;
      if (!tag || !ctor || !ts.isStringLiteral(tag) || !ts.isIdentifier(ctor)) return;
      // An element only the package itself creates (`<omni-node>`) is marked @internal and stays out, as its class does.
      const klass = node.getSourceFile().statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === ctor.text);
      if (klass && ts.getJSDocTags(klass).some((t) => ['internal', 'ignore'].includes(t.tagName.text))) return;
      // The class may be imported (an index.ts defining its folder's elements): its module is where it is declared.
      const imported = context.imports?.find((i) => i.name === ctor.text && !i.isBareModuleSpecifier);
      const module = imported ? new URL(imported.importPath, `file:///${moduleDoc.path}`).pathname.slice(1).replace(/\.js$/, '.ts') : moduleDoc.path;
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []),
        { kind: 'custom-element-definition', name: tag.text, declaration: { name: ctor.text, module } },
      ];
    },
    // Defined in another file than its @internal class (`<morph-node>`, defined in index.ts), the class is out of
    // the manifest by now: its definition goes too, so no tag points at nothing.
    packageLinkPhase({ customElementsManifest }) {
      const declared = new Set(
        customElementsManifest.modules.flatMap((m) => (m.declarations ?? []).map((d) => `${m.path}\u0000${d.name}`)),
      );
      for (const mod of customElementsManifest.modules) {
        mod.exports = mod.exports?.filter(
          (e) => e.kind !== 'custom-element-definition' || declared.has(`${e.declaration.module}\u0000${e.declaration.name}`),
        );
      }
    },
  };
}

/**
 * Events are documented with `@fires {EventClass} name - description` on the class, and each event class names
 * itself (`static readonly eventName`). The analyzer also adds an entry per `dispatchEvent(new X(arg))` it sees,
 * named after `arg` (a variable, not an event name). Such an entry is dropped when a documented event has the
 * same class; one with no documented twin stays, nameless and undescribed, so the manifest check reports it.
 */
export function documentedEventsPlugin() {
  return {
    name: 'agentic-elements: documented events',
    moduleLinkPhase({ moduleDoc }) {
      for (const klass of moduleDoc.declarations ?? []) {
        if (klass.kind !== 'class' || !klass.events?.length) continue;
        const documented = new Set(klass.events.filter((e) => e.description).map((e) => e.type?.text));
        klass.events = klass.events.filter((e) => e.description || !documented.has(e.type?.text));
      }
    },
  };
}

/**
 * Lit's and the platform's hooks that a class overrides (its styles, render and update cycle) are how the element
 * works, not what an app calls: they are left out of the manifest, as the analyzer already leaves out
 * connectedCallback and its siblings.
 */
const FRAMEWORK_MEMBERS = new Set([
  'styles', 'shadowRootOptions', 'properties', 'render', 'update', 'updated', 'firstUpdated', 'willUpdate',
  'shouldUpdate', 'createRenderRoot', 'scheduleUpdate', 'performUpdate', 'getUpdateComplete',
]);

export function frameworkMembersPlugin() {
  return {
    name: 'agentic-elements: leave out framework hooks',
    moduleLinkPhase({ moduleDoc }) {
      for (const klass of moduleDoc.declarations ?? []) {
        if (klass.kind !== 'class' && klass.kind !== 'mixin') continue;
        klass.members = klass.members?.filter((m) => !FRAMEWORK_MEMBERS.has(m.name));
      }
    },
  };
}

/**
 * Event classes keep their data in constructor parameter properties (`constructor(readonly tool: string)`), which
 * the analyzer doesn't list. They are the fields a listener reads, so they become readonly fields here, with the
 * JSDoc written above the parameter as their description; the docs site lists them under each event.
 */
export function parameterPropertiesPlugin() {
  return {
    name: 'agentic-elements: constructor parameter properties',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const classDoc = moduleDoc.declarations?.find((d) => d.kind === 'class' && d.name === node.name.text);
      const ctor = node.members.find(ts.isConstructorDeclaration);
      if (!classDoc || !ctor) return;
      for (const param of ctor.parameters) {
        const modifiers = ts.getModifiers(param)?.map((m) => m.kind) ?? [];
        const isProperty = modifiers.includes(ts.SyntaxKind.ReadonlyKeyword) || modifiers.includes(ts.SyntaxKind.PublicKeyword);
        const hidden = modifiers.includes(ts.SyntaxKind.PrivateKeyword) || modifiers.includes(ts.SyntaxKind.ProtectedKeyword);
        if (!isProperty || hidden || !ts.isIdentifier(param.name)) continue;
        const name = param.name.text;
        if (classDoc.members?.some((m) => m.name === name)) continue;
        const description = ts
          .getJSDocCommentsAndTags(param)
          .filter(ts.isJSDoc)
          .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
          .join('\n')
          .trim();
        classDoc.members = [
          ...(classDoc.members ?? []),
          {
            kind: 'field',
            name,
            ...(param.type ? { type: { text: param.type.getText() } } : {}),
            readonly: modifiers.includes(ts.SyntaxKind.ReadonlyKeyword),
            ...(description ? { description } : {}),
          },
        ];
      }
    },
  };
}

/**
 * The manifest describes the package as it ships: its public API at the paths an app imports. Kept are the custom
 * elements, the event classes they fire, and the classes they extend within the package (AgentElement), each
 * with its public members only (no `#private`, `private` or `protected` member: 300 of them once); every helper
 * function, variable and internal class is left out. Each source module's path becomes the shipped entry that
 * exports what it declares: `dist/<tag>.js` for an element's folder, `dist/agentic-elements.js` for what the
 * elements share, so no path names a `.ts` file the package doesn't ship. Modules that map to one entry merge.
 * Each declaration's `source.href` links to its file in the repository.
 */
export function publicApiPlugin({ elementTags, repository }) {
  const entryOf = (path) => {
    const folder = /^\/?elements\/([^/]+)\//.exec(path)?.[1];
    return folder && elementTags.includes(folder) ? `dist/${folder}.js` : 'dist/agentic-elements.js';
  };
  const isPublic = (member) => !member.name.startsWith('#') && (member.privacy ?? 'public') === 'public';
  return {
    name: 'agentic-elements: the public API at shipped paths',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const classes = new Map();
      for (const mod of manifest.modules) for (const d of mod.declarations ?? []) if (d.kind === 'class') classes.set(d.name, { d, mod });
      // What an app meets: the elements, what they fire, and what they extend.
      const kept = new Set();
      const keep = (name) => {
        const found = classes.get(name);
        if (!found || kept.has(name)) return;
        kept.add(name);
        if (found.d.superclass && !found.d.superclass.package) keep(found.d.superclass.name);
      };
      for (const { d } of classes.values()) {
        if (!d.customElement || !d.tagName) continue;
        keep(d.name);
        for (const e of d.events ?? []) if (e.type?.text) keep(e.type.text);
      }
      // Every reference to a module (superclass, inheritedFrom, exports…) is to the shipped entry too.
      const moved = (value) => {
        if (Array.isArray(value)) return value.map(moved);
        if (!value || typeof value !== 'object') return value;
        const out = {};
        for (const [k, v] of Object.entries(value)) out[k] = k === 'module' && typeof v === 'string' ? entryOf(v) : moved(v);
        return out;
      };
      const byPath = new Map();
      for (const mod of manifest.modules) {
        const declarations = (mod.declarations ?? [])
          .filter((d) => d.kind === 'class' && kept.has(d.name))
          .map((d) => {
            // A mixin the package doesn't export (SignalWatcher) is how the class is built, not something to name.
            const { mixins, ...rest } = d;
            const ownMixins = mixins?.filter((m) => kept.has(m.name));
            return moved({
              ...rest,
              ...(ownMixins?.length ? { mixins: ownMixins } : {}),
              // Where to read it: a link into the repository (the manifest check names this file in its messages).
              source: { href: `${repository}/blob/main/${mod.path.replace(/^\//, '')}` },
              ...(d.members ? { members: d.members.filter(isPublic) } : {}),
            });
          });
        const names = new Set(declarations.map((d) => d.name));
        const exports = (mod.exports ?? [])
          .filter((e) => names.has(e.declaration?.name) || (e.kind === 'custom-element-definition' && kept.has(e.declaration?.name)))
          .map(moved);
        if (declarations.length === 0 && exports.length === 0) continue;
        const path = entryOf(mod.path);
        const into = byPath.get(path) ?? { kind: 'javascript-module', path, declarations: [], exports: [] };
        into.declarations.push(...declarations);
        for (const e of exports) if (!into.exports.some((x) => x.kind === e.kind && x.name === e.name)) into.exports.push(e);
        byPath.set(path, into);
      }
      manifest.modules = [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
    },
  };
}
