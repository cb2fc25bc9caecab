// ```jsx and ```vue blocks: a component of a framework app, built as the app's bundler would and mounted in
// Chromium, checked where frameworks go wrong with custom elements: objects and functions must reach the element
// as properties (not as attributes, which would be strings), and the element's events must reach the framework's
// listeners.
//
// ```jsx: the block is a module of a React 19 app. Only what's needed to reach its component is added after it:
// `export { Name };` for each top-level component (a function or const whose name starts with a capital) that
// isn't exported already. esbuild bundles it (automatic JSX runtime, React's development build). A harness
// fetches the demo's real registries (`/api/registry`: tools, confirm, assets, pictures) and renders each
// component with them as props, with `handler`, a function, `components: {}` and `src`, the URL of a recorded
// screen, inside `<StrictMode>` (as Vite's React template does: every effect runs, is cleaned up and runs again).
// The element the component draws must then hold, as properties, the very values given for each prop its JSX
// binds with `{…}`; a component that streams (`.stream(` in the block) must have drawn that screen once, ended,
// with no issue and no "connection was lost".
//
// ```vue: the block is a single-file component, compiled by vue/compiler-sfc with the `isCustomElement` the README
// itself tells readers to set (found in the README's text; the test fails if the README stops saying it), bundled
// by esbuild with Vue's bundler build, and mounted. Each prop its template binds (`:x`, `:x.prop`, `v-bind:x`) on a
// custom element must reach it as a property: an object or function, not a reactive Proxy, not an attribute. A
// Vue warning is a problem (that is how Vue reports an element it took for a component).
//
// Both: for each event the block listens for on the element (`on<event-name>` in JSX, `@event-name` in Vue), the
// framework must have added a listener, and that listener must run when the element fires the event for real
// (TRIGGERS in probes.mjs: an <omni-screen> is fed a short stream with a governed payments.confirm Button and an
// unknown component, which fires omni-issue and omni-end, and the Button is pressed, so the handler the component
// gave runs; an element without a trigger gets a plain Event of that name). No problem the page watcher sees
// (page.mjs: errors, refused requests…) may occur.
import { runInNewContext } from 'node:vm';
import { parse, compileScript } from 'vue/compiler-sfc';
import { bundle, padded, writeIn } from '../bundle.mjs';
import { scratchDir } from '../paths.mjs';
import { openPage, assertNoProblems } from '../page.mjs';
import { TRIGGERS, eventProblems } from '../probes.mjs';
import { CSP } from '../../../demo/server/http.mjs';

/** The props the React harness gives a component, by name; made in the page (functions can't be sent there). */
const REACT_PROPS = ['tools', 'assets', 'confirm', 'pictures', 'components', 'handler', 'src'];

/**
 * The attributes on each custom element tag in `source` (JSX or a Vue template): [{tag, name, value}], `value`
 * being the text after `=` (braces or quotes included) or null. Reads braces and quotes, so an arrow function
 * inside `{…}` doesn't end the tag.
 */
export function customElementAttributes(source) {
  const out = [];
  const open = /<([a-z][a-z0-9]*-[a-z0-9-]*)(?=[\s/>])/g;
  for (let m; (m = open.exec(source)); ) {
    const tag = m[1];
    let i = open.lastIndex;
    const attrs = [];
    while (i < source.length) {
      while (/\s/.test(source[i])) i++;
      if (source[i] === '>' || source.startsWith('/>', i)) break;
      const name = /^[^\s=/>]+/.exec(source.slice(i))?.[0];
      if (!name) break;
      i += name.length;
      let value = null;
      if (source[i] === '=') {
        const start = ++i;
        const quote = source[i];
        if (quote === '"' || quote === "'") i = source.indexOf(quote, i + 1) + 1;
        else if (quote === '{') {
          let depth = 0;
          for (; i < source.length; i++) {
            const c = source[i];
            if (c === '"' || c === "'" || c === '`') i = source.indexOf(c, i + 1);
            else if (c === '{') depth++;
            else if (c === '}' && --depth === 0) break;
          }
          i++;
        } else i += /^[^\s>]*/.exec(source.slice(i))[0].length;
        value = source.slice(start, i);
      }
      attrs.push({ tag, name, value });
    }
    out.push(...attrs);
    if (attrs.length === 0) out.push({ tag, name: null, value: null });
    open.lastIndex = i;
  }
  return out;
}

