import { css, html, nothing } from 'lit';
import { attrText, evaluateFormula, sliderSpec, sliderValue, type OpNode, type ResultData, type WhatIfState } from '../../../src/ops/index.js';
import { domId, type MorphContext, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { ancestor, firstAttr, oneOf, standIn, streamText } from './parts.js';
import { numberFormat } from '../../shared/base/locale.js';
import { shown } from './numbers.js';

/** WhatIf: its Sliders and Results (and anything else it holds), under its `title`. Moving a Slider sends nothing. */
export const whatIf: NodeView = {
  render(node, screen, host) {
    const title = firstAttr(node.attrs, ['title', 'label']);
    const id = domId.title(node.id);
    return html`<section class="what-if framed" part="what-if" aria-labelledby=${title ? id : nothing}>
      ${title ? html`<div class="card-title" id=${id} dir="auto">${title}</div>` : nothing}
      ${body(node, screen, host)}
    </section>`;
  },
};

/** The values of a What-if's Sliders now (tracked): its state. */
function valuesOf(whatIf: OpNode, screen: MorphContext): Readonly<Record<string, number>> {
  return (screen.states.get(whatIf.id) as WhatIfState | null)?.values ?? {};
}

/** A Slider of a What-if: moving it changes the What-if's state, and every Result reading it works again. */
export function whatIfSlider(node: OpNode, whatIf: OpNode, screen: MorphContext) {
  const spec = sliderSpec(node.attrs);
  const values = valuesOf(whatIf, screen);
  const name = spec.name;
  const given = name !== null && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
  const current = typeof given === 'number' ? given : spec.value;
  const id = domId.field(node.id);
  const move = (e: Event) => {
    const v = sliderValue(spec, (e.currentTarget as HTMLInputElement).valueAsNumber);
    if (v === null || name === null) return;
    const now = valuesOf(whatIf, screen);
    const r = screen.states.set(whatIf.id, { values: { ...now, [name]: v } });
    if (r.ok) screen.stateChanged(whatIf.id);
  };
  const unit = streamText(attrText(node.attrs, 'unit') ?? '');
  return html`<div class="field slider-field">
    <label class="field-label" for=${id}><bdi>${streamText(spec.label || name || '')}</bdi></label>
    <div class="slider-row">
      <input
        id=${id}
        type="range"
        part="slider"
        data-field=${node.id}
        min=${spec.min}
        max=${spec.max}
        step=${spec.step}
        .valueAsNumber=${current}
        aria-valuetext=${unit ? `${shown(current, screen.locale)} ${unit}` : nothing}
        @input=${move}
      />
      <output class="slider-value" for=${id}>${shown(current, screen.locale)}${unit ? html`&nbsp;<bdi>${unit}</bdi>` : nothing}</output>
    </div>
  </div>`;
}

/** A Result's value as words: `format` is number (default), currency (with `currency`, USD by default) or percent (12 is 12%). */
function formatted(value: number, node: OpNode, locale: string): string {
  const format = oneOf(node.attrs, 'format', ['number', 'currency', 'percent'], 'number');
  const decimals = Math.min(6, Math.max(0, Number.parseInt(attrText(node.attrs, 'decimals') ?? '', 10)));
  const digits = Number.isNaN(decimals) ? undefined : decimals;
  try {
    if (format === 'currency') {
      const currency = attrText(node.attrs, 'currency') ?? 'USD';
      return numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
    }
    if (format === 'percent') return numberFormat(locale, { style: 'percent', maximumFractionDigits: digits ?? 1 }).format(value / 100);
  } catch {
    // An unknown currency code: plain numbers.
  }
  return numberFormat(locale, { maximumFractionDigits: digits ?? 2, minimumFractionDigits: digits }).format(value);
}

/**
 * Result: its formula worked out on the device from the What-if's Sliders as they are now (the engine's stack
 * evaluator: only the format's tokens), under its `label`. A value that can't be worked out says so.
 */
export const result: NodeView = {
  render(node, screen) {
    if (node.dataKind !== 'result') return standIn(node, screen, 'text');
    const data = node.data as ResultData;
    const owner = ancestor(screen.doc, node, ['WhatIf']);
    const value = owner ? evaluateFormula(data.formula, valuesOf(owner, screen)) : data.value;
    const label = firstAttr(node.attrs, ['label', 'title', 'name']);
    const unit = streamText(attrText(node.attrs, 'unit') ?? '');
    return html`<div class="result" part="result">
      ${label ? html`<span class="result-label" id=${domId.label(node.id)} dir="auto">${label}</span>` : nothing}
      <output class="result-value" aria-labelledby=${label ? domId.label(node.id) : nothing}
        >${value === null ? screen.words.resultUnknown : formatted(value, node, screen.locale)}${unit && value !== null ? html`&nbsp;<bdi>${unit}</bdi>` : nothing}</output
      >
    </div>`;
  },
};

export const whatIfStyles = css`
  .slider-row { display: flex; align-items: center; gap: var(--_space-3); }
  /* A value and its unit ("140 €") are one thing: never two lines. */
  .slider-value { flex: none; min-inline-size: 4ch; text-align: end; font-variant-numeric: tabular-nums; font-weight: 600; white-space: nowrap; }
  .result { display: flex; justify-content: space-between; align-items: baseline; gap: var(--_space-3); flex-wrap: wrap; }
  .result-label { color: var(--_label-text); }
  .result-value { font-size: var(--_font-size-xl); font-weight: 650; font-variant-numeric: tabular-nums; white-space: nowrap; }
`;
