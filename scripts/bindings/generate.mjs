// Typed bindings for templates, generated from custom-elements.json (the build's `bindings` step): what each tag
// takes and fires, for React 19's JSX, Vue's GlobalComponents and Svelte's SvelteHTMLElements. The types come from
// the element classes themselves (`OmniScreenElement['tools']`), so the bindings can't drift from the code; the manifest
// says which members are settable properties, which attributes and events there are, and their words.
//
//   node scripts/bindings/generate.mjs [custom-elements.json] [outdir]   (default outdir: dist/types/frameworks)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classesOf, elementsOf, eventNameOf, isPublic } from '../manifest/check.mjs';
import { FRAMEWORK_TYPES, typesOf } from '../entries.mjs';

/** Where the generated files go, beside the declarations tsc writes for elements/ (dist/types/elements/…). */
export const OUT_DIR = 'dist/types/frameworks';

const HEADER = '// Generated from custom-elements.json by scripts/bindings/generate.mjs: do not edit.\n';

/** A description as a JSDoc block at `indent`, or nothing. A `*\/` in the text can't end the comment. */
function doc(text, indent) {
  if (!text?.trim()) return '';
  const lines = text.trim().replace(/\*\//g, '*\\/').split('\n');
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** The import path of a source module's declarations, from OUT_DIR (`elements/x/y.ts` → `../elements/x/y.js`). */
function importPath(modulePath, outDir) {
  // The manifest names shipped entries (`dist/omni-screen.js`); their declarations are the entry's types file.
  const entry = /^dist\/(.+)\.js$/.exec(modulePath)?.[1];
  const declarations = entry ? typesOf(entry).replace(/^\.\//, '').replace(/\.d\.ts$/, '.js') : join('dist/types', modulePath.replace(/\.ts$/, '.js'));
  const path = relative(outDir, declarations).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** A property key as written in an interface: bare when it is an identifier, quoted otherwise. */
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** What the generator knows of one element, read from the manifest. */
export function describeElements(manifest) {
  const classes = new Map(classesOf(manifest).map((c) => [c.declaration.name, c]));
  return elementsOf(manifest).map(({ declaration: el, path }) => {
    // Settable properties: public instance fields that aren't read-only (getters without setters are read-only).
    const properties = (el.members ?? []).filter((m) => m.kind === 'field' && !m.static && !m.readonly && isPublic(m));
    const names = new Set(properties.map((m) => m.name));
    // Attributes a template may write under another name than their property (`mutate-endpoint`); native ones
    // (`lang`, `dir`) are in every framework's own HTML attributes already.
    const attributes = (el.attributes ?? []).filter((a) => a.fieldName && a.name !== a.fieldName && !names.has(a.name));
    const events = (el.events ?? []).filter((e) => e.name && e.type?.text).map((e) => {
      const found = classes.get(e.type.text);
      if (!found || eventNameOf(found.declaration) !== e.name) throw new Error(`<${el.tagName}> event ${e.name}: no event class ${e.type.text} (run the manifest check)`);
      return { ...e, className: e.type.text, path: found.path };
    });
    return { tag: el.tagName, className: el.name, path, summary: el.summary ?? el.description, properties, attributes, events };
  });
}

/** elements.d.ts: per element, its class, its properties, attributes and events; and per tag, maps of each. */
function elementsFile(elements, outDir) {
  const imports = new Map();
  const use = (name, path) => {
    const previous = imports.get(name);
    if (previous && previous !== path) throw new Error(`two classes named ${name} (${previous}, ${path}): the bindings can't import both`);
    imports.set(name, path);
  };
  let body = '';
  for (const el of elements) {
    use(el.className, el.path);
    body += `\n/** The properties of \`<${el.tag}>\` a template may set (as properties, not attributes). */\n`;
    body += `export interface ${el.className}Properties {\n`;
    for (const p of el.properties) body += `${doc(p.description, '  ')}  ${key(p.name)}: ${el.className}[${JSON.stringify(p.name)}];\n`;
    body += '}\n';
    body += `\n/** The attributes of \`<${el.tag}>\` named unlike their property. */\n`;
    body += `export interface ${el.className}Attributes {\n`;
    for (const a of el.attributes) body += `${doc(a.description, '  ')}  ${key(a.name)}?: string;\n`;
    body += '}\n';
    body += `\n/** The events \`<${el.tag}>\` fires: name → event class. */\n`;
    body += `export interface ${el.className}Events {\n`;
    for (const e of el.events) {
      use(e.className, e.path);
      body += `${doc(e.description, '  ')}  ${key(e.name)}: ${e.className};\n`;
    }
    body += '}\n';
  }
  const map = (name, what, value) =>
    `\n/** ${what} */\nexport interface ${name} {\n${elements.map((el) => `  '${el.tag}': ${value(el)};\n`).join('')}}\n`;
  body += map('AgenticElements', 'Every tag of the package → its class (as in HTMLElementTagNameMap).', (el) => el.className);
  body += map('AgenticProperties', 'Every tag → the properties a template may set.', (el) => `${el.className}Properties`);
  body += map('AgenticAttributes', 'Every tag → its attributes named unlike their property.', (el) => `${el.className}Attributes`);
  body += map('AgenticEvents', 'Every tag → its events.', (el) => `${el.className}Events`);
  // Each class is the one HTMLElementTagNameMap gives for its tag (declared beside each element): a tag that
  // isn't there, or maps to another class, is a type error here.
  body += '\n/** Holds only when HTMLElementTagNameMap gives each tag its own class. */\n';
  body += 'export type TagMapAgrees = {\n  [Tag in keyof AgenticElements]: HTMLElementTagNameMap[Tag] extends AgenticElements[Tag] ? true : never;\n};\n';
  const byModule = new Map();
  for (const [name, path] of imports) byModule.set(path, [...(byModule.get(path) ?? []), name]);
  const importLines = [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, names]) => `import type { ${names.sort().join(', ')} } from '${importPath(path, outDir)}';`)
    .join('\n');
  // The elements' own types (ToolSchema and the other registries, handlers, events), so the one line that brings
  // in a framework's bindings also reaches the types its registries are written with.
  const elementTypes = `export type * from '${importPath('elements/index.ts', outDir)}';\n`;
  return `${HEADER}// Each element's properties (typed by its own class), attributes and events, for the framework bindings beside.\n${importLines}\n${elementTypes}${body}`;
}

/** The first sentence of a description, for the one-line hover text of a tag. */
const firstSentence = (text) => (text ?? '').replace(/\s+/g, ' ').match(/^.*?[.!?](\s|$)/)?.[0].trim() ?? '';

function tagLines(elements, indent, type) {
  return elements.map((el) => `${doc(firstSentence(el.summary), indent)}${indent}'${el.tag}': ${type(el)};\n`).join('');
}

function reactFile(elements) {
  return `${HEADER}// JSX types for React 19: \`import type {} from 'agentic-elements/react'\` once in the app.
// React 19 sets a prop as a property when the element has one (objects and functions arrive as they are), and
// listens for an event through an \`on<event-name>\` prop spelt exactly as the event.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AgenticAttributes, AgenticElements, AgenticEvents, AgenticProperties } from './elements.js';

export type * from './elements.js';

/** One \`on<event-name>\` handler per event, called with the event's own class. */
export type ReactEventProps<Events> = { [Name in keyof Events & string as \`on\${Name}\`]?: (event: Events[Name]) => void };

/** What a tag takes in JSX: React's props for an HTML element, the element's properties, attributes and events. */
export type ReactProps<Tag extends keyof AgenticElements> = Omit<
  DetailedHTMLProps<HTMLAttributes<AgenticElements[Tag]>, AgenticElements[Tag]>,
  keyof AgenticProperties[Tag]
> &
  Partial<AgenticProperties[Tag]> &
  AgenticAttributes[Tag] &
  ReactEventProps<AgenticEvents[Tag]>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${tagLines(elements, '      ', (el) => `ReactProps<'${el.tag}'>`)}    }
  }
}
`;
}

function vueFile(elements) {
  return `${HEADER}// Template types for Vue 3 (vue-tsc, Volar): \`import type {} from 'agentic-elements/vue'\` once in the app.
// Bind properties with \`.prop\` (\`:tools.prop="tools"\`) and listen with \`@omni-end\`; the compiler must treat the
// tags as custom elements (\`isCustomElement\`), which these types don't change.
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { AgenticAttributes, AgenticElements, AgenticEvents, AgenticProperties } from './elements.js';

export type * from './elements.js';

/** A tag as Vue's tooling sees a component: the element's class, with the props and emits a template may use. */
export type VueCustomElement<Tag extends keyof AgenticElements> = new () => AgenticElements[Tag] & {
  /** For template type checking only: not a property of the element. */
  $props: Omit<HTMLAttributes, keyof AgenticProperties[Tag]> & Partial<AgenticProperties[Tag]> & AgenticAttributes[Tag] & PublicProps;
  /** For template type checking only: not a property of the element. */
  $emit: EmitFn<{ [Name in keyof AgenticEvents[Tag]]: (event: AgenticEvents[Tag][Name]) => void }>;
};

declare module 'vue' {
  interface GlobalComponents {
${tagLines(elements, '    ', (el) => `VueCustomElement<'${el.tag}'>`)}  }
}
`;
}

function svelteFile(elements) {
  return `${HEADER}// Element types for Svelte 5 (svelte-check): \`import type {} from 'agentic-elements/svelte'\` once in the app.
// Svelte 5 sets an attribute as a property when the element has one, and \`on<event-name>={…}\` listens for the event.
import type { HTMLAttributes } from 'svelte/elements';
import type { AgenticAttributes, AgenticElements, AgenticEvents, AgenticProperties } from './elements.js';

export type * from './elements.js';

/** One \`on<event-name>\` handler per event, called with the event's own class. */
export type SvelteEventProps<Events> = { [Name in keyof Events & string as \`on\${Name}\`]?: (event: Events[Name]) => void };

/** What a tag takes in markup: Svelte's attributes for an HTML element, the element's properties, attributes and events. */
export type SvelteProps<Tag extends keyof AgenticElements> = Omit<HTMLAttributes<AgenticElements[Tag]>, keyof AgenticProperties[Tag]> &
  Partial<AgenticProperties[Tag]> &
  AgenticAttributes[Tag] &
  SvelteEventProps<AgenticEvents[Tag]>;

declare module 'svelte/elements' {
  export interface SvelteHTMLElements {
${tagLines(elements, '    ', (el) => `SvelteProps<'${el.tag}'>`)}  }
}
`;
}

const FILES = { react: reactFile, vue: vueFile, svelte: svelteFile };

/** Every generated file, name → text. */
export function bindings(manifest, outDir = OUT_DIR) {
  const elements = describeElements(manifest);
  const files = { 'elements.d.ts': elementsFile(elements, outDir) };
  for (const name of FRAMEWORK_TYPES) files[`${name}.d.ts`] = FILES[name](elements);
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file = 'custom-elements.json', outDir = OUT_DIR] = process.argv.slice(2);
  const files = bindings(JSON.parse(readFileSync(file, 'utf8')), outDir);
  mkdirSync(outDir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text);
  console.log(`${outDir}: ${Object.keys(files).join(', ')}`);
}