/** The React bindings: props bound with {…} (on-props, ref and key aside), and events from on<event-name> props. */
function reactBindings(code) {
  const attrs = customElementAttributes(code);
  const tags = [...new Set(attrs.map((a) => a.tag))];
  const props = [];
  const events = [];
  for (const a of attrs) {
    if (!a.name) continue;
    const event = /^on([a-z][a-z0-9]*-[a-z0-9-]+)$/.exec(a.name);
    if (event) events.push({ tag: a.tag, type: event[1] });
    else if (a.value?.startsWith('{') && !['ref', 'key', 'children'].includes(a.name)) props.push({ tag: a.tag, name: a.name });
  }
  return { tags, props, events };
}

/** The Vue bindings: props from :x / :x.prop / v-bind:x, events from @x / v-on:x. */
function vueBindings(template) {
  const attrs = customElementAttributes(template);
  const tags = [...new Set(attrs.map((a) => a.tag))];
  const props = [];
  const events = [];
  for (const a of attrs) {
    if (!a.name) continue;
    const prop = /^(?::|v-bind:)([a-zA-Z][\w]*)(\.prop)?$/.exec(a.name);
    const event = /^(?:@|v-on:)([a-z][\w-]*)$/.exec(a.name);
    if (prop) props.push({ tag: a.tag, name: prop[1] });
    else if (event) events.push({ tag: a.tag, type: event[1] });
  }
  return { tags, props, events };
}

/** The top-level components a JSX module defines, and the line that exports those it doesn't export yet. */
function componentsOf(code) {
  const names = [...code.matchAll(/^(export\s+(?:default\s+)?)?(?:async\s+)?(?:function\s+|const\s+|let\s+)([A-Z]\w*)\b/gm)];
  const exported = new Set(names.filter((m) => m[1]).map((m) => m[2]));
  for (const m of code.matchAll(/^export\s*\{([^}]*)\}/gm)) for (const n of m[1].split(',')) exported.add(n.trim().split(/\s+as\s+/).pop());
  const missing = names.map((m) => m[2]).filter((n) => !exported.has(n));
  return { all: names.map((m) => m[2]), append: missing.length ? `\nexport { ${missing.join(', ')} }; // added by the README test\n` : '' };
}

/** The `isCustomElement` setting the README tells Vue users to make, as a function. */
function readmeIsCustomElement(readme, where) {
  const found = /isCustomElement\s*[:=]\s*(\([^)]*\)\s*=>\s*[^,}\n;]+?)\s*[,}\n;]/.exec(readme);
  if (!found) throw new Error(`${where}: the README no longer says how to set Vue's isCustomElement (compilerOptions.isCustomElement: (tag) => …), which this block needs`);
  return { source: found[1], fn: runInNewContext(found[1]) };
}

