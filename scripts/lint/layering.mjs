// The lint rule that keeps the layers apart (`ae/layering` in eslint.config.mjs, run by `npm run lint`):
//
//  - the engine (src/) imports neither an element (elements/) nor Lit: it runs in Node and workers, without a DOM;
//  - an element (elements/<tag>/) and the shared layer (elements/shared/) reach the engine only through its
//    public faces (FACES below), never a file behind one, so a format can rearrange its insides freely;
//  - an element imports its own folder and elements/shared/, never another element's folder, and
//    elements/shared/ imports no element: what two elements need goes to elements/shared/.
//
// A local rule rather than `no-restricted-imports` patterns: it resolves each path against the importing file,
// so `../omni-screen/x.js` means the same wherever it is written, and it also sees `import()` and
// `typeof import()`, which the patterns don't. Tests, benchmarks, the demo and scripts are not checked: they
// may test an engine file directly.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The engine's public faces, without their extension: what elements may import from src/. */
export const FACES = [
  'src/index',
  'src/lazy',
  'src/stream/index',
  'src/transport/index',
  'src/actions/index',
  'src/omni-ir/index',
  // Omni-IR's own clients: a face of their own, so <omni-screen> can load them with import() on first use.
  'src/omni-ir/transport/index',
  'src/ops/index',
  'src/axstream/index',
  'src/oui/index',
  // The formats' public entries (`agentic-elements/engine/omni-ir`, …): the script-tag build publishes them all.
  'src/entries/omni-ir',
  'src/entries/ops',
  'src/entries/axstream',
  'src/entries/oui',
];

const LIT = /^(lit|@lit|@lit-labs)(\/|$)/;

/** The repository path of a file, with forward slashes and without its extension. */
const repoPath = (file) => relative(root, file).split(sep).join('/').replace(/\.(ts|mts|js|mjs)$/, '');

/** Which layer a file is in: `engine`, `shared`, `element` (with its folder), `entry` (elements/*.ts), or none. */
function layerOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'src') return { layer: 'engine' };
  if (parts[0] !== 'elements') return null;
  if (parts.length === 2) return { layer: 'entry' };
  return parts[1] === 'shared' ? { layer: 'shared' } : { layer: 'element', folder: parts[1] };
}

/** The face a file behind one belongs to: its folder's index (Omni-IR's clients have their own). */
function faceFor(path) {
  const parts = path.split('/');
  if (parts[1] === 'omni-ir' && parts[2] === 'transport') return 'src/omni-ir/transport/index';
  return parts.length > 2 ? `src/${parts[1]}/index` : 'src/index';
}

/** @type {import('eslint').Rule.RuleModule} */
export const layering = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the engine, the shared layer and each element in their layers (docs/architecture.md).' },
    schema: [],
    messages: {
      engineToElement: "The engine (src/) may not import '{{spec}}': it is part of the elements, and the engine runs without a DOM. Move what both need into src/.",
      engineToLit: "The engine (src/) may not import '{{spec}}': it runs in Node and workers, without Lit or a DOM.",
      deepImport: "'{{spec}}' is behind one of the engine's faces: import it from {{face}}.js (export it there if an element needs it).",
      crossElement: "elements/{{from}}/ may not import '{{spec}}' ({{target}}): an element imports its own folder, elements/shared/ and the engine's faces. Move what both need to elements/shared/.",
      sharedToElement: "elements/shared/ may not import '{{spec}}' ({{target}}): the shared layer knows no element. Move what it needs to elements/shared/.",
    },
  },
  create(context) {
    const file = repoPath(context.filename);
    const from = layerOf(file);
    if (!from) return {};

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      const report = (messageId, data = {}) => context.report({ node, messageId, data: { spec, ...data } });
      if (!spec.startsWith('.')) {
        if (from.layer === 'engine' && LIT.test(spec)) report('engineToLit');
        return;
      }
      const target = repoPath(resolve(dirname(context.filename), spec));
      const to = layerOf(target);
      if (from.layer === 'engine') {
        if (to && to.layer !== 'engine') report('engineToElement');
        return;
      }
      if (to?.layer === 'engine') {
        if (!FACES.includes(target)) report('deepImport', { face: faceFor(target) });
      } else if (from.layer === 'element' && to && to.layer !== 'shared' && to.folder !== from.folder) {
        report('crossElement', { from: from.folder, target });
      } else if (from.layer === 'shared' && to && (to.layer === 'element' || to.layer === 'entry')) {
        report('sharedToElement', { target });
      }
    }

    const literal = (node) => (node?.type === 'Literal' ? node.value : node?.type === 'TemplateLiteral' && node.expressions.length === 0 ? node.quasis[0].value.cooked : undefined);
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      TSImportType: (node) => check(node, literal(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument)),
      TSExternalModuleReference: (node) => check(node, literal(node.expression)),
    };
  },
};
