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
