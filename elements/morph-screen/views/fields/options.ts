import { plainText, type ListData, type OpNode } from '../../../../src/ops/index.js';
import { optionsAttr } from '../parts.js';

/** The options of a Select, Radio or Checkboxes: its list data (`items`), else its `options` attribute split at `|`. */
export function optionsOf(node: OpNode): string[] {
  if (node.dataKind === 'list') return (node.data as ListData).items.map((i) => plainText(i));
  return optionsAttr(node.attrs);
}
