/**
 * A component inside a sentence or a table cell (an `el` span): a Badge or a Button drawn as their block
 * forms are, an app's own element when it registered one for the name, and anything else as its content in a
 * neutral span.
 */
import { html, type TemplateResult } from 'lit';
import type { ElementSpan } from '../../../src/ops/index.js';
import { appElement, handOver } from './appElement.js';
import { badgeTemplate } from './badgeLook.js';
import { buttonTemplate } from './button.js';
import type { SpanScope } from './spans.js';

/** Draws spans in a scope (handed in by spans.ts, which draws this). */
type Draw = (list: ElementSpan['c'], at: SpanScope) => unknown[];

const NO_DATA = null;

export function inlineComponent(s: ElementSpan, at: SpanScope, spans: Draw): unknown {
  const place = at.elements++;
  const tag = at.screen.appTag(s.type);
  if (tag !== undefined) return appInline(s, at, tag, place, spans);
  switch (s.type) {
    case 'Badge':
      return badgeTemplate(s.attrs, spans(s.c, at));
    case 'Button':
      return buttonTemplate({ id: at.nodeId, attrs: s.attrs, spans: s.c }, at.screen, false, at.nodeId);
    default:
      return html`<span class="inline-component">${spans(s.c, at)}</span>`;
  }
}

function appInline(s: ElementSpan, at: SpanScope, tag: string, place: number, spans: Draw): TemplateResult | unknown {
  const key = `inline:${place}:${tag}`;
  let el = at.host?.local.get(key) as HTMLElement | undefined;
  if (!el) {
    const made = appElement(tag, () => at.host?.requestUpdate());
    if (!made) return html`<span class="inline-component">${spans(s.c, at)}</span>`;
    el = made;
    at.host?.local.set(key, el);
  }
  handOver(el, { nodeId: at.nodeId, attrs: s.attrs, spans: s.c, data: NO_DATA, closed: true });
  return el;
}