export async function runJsx(block, ctx) {
  const { all, append } = componentsOf(block.code);
  if (!all.length) throw new Error(`${block.where}: the jsx block defines no component (a top-level function or const whose name starts with a capital) to render`);
  const bindings = reactBindings(block.code);
  const unknown = bindings.props.filter((p) => !REACT_PROPS.includes(p.name));
  if (unknown.length) {
    throw new Error(`${block.where}: the README test has nothing to give as ${unknown.map((p) => `\`${p.name}\``).join(', ')}: add it to REACT_PROPS (and the harness) in test/readme/languages/frameworks.mjs`);
  }
  const dir = scratchDir(`L${block.line}`);
  const blockFile = block.lang === 'tsx' ? 'block.tsx' : 'block.jsx';
  writeIn(dir, blockFile, padded(block, block.code + append));
  const main = writeIn(
    dir,
    'main.jsx',
    `import * as block from './${blockFile}';
import { createElement, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

const registry = await (await fetch('/api/registry')).json();
const props = {
  tools: registry.tools, assets: registry.assets, confirm: registry.confirm, pictures: registry.pictures, components: {},
  handler: async (action) => ({ result: { ok: true, tool: action.tool } }),
  src: '/my-model-output.txt',
};
window.__harness = { props };
for (const name of ${JSON.stringify(all)}) {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() => root.render(createElement(StrictMode, null, createElement(block[name], props))));
}
`,
  );
  return mountAndCheck(block, ctx, await bundle(main, block.where), { ...bindings, streams: block.code.includes('.stream(') }, 'React 19 (StrictMode)');
}

export async function runVue(block, ctx) {
  const isCustomElement = readmeIsCustomElement(ctx.readme, block.where);
  // As @vitejs/plugin-vue does: the template is parsed with the compiler options (an element's kind is decided
  // while parsing), then compiled with them.
  const compilerOptions = { isCustomElement: isCustomElement.fn };
  const { descriptor, errors } = parse(block.code, { filename: `README-L${block.line}.vue`, templateParseOptions: compilerOptions });
  if (errors.length) throw new Error(`${block.where}: the vue block doesn't parse: ${errors.map((e) => e.message ?? e).join('; ')}`);
  if (descriptor.styles.length) throw new Error(`${block.where}: a <style> in a vue block isn't run by the README test yet: teach runVue in test/readme/languages/frameworks.mjs to compile it (compileStyle)`);
  let compiled;
  try {
    compiled = compileScript(descriptor, { id: `readme-${block.line}`, inlineTemplate: true, templateOptions: { compilerOptions } });
  } catch (error) {
    throw new Error(`${block.where}: the vue block doesn't compile: ${error.message}`);
  }
  const bindings = vueBindings(descriptor.template?.content ?? '');
  const dir = scratchDir(`L${block.line}`);
  writeIn(dir, 'block.vue.js', compiled.content);
  const main = writeIn(
    dir,
    'main.js',
    `import Block from './block.vue.js';
import { createApp, isProxy } from 'vue';
window.__harness = { isProxy };
createApp(Block).mount(document.body.appendChild(document.createElement('div')));
`,
  );
  const notes = await mountAndCheck(block, ctx, await bundle(main, block.where), bindings, 'Vue 3');
  return [`compiled with isCustomElement: ${isCustomElement.source} (from the README)`, ...notes];
}

/** In the page: each bound prop of each element is a property (the harness's own value, when it gave one). */
function propertyProblems({ props }) {
  const out = [];
  const given = window.__harness.props ?? {};
  const isProxy = window.__harness.isProxy ?? (() => false);
  for (const { tag, name } of props) {
    const els = document.querySelectorAll(tag);
    if (!els.length) out.push(`no <${tag}> was rendered`);
    for (const el of els) {
      const value = el[name];
      if (el.hasAttribute(name)) out.push(`${name} reached <${tag}> as an attribute (${name}="${el.getAttribute(name).slice(0, 40)}"), a string, not a property`);
      else if (value === undefined || value === null) out.push(`${name} never reached <${tag}> as a property (it is ${value})`);
      else if (typeof value !== 'object' && typeof value !== 'function') out.push(`${name} reached <${tag}> as a ${typeof value}, not the object or function bound`);
      else if (Object.hasOwn(given, name) && value !== given[name]) out.push(`<${tag}>.${name} is not the very value the app gave`);
      else if (isProxy(value)) out.push(`<${tag}>.${name} is a reactive Proxy, not the app's own object (keep registries in shallowRef or markRaw)`);
    }
  }
  return out;
}

