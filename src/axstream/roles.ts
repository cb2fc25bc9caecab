/**
 * Roles in two vocabularies. Models trained on desktop executors write macOS AX roles (`AXButton`); a page's
 * tree has ARIA roles (`button`). Both sides of a comparison are mapped to sets of ARIA roles and match when the
 * sets meet, so `AXTextField` finds a search box as well as a plain text field, and a remote backend may give
 * its tree in AX roles too. The sets are small and deliberate: `AXButton` never matches a link.
 */

const AX_TO_ARIA: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['AXButton', ['button']],
  ['AXMenuButton', ['button']],
  ['AXDisclosureTriangle', ['button']],
  ['AXPopUpButton', ['combobox', 'button', 'listbox']],
  ['AXComboBox', ['combobox']],
  ['AXTextField', ['textbox', 'searchbox']],
  ['AXSecureTextField', ['textbox']],
  ['AXSearchField', ['searchbox', 'textbox']],
  ['AXTextArea', ['textbox']],
  ['AXLink', ['link']],
  ['AXCheckBox', ['checkbox', 'switch']],
  ['AXSwitch', ['switch']],
  ['AXRadioButton', ['radio', 'tab']],
  ['AXRadioGroup', ['radiogroup']],
  ['AXSlider', ['slider']],
  ['AXIncrementor', ['spinbutton']],
  ['AXProgressIndicator', ['progressbar']],
  ['AXStaticText', ['text', 'statictext', 'paragraph']],
  ['AXHeading', ['heading']],
  ['AXImage', ['img', 'image']],
  ['AXMenu', ['menu']],
  ['AXMenuBar', ['menubar']],
  ['AXMenuBarItem', ['menuitem']],
  ['AXMenuItem', ['menuitem', 'menuitemcheckbox', 'menuitemradio']],
  ['AXTabGroup', ['tablist']],
  ['AXTab', ['tab']],
  ['AXList', ['list', 'listbox']],
  ['AXRow', ['row', 'option', 'listitem', 'treeitem']],
  ['AXCell', ['cell', 'gridcell']],
  ['AXTable', ['table', 'grid']],
  ['AXOutline', ['tree', 'treegrid']],
  ['AXGroup', ['group']],
  ['AXToolbar', ['toolbar']],
  ['AXSheet', ['dialog']],
  ['AXDialog', ['dialog', 'alertdialog']],
  ['AXWindow', ['window', 'dialog']],
  ['AXScrollArea', ['scrollbar', 'region']],
  ['AXWebArea', ['document']],
  ['AXApplication', ['application']],
];

const TABLE: ReadonlyMap<string, readonly string[]> = new Map(AX_TO_ARIA.map(([ax, aria]) => [ax.toLowerCase(), aria]));

/** The AX roles this runtime maps, and the ARIA roles each stands for (for the docs and tests). */
export const AX_ROLE_MAP: ReadonlyArray<readonly [string, readonly string[]]> = AX_TO_ARIA;

const A = 0x61;
const X = 0x78;

/**
 * The ARIA roles a written role stands for: a mapped AX role gives its set; another `AX…` role loses the prefix
 * (`AXFoo` → `foo`); an ARIA role stands for itself. Case never matters.
 */
export function ariaRoles(role: string): readonly string[] {
  const lower = role.trim().toLowerCase();
  const mapped = TABLE.get(lower);
  if (mapped !== undefined) return mapped;
  if (lower.length > 2 && lower.charCodeAt(0) === A && lower.charCodeAt(1) === X) return [lower.slice(2)];
  return [lower];
}

/** True when a role asked for and a node's role stand for a common ARIA role. */
export function rolesMatch(asked: readonly string[], nodeRole: string): boolean {
  const have = ariaRoles(nodeRole);
  for (const r of asked) if (have.includes(r)) return true;
  return false;
}

/**
 * Roles a person acts on (the ARIA widget roles): a page backend gives each such element an id in the
 * observation, and a target search ranks them first for a step that acts.
 */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'listbox',
  'option',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'slider',
  'spinbutton',
  'treeitem',
  'gridcell',
  'scrollbar',
]);
