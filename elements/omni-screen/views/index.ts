/** The catalog's views by component name ([6]), and every style they need, for the screen's shadow root. */
import type { CSSResult } from 'lit';
import type { OmniNode } from '../../../src/omni-ir/index.js';
import type { NodeView } from './view.js';
import { appComponent, appComponentStyles } from './appComponent.js';
import { fallback } from './parts.js';
import { badge, badgeStyles } from './badge.js';
import { barChart } from './barChart.js';
import { button, buttonStyles } from './button.js';
import { card, cardStyles } from './card.js';
import { chartStyles } from './charts.js';
import { dateInput } from './dateInput.js';
import { divider, dividerStyles } from './divider.js';
import { fieldStyles } from './field.js';
import { heading, headingStyles } from './heading.js';
import { image, imageStyles } from './image.js';
import { input } from './input.js';
import { lineChart } from './lineChart.js';
import { list, listStyles } from './list.js';
import { listItem, listItemStyles } from './listItem.js';
import { message, messageStyles } from './message.js';
import { notice, noticeStyles } from './notice.js';
import { pieChart } from './pieChart.js';
import { rating, ratingStyles } from './rating.js';
import { select } from './select.js';
import { series } from './series.js';
import { skeleton, skeletonStyles } from './skeleton.js';
import { slice } from './slice.js';
import { stack, stackStyles } from './stack.js';
import { switchView, switchStyles } from './switch.js';
import { tab } from './tab.js';
import { table, tableStyles } from './table.js';
import { tableRow } from './tableRow.js';
import { tabs, tabsStyles } from './tabs.js';
import { textView, textStyles } from './text.js';
import { buttonBaseStyles, cardBaseStyles, fieldBaseStyles, tableBaseStyles, tabsBaseStyles } from '../../shared/screen/viewStyles.js';

export type { NodeView, NodeHost } from './view.js';

export const catalogViews: Readonly<Record<string, NodeView>> = Object.freeze({
  Stack: stack,
  Card: card,
  Heading: heading,
  Text: textView,
  Input: input,
  Button: button,
  Divider: divider,
  Badge: badge,
  Skeleton: skeleton,
  Image: image,
  Rating: rating,
  DateInput: dateInput,
  List: list,
  ListItem: listItem,
  Message: message,
  Select: select,
  Switch: switchView,
  Table: table,
  TableRow: tableRow,
  Tabs: tabs,
  Tab: tab,
  Notice: notice,
  BarChart: barChart,
  LineChart: lineChart,
  PieChart: pieChart,
  Series: series,
  Slice: slice,
});

/** A component this renderer doesn't know (a parser newer than its views): its own fallback. */
const unknown: NodeView = { render: (_node, screen) => fallback(screen.words, 'unknown') };

export function viewFor(node: OmniNode): NodeView {
  if (node.app) return appComponent;
  return Object.prototype.hasOwnProperty.call(catalogViews, node.type) ? catalogViews[node.type]! : unknown;
}

export const componentStyles: CSSResult[] = [
  stackStyles,
  cardBaseStyles,
  cardStyles,
  headingStyles,
  textStyles,
  fieldBaseStyles,
  fieldStyles,
  buttonBaseStyles,
  buttonStyles,
  dividerStyles,
  badgeStyles,
  skeletonStyles,
  imageStyles,
  ratingStyles,
  listStyles,
  listItemStyles,
  messageStyles,
  switchStyles,
  tableBaseStyles,
  tableStyles,
  tabsBaseStyles,
  tabsStyles,
  noticeStyles,
  chartStyles,
  appComponentStyles,
];
