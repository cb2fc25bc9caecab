// The build's manifest check: custom-elements.json must describe every element completely, because the docs site
// and the typed bindings for React, Vue and Svelte are generated from it. A public member with no description,
// an event with no type (or a type that isn't an event class of the package, or that names another event), an
// event field a listener reads with no words, a part, slot or CSS property with no words, an event class no
// element documents: each is one problem, named with its element (or class) and source file.
//
//   node scripts/manifest/check.mjs [custom-elements.json]   exits 1 and lists the problems, or says what it checked
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True for a member an app can reach: not `#private`, `private` or `protected`. */
export const isPublic = (member) => !member.name.startsWith('#') && (member.privacy ?? 'public') === 'public';

/** Where a declaration's source is, from the repository's root: its `source.href` (a link into the repository). */
export const sourceOf = (declaration) => /\/blob\/[^/]+\/(.+)$/.exec(declaration.source?.href ?? '')?.[1];

/**
 * Every class declared in the manifest, with its module's path (the shipped entry that exports it) and where its
 * source file is, for messages a developer acts on.
 */
export function classesOf(manifest) {
  return manifest.modules.flatMap((mod) =>
    (mod.declarations ?? [])
      .filter((d) => d.kind === 'class')
      .map((declaration) => ({ declaration, path: mod.path, file: sourceOf(declaration) ?? mod.path })),
  );
}

/** The custom elements the manifest describes: classes with a tag, in tag order. */
export function elementsOf(manifest) {
  return classesOf(manifest)
    .filter(({ declaration }) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.declaration.tagName.localeCompare(b.declaration.tagName));
}

/** The name an event class gives itself (`static readonly eventName = 'omni-action'`), or undefined. */
export function eventNameOf(declaration) {
  const field = declaration.members?.find((m) => m.static && m.name === 'eventName');
  return field?.default?.replace(/^['"`]|['"`]$/g, '');
}

const hasText = (s) => typeof s === 'string' && s.trim().length > 0;

/** The problems of one manifest, each a sentence; empty when it is complete. */
export function manifestProblems(manifest) {
  const problems = [];
  const classes = classesOf(manifest);
  const eventClasses = new Map(classes.filter(({ declaration }) => eventNameOf(declaration)).map((c) => [c.declaration.name, c]));
  const elements = elementsOf(manifest);
  // An inherited member is reported once, where it is declared, naming every element that inherits it.
  const reported = new Map();
  const report = (where, what, origin) => {
    const key = `${origin ?? where}\u0000${what}`;
    const seen = reported.get(key);
    if (seen) return void seen.tags.push(where);
    const entry = { where, what, origin, tags: [where] };
    reported.set(key, entry);
  };

  if (elements.length === 0) problems.push('no custom element at all: is the analyzer finding defineElement() calls?');
  for (const { declaration: el, file } of elements) {
    const where = `<${el.tagName}> (${file})`;
    if (!hasText(el.description)) report(where, 'the class has no description');
    for (const m of el.members ?? []) {
      if (!isPublic(m)) continue;
      const origin = m.inheritedFrom ? `${m.inheritedFrom.name} (${m.inheritedFrom.module})` : undefined;
      const kind = m.kind === 'method' ? 'method' : 'property';
      if (!hasText(m.description)) report(where, `${kind} "${m.name}" has no description`, origin);
      if (m.kind === 'field' && !hasText(m.type?.text)) report(where, `property "${m.name}" has no type`, origin);
      for (const p of m.parameters ?? []) {
        if (!hasText(p.type?.text)) report(where, `method "${m.name}": parameter "${p.name}" has no type`, origin);
      }
    }
    for (const a of el.attributes ?? []) {
      const origin = a.inheritedFrom ? `${a.inheritedFrom.name} (${a.inheritedFrom.module})` : undefined;
      if (!hasText(a.description)) report(where, `attribute "${a.name}" has no description`, origin);
    }
    for (const e of el.events ?? []) {
      const origin = e.inheritedFrom ? `${e.inheritedFrom.name} (${e.inheritedFrom.module})` : undefined;
      const name = e.name ? `event "${e.name}"` : `an event of class ${e.type?.text ?? '?'} (fired in the code, no @fires names it)`;
      if (!e.name) {
        report(where, name, origin);
        continue;
      }
      if (!hasText(e.description)) report(where, `${name} has no description`, origin);
      const type = e.type?.text;
      if (!hasText(type)) report(where, `${name} has no type: write @fires {EventClass} ${e.name} - …`, origin);
      else if (!eventClasses.has(type)) report(where, `${name}: its type ${type} is not an event class of the package (one with static eventName)`, origin);
      else if (eventNameOf(eventClasses.get(type).declaration) !== e.name) {
        report(where, `${name}: its type ${type} is the event "${eventNameOf(eventClasses.get(type).declaration)}"`, origin);
      }
    }
    for (const s of el.slots ?? []) if (!hasText(s.description)) report(where, `slot "${s.name || '(default)'}" has no description`);
    for (const p of el.cssParts ?? []) if (!hasText(p.description)) report(where, `CSS part "${p.name}" has no description`);
    for (const p of el.cssProperties ?? []) if (!hasText(p.description)) report(where, `CSS property "${p.name}" has no description`);
  }
  // An event class no element documents would be missing from the docs and the framework typings.
  const documented = new Set(elements.flatMap(({ declaration }) => (declaration.events ?? []).map((e) => e.type?.text)));
  for (const [name, { file, declaration }] of eventClasses) {
    if (!documented.has(name)) problems.push(`${name} (${file}): the event "${eventNameOf(declaration)}" is fired by no element's @fires (mark the class @internal if no app should hear it)`);
  }
  // A listener reads an event's fields: each documented event class says what every one of them holds.
  for (const name of documented) {
    const found = eventClasses.get(name);
    if (!found) continue;
    for (const m of found.declaration.members ?? []) {
      if (m.static || !isPublic(m) || m.kind !== 'field') continue;
      if (!hasText(m.description)) problems.push(`${name} (${found.file}): field "${m.name}" has no description`);
      if (!hasText(m.type?.text)) problems.push(`${name} (${found.file}): field "${m.name}" has no type`);
    }
  }
  for (const { where, what, origin, tags } of reported.values()) {
    problems.push(origin ? `${origin}: ${what} (inherited by ${tags.map((t) => t.split(' ')[0]).join(', ')})` : `${where}: ${what}`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2] ?? 'custom-elements.json';
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const problems = manifestProblems(manifest);
  if (problems.length) {
    console.error(`${file} is incomplete, ${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
    for (const p of problems) console.error(`  ${p}`);
    console.error('Describe each in the JSDoc of its element (see docs/adding-an-element.md), then build again.');
    process.exit(1);
  }
  const tags = elementsOf(manifest).map(({ declaration }) => `<${declaration.tagName}>`);
  console.log(`${file}: ${tags.length} elements described completely: ${tags.join(', ')}`);
}
