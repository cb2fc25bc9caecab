// Spec references in the elements' descriptions ("[10.1]–[10.11]", "[5.14]") become links to the section of our
// own guide that covers them: the guides are written in our words and numbered their own way, so each spec
// section is mapped here to the guide heading that explains it. A heading renamed in the guide fails the docs
// build (it is checked against the guide's own text), so a link never points at nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slug } from './markdown.mjs';

/** Omni-IR spec sections (first match wins) → the heading of docs/omni-ir.md that covers them. */
const OMNI_IR = [
  [/^1(\.|$)/, '1. What Omni-IR is'],
  [/^3\.9$/, 'Comments, blank lines and the version marker'],
  [/^3(\.|$)/, 'Lines, line endings and encoding'],
  [/^4(\.|$)/, '3. The line grammar'],
  [/^5\.(14|15|16)$/, 'The tool registry and the JSON Schema check'],
  [/^5\.(17|30)$/, 'Pictures'],
  [/^5\.(27|28|29)$/, 'App components'],
  [/^5\.(19|20|26)$/, 'State and fields'],
  [/^5\.(18|21|22|23|24)$/, 'Containers'],
  [/^5\.25$/, 'Limits'],
  [/^5(\.|$)/, 'How the lines fit together'],
  [/^6(\.|$)/, '4. The catalog'],
  [/^7\.3$/, 'The end of the stream'],
  [/^7(\.|$)/, 'Issues'],
  [/^8\.[1-6]$/, 'State and fields'],
  [/^8\.7$/, 'App components'],
  [/^8\.8$/, 'Updates after the end'],
  [/^8(\.|$)/, 'Pending, ready and missing'],
  [/^9\.1$/, 'What the person sees'],
  [/^9(\.|$)/, 'What happens on a press'],
  [/^10\.([1-9]|1[0-3])$/, 'The generate endpoint (Server-Sent Events)'],
  [/^10\.(14|15|35)$/, 'Mutate and the live feed'],
  [/^10\.(1[6-9]|2[0-8])$/, 'WebSocket, AG-UI and MCP Apps'],
  [/^10\.(29|3[0-4])$/, 'Updates after the end'],
  [/^10\.3[6-9]$/, 'Live updates'],
  [/^10$/, '7. Transports'],
  [/^11(\.|$)/, '8. Safety'],
  [/^12(\.|$)/, 'Limits'],
];

/** Which spec the references of an element's words are to, by tag: each guide with its section map. */
const SPECS = { 'omni-ir': OMNI_IR };
export function specOf(tag) {
  if (tag === 'omni-screen' || tag.startsWith('ae-')) return 'omni-ir';
  return null;
}

/** A reference, or a range of two: "[10.1]", "[10.1]–[10.11]"; not one that is already a link's text. */
const REF = /\[(\d+(?:\.\d+)?)\](?:\s*[–-]\s*\[(\d+(?:\.\d+)?)\])?(?![(\]])/g;

/**
 * A linker for `guide` (a name in docs/): `link(text)` writes each reference as a Markdown link to the guide's
 * section for it (`omni-ir.md#…`), for the renderer to resolve. Throws when a mapped heading isn't in the guide.
 */
export function specLinker(root, guide) {
  const map = SPECS[guide];
  if (!map) return (text) => text;
  const source = readFileSync(join(root, 'docs', `${guide}.md`), 'utf8');
  const headings = new Set([...source.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1]));
  for (const [, heading] of map) {
    if (!headings.has(heading)) throw new Error(`scripts/docs/specRefs.mjs: docs/${guide}.md has no heading "${heading}"; update the map`);
  }
  const anchor = (section) => {
    const found = map.find(([test]) => test.test(section));
    return found ? slug(found[1]) : null;
  };
  return (text) =>
    (text ?? '').replace(REF, (whole, first, last, offset, all) => {
      // Inside inline code the text is shown as written.
      if ((all.slice(0, offset).match(/`/g) ?? []).length % 2 === 1) return whole;
      const to = anchor(first) ?? (last ? anchor(last) : null);
      return to ? `[${whole.replace(/[[\]]/g, (b) => `\\${b}`)}](${guide}.md#${to})` : whole;
    });
}
