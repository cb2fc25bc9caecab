/** Which view draws each node type and component, the box a node's own element is, and every view's styles. */
import type { CSSResult } from 'lit';
import { isHeadRow, taskOf, type OpDocument, type OpNode } from '../../../src/ops/index.js';
import { hasOwn } from '../../../src/stream/index.js';
import type { MorphContext, NodeView } from '../screenContext.js';
import { appComponent } from './appComponent.js';
import { badge, badgeStyles } from './badge.js';
import { button, buttonStyles } from './button.js';
import { card, cardStyles } from './card.js';
import { chart, chartStyles } from './chart.js';
import { checklist, checklistStyles } from './checklist.js';
import { codeBlock, codeStyles } from './code.js';
import { container, containerStyles } from './container.js';
import { details, detailsStyles } from './details.js';
import { checkboxes } from './fields/checkboxes.js';
import { date } from './fields/date.js';
import { fieldStyles } from './fields/field.js';
import { camera, file } from './fields/files.js';
import { input } from './fields/input.js';
import { location } from './fields/location.js';
import { radio } from './fields/radio.js';
import { scan } from './fields/scan.js';
import { select } from './fields/select.js';
import { slider } from './fields/slider.js';
import { switchField, switchStyles } from './fields/switch.js';
import { textArea } from './fields/textArea.js';
import { flashcards, flashcardsStyles } from './flashcards.js';
import { followUps, followUpsStyles } from './followUps.js';
import { form, formStyles } from './form.js';
import { gallery, galleryStyles } from './gallery.js';
import { heading, headingStyles } from './heading.js';
import { bulletList, listItem, listStyles, orderedList } from './list.js';
import { map, mapStyles } from './map.js';
import { paragraph } from './paragraph.js';
import { poll, pollStyles } from './poll.js';
import { question, questionStyles } from './question.js';
import { quiz, quizStyles } from './quiz.js';
import { quote, quoteStyles, rule } from './quote.js';
import { refused, refusedStyles } from './refused.js';
import { cell, row, table, tableStyles } from './table.js';
import { tab, tabs, tabsStyles } from './tabs.js';
import { result, whatIf, whatIfStyles } from './whatIf.js';
import { buttonBaseStyles, cardBaseStyles, fieldBaseStyles, tableBaseStyles, tabsBaseStyles } from '../../shared/screen/viewStyles.js';

/** The format's block types. */
const BLOCKS: Readonly<Record<string, NodeView>> = {
  p: paragraph,
  h: heading,
  ul: bulletList,
  ol: orderedList,
  li: listItem,
  table,
  row,
  cell,
  code: codeBlock,
  quote,
  hr: rule,
};

/** The components this element draws itself. */
export const COMPONENTS: Readonly<Record<string, NodeView>> = {
  Card: card,
  Chart: chart,
  Map: map,
  FollowUps: followUps,
  Gallery: gallery,
  Question: question,
  Quiz: quiz,
  Poll: poll,
  Checklist: checklist,
  Flashcards: flashcards,
  WhatIf: whatIf,
  Slider: slider,
  Result: result,
  Tabs: tabs,
  Tab: tab,
  Details: details,
  Badge: badge,
  Button: button,
  Form: form,
  Input: input,
  TextArea: textArea,
  Select: select,
  Radio: radio,
  Date: date,
  Scan: scan,
  Switch: switchField,
  Checkboxes: checkboxes,
  Camera: camera,
  File: file,
  Location: location,
};


/**
 * The view for a node: a refused node's place, else the app's element when it registered one for the
 * component, else ours, else a container.
 */
export function viewFor(node: OpNode, screen: MorphContext): NodeView {
  if (node.refused?.what === 'node') return refused;
  if (!node.component) return hasOwn(BLOCKS, node.type) ? BLOCKS[node.type]! : container;
  const tag = screen.appTag(node.type);
  if (tag !== undefined) return appComponent(tag);
  return hasOwn(COMPONENTS, node.type) ? COMPONENTS[node.type]! : container;
}

/**
 * The role and box of a node's own element, where the structure needs the element itself (list items, rows,
 * cells). A refused node takes the box its parent holds, so a list stays a list and a table a table.
 */
export function boxOf(node: OpNode, doc: OpDocument): { role: string; box: string; task?: boolean } | null {
  const parent = node.parent === null ? undefined : doc.node(node.parent);
  const type = node.refused?.what === 'node' ? HOLDS.get(parent?.type ?? '') : node.type;
  switch (type) {
    case 'li':
      return { role: 'listitem', box: 'li', task: taskOf(node.attrs) !== null };
    case 'row':
      return { role: 'row', box: 'row' };
    case 'cell':
      return { role: parent && isHeadRow(parent.attrs) ? 'columnheader' : 'cell', box: 'cell' };
    default:
      return null;
  }
}

/** The box each container's children are. */
const HOLDS: ReadonlyMap<string, string> = new Map([
  ['ul', 'li'],
  ['ol', 'li'],
  ['table', 'row'],
  ['row', 'cell'],
]);

export const viewStyles: CSSResult[] = [
  headingStyles,
  listStyles,
  tableBaseStyles,
  tableStyles,
  codeStyles,
  quoteStyles,
  containerStyles,
  cardBaseStyles,
  cardStyles,
  badgeStyles,
  buttonBaseStyles,
  buttonStyles,
  chartStyles,
  mapStyles,
  followUpsStyles,
  galleryStyles,
  questionStyles,
  quizStyles,
  pollStyles,
  checklistStyles,
  flashcardsStyles,
  whatIfStyles,
  tabsBaseStyles,
  tabsStyles,
  detailsStyles,
  formStyles,
  fieldBaseStyles,
  fieldStyles,
  switchStyles,
  refusedStyles,
];
