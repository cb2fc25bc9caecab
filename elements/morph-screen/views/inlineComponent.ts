/**
 * A component inside a sentence or a table cell (an `el` span): a Badge or a Button drawn as their block
 * forms are (a Button in a sentence of a Form sends the Form), an app's own element when it registered one for
 * the name, and anything else as its content in a neutral span.
 */
import { html, type TemplateResult } from 'lit';
import type { ElementSpan, OpNode } from '../../../src/ops/index.js';
import { appElement, handOver } from './appElement.js';
import { badgeTemplate } from './badgeLook.js';
import { buttonTemplate } from './button.js';
import { ancestor } from './parts.js';
import type { SpanScope } from './spans.js';

/** Draws spans in a scope (handed in by spans.ts, which draws this). */
type Draw = (list: ElementSpan['c'], at: SpanScope) => unknown;

const NO_DATA = null;

export function inlineComponent(s: ElementSpan, at: SpanScope, spans: Draw): unknown {
  const place = at.elements++;
  const tag = at.screen.appTag(s.type);
  if (tag !== undefined) return appInline(s, at, tag, place, spans);
  switch (s.type) {
    case 'Badge':
      return badgeTemplate(s.attrs, spans(s.c, at));
    case 'Button':
      return buttonTemplate({ id: at.nodeId, attrs: s.attrs, spans: s.c }, at.screen, formOf(at), at.nodeId);
    default:
      return html`<span class="inline-component">${spans(s.c, at)}</span>`;
  }
}

/** The Form the spans' node sits in (or is): a Button in a sentence sends it like any Button of the Form. */
function formOf(at: SpanScope): OpNode | undefined {
  const node = at.screen.doc.node(at.nodeId);
  if (!node) return undefined;
  return node.type === 'Form' && node.refused?.what !== 'node' ? node : ancestor(at.screen.doc, node, ['Form']);
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
