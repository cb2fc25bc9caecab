// One element's page, from its entry in custom-elements.json: what it is, then its properties, attributes,
// methods, events (with the fields a listener reads), slots, CSS parts and CSS custom properties, each with its
// description. Inherited members say where they come from.
import { html, raw } from './html.mjs';
import { isPublic } from '../manifest/check.mjs';

const code = (text) => (text ? html`<code>${text}</code>` : '');
const from = (m) => (m.inheritedFrom ? html` <span class="inherited">from ${m.inheritedFrom.name}</span>` : '');

function table(id, title, intro, head, rows) {
  if (!rows.length) return '';
  return html`
<section>
<h2 id="${id}">${title}</h2>
${intro ? html`<p>${intro}</p>` : ''}
<div class="table-scroll" tabindex="0" role="region" aria-labelledby="${id}">
<table>
<thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>
${rows.map((cells) => html`<tr>${cells.map((c, i) => (i === 0 ? html`<th scope="row">${c}</th>` : html`<td>${c}</td>`))}</tr>\n`)}
</tbody>
</table>
</div>
</section>`;
}

/** CSS custom properties and others listed both by the element and its base: the element's own words win. */
function unique(items) {
  const seen = new Map();
  for (const item of items ?? []) if (!seen.has(item.name) || (!item.inheritedFrom && seen.get(item.name).inheritedFrom)) seen.set(item.name, item);
  return [...seen.values()];
}

/** The page body of `element` (a manifest class with a tag); `classes` finds event classes by name. */
export function elementBody({ element: el, path, classes, md, entry, specLinks = (text) => text }) {
  const members = (el.members ?? []).filter(isPublic);
  const fields = members.filter((m) => m.kind === 'field' && !m.static);
  const methods = members.filter((m) => m.kind === 'method' && !m.static);
  const attrOf = new Map((el.attributes ?? []).filter((a) => a.fieldName).map((a) => [a.fieldName, a.name]));
  const d = (text, where) => raw(md.inline(specLinks(text), `<${el.tagName}> ${where}`));

  const properties = table('properties', 'Properties', 'Set them as properties (objects and functions can only be set this way); a property with an attribute can also be written in HTML.',
    ['Property', 'Attribute', 'Type', 'Default', 'Description'],
    fields.map((m) => [
      html`${code(m.name)}${m.readonly ? html` <span class="tag">read-only</span>` : ''}`,
      code(attrOf.get(m.name)),
      code(m.type?.text),
      code(m.default),
      html`${d(m.description, m.name)}${from(m)}`,
    ]),
  );
  const attributes = table('attributes', 'Attributes', '', ['Attribute', 'Property', 'Description'],
    (el.attributes ?? []).map((a) => [code(a.name), code(a.fieldName), html`${d(a.description, a.name)}${from(a)}`]),
  );
  const signature = (m) => `${m.name}(${(m.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`).join(', ')}): ${m.return?.type?.text ?? 'void'}`;
  const methodTable = table('methods', 'Methods', '', ['Method', 'Description'],
    methods.map((m) => [code(signature(m)), html`${d(m.description, m.name)}${from(m)}`]),
  );
  const events = table('events', 'Events', 'Each event is its own class with typed fields; every one bubbles out of the element.',
    ['Event', 'Class', 'Description and fields'],
    (el.events ?? []).filter((e) => e.name).map((e) => {
      const klass = classes.get(e.type?.text);
      const eventFields = (klass?.members ?? []).filter((m) => m.kind === 'field' && !m.static && isPublic(m));
      const list = eventFields.length
        ? html`<ul class="fields">${eventFields.map((f) => html`<li>${code(f.name)}: ${code(f.type?.text)}${f.description ? html` — ${d(f.description, `${e.name}.${f.name}`)}` : ''}</li>`)}</ul>`
        : '';
      return [code(e.name), code(e.type?.text), html`${d(e.description, e.name)}${list}${from(e)}`];
    }),
  );
  const slots = table('slots', 'Slots', '', ['Slot', 'Description'], (el.slots ?? []).map((s) => [s.name ? code(s.name) : 'default', d(s.description, `slot ${s.name}`)]));
  const parts = table('parts', 'CSS parts', 'Style them from the page with <code>::part(name)</code>.', ['Part', 'Description'],
    unique(el.cssParts).map((p) => [code(p.name), d(p.description, `part ${p.name}`)]));
  const cssProps = table('css-properties', 'CSS custom properties', 'Set them on the element or any ancestor; light and dark defaults come from the theme.',
    ['Property', 'Default', 'Description'],
    unique(el.cssProperties).map((p) => [code(p.name), code(p.default), d(p.description, `css ${p.name}`)]));

  const use = entry
    ? html`<pre><code>import 'agentic-elements/${entry}';   // or every element: import 'agentic-elements'</code></pre>`
    : html`<p>A part the elements use inside themselves, defined by every entry that needs it.</p>`;
  return html`<h1><code>&lt;${el.tagName}&gt;</code></h1>
${el.summary ? html`<p class="lede">${d(el.summary, 'summary')}</p>` : ''}
<p class="source">Class <code>${el.name}</code>, in <code>${path}</code>.</p>
${use}
${raw(md.block(specLinks(el.description), `<${el.tagName}> description`))}
${properties}${attributes}${methodTable}${events}${slots}${parts}${cssProps}`;
}