/** Each <omni-screen> the component streamed into drew the recorded screen once: ended, no issue, no notice. */
async function streamedProblems(session) {
  await session.page
    .waitForFunction(() => [...document.querySelectorAll('omni-screen')].every((el) => el.document?.ended), null, { timeout: 15_000 })
    .catch(() => {});
  await session.settle().catch((error) => session.problems.push(error.message));
  return session.page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('omni-screen')) {
      if (!el.document?.ended) out.push('the stream the component started never ended');
      if (!el.document?.node('title')) out.push('the recorded screen (/my-model-output.txt) was not drawn');
      if (el.issues.length) out.push(`the streamed screen has issues: ${el.issues.map((i) => `${i.code} (line ${i.line})`).join(', ')}`);
      const notice = el.shadowRoot.querySelector('[part~="connection-notice"]');
      if (notice) out.push(`the screen says "${notice.textContent.trim()}"`);
    }
    return out;
  });
}

async function mountAndCheck(block, ctx, code, bindings, framework) {
  const env = await ctx.browser();
  const base = `/__readme/L${block.line}`;
  env.put(`${base}/main.js`, code);
  const url = env.put(`${base}/index.html`, `<!doctype html>\n<html lang="en"><title>${block.where}</title><script type="module" src="main.js"></script></html>\n`, { csp: CSP });
  const session = await openPage(env, url, { where: block.where, pageLines: false });
  try {
    await session.page.waitForFunction((tags) => tags.every((t) => document.querySelector(t)), bindings.tags, { timeout: 15_000 }).catch(() => {
      session.problems.push(`the component never drew ${bindings.tags.map((t) => `<${t}>`).join(', ')}`);
    });
    await session.settle().catch((error) => session.problems.push(error.message));
    const problems = [...(await session.page.evaluate(propertyProblems, { props: bindings.props }))];
    if (bindings.streams) problems.push(...(await streamedProblems(session)));
    // Events: the framework added a listener, and it runs when the element fires the event.
    const { added } = await session.record();
    for (const e of bindings.events) if (!added[`${e.tag}:${e.type}`]) problems.push(`${framework} added no listener for ${e.type} on <${e.tag}>`);
    const pressed = [];
    for (const tag of bindings.tags) {
      const types = bindings.events.filter((e) => e.tag === tag).map((e) => e.type);
      const trigger = TRIGGERS[tag];
      await session.page.evaluate(trigger?.fire ?? ((types) => {
        for (const el of document.querySelectorAll('*')) if (el.localName.includes('-')) for (const type of types) el.dispatchEvent(new Event(type));
      }), types);
      await session.settle().catch((error) => session.problems.push(error.message));
      if (trigger?.then) {
        const count = await session.page.locator(tag).count();
        for (let i = 0; i < count; i++) {
          const found = await trigger.then(session, session.page.locator(tag).nth(i), `<${tag}>`);
          problems.push(...found.problems);
          pressed.push(...found.notes);
        }
      }
    }
    const { ran, events } = await session.record();
    for (const e of bindings.events) if (!ran[`${e.tag}:${e.type}`]) problems.push(`the ${framework} listener for ${e.type} didn't run when <${e.tag}> fired it`);
    await session.collectViolations();
    assertNoProblems(block.where, [...session.problems, ...problems, ...eventProblems(events)], session.notes);
    return [
      `mounted with ${framework}: ${bindings.props.map((p) => p.name).join(', ') || 'no props'} reached ${bindings.tags.map((t) => `<${t}>`).join(', ')} as properties`,
      `events heard by ${framework}: ${bindings.events.map((e) => `${e.type} (${ran[`${e.tag}:${e.type}`]}×)`).join(', ') || 'none bound'}`,
      ...pressed,
    ];
  } finally {
    await session.close();
  }
}
