import { css, html, nothing } from 'lit';
import { Signal } from '../../shared/base/signals.js';
import { attrText, flashcardsAction, plainText, type FlashcardsState, type ListData, type OpNode } from '../../../src/ops/index.js';
import { fill } from '../../../strings/en.js';
import { domId, type MorphContext, type NodeView } from '../screenContext.js';
import { firstAttr, standIn, streamText } from './parts.js';

const AT = 'cards:at';
const FLIPPED = 'cards:flipped';

interface Card {
  readonly front: string;
  readonly back: string;
}

/** Where a list item's question ends and its answer starts. */
const SPLIT = [' :: ', ' — ', ' – ', ' - ', ': '];

function split(text: string): Card {
  for (const s of SPLIT) {
    const i = text.indexOf(s);
    if (i > 0) return { front: text.slice(0, i).trim(), back: text.slice(i + s.length).trim() };
  }
  return { front: text, back: '' };
}

/**
 * The cards: list data, each item "question — answer" (split at the first ` :: `, ` — `, ` – `, ` - ` or `: `),
 * else its children, each a card whose `front` (or `q`, `question`, `title`) is the question and `back` (or
 * `answer`, else its own words) the answer.
 */
function cardsOf(node: OpNode, screen: MorphContext): Card[] {
  if (node.dataKind === 'list') return (node.data as ListData).items.map((i) => split(plainText(i)));
  return node.children.map((id) => {
    const c = screen.doc.node(id)!;
    const front = firstAttr(c.attrs, ['front', 'q', 'question', 'title']);
    const back = attrText(c.attrs, 'back') ?? attrText(c.attrs, 'answer') ?? plainText(c.spans);
    return front ? { front, back } : split(back);
  });
}

/**
 * Flashcards: one card at a time, its question first; "Show the answer" turns it, Previous and Next (or the
 * Left and Right arrow keys) move between cards, and "I know this one" marks it known: the Flashcards' state,
 * sent as the state action. Position and turning are the reader's and send nothing.
 */
export const flashcards: NodeView = {
  render(node, screen, host) {
    const cards = cardsOf(node, screen);
    if (cards.length === 0) return standIn(node, screen);
    const w = screen.words;
    const known = new Set((screen.states.get(node.id) as FlashcardsState | null)?.known ?? []);
    const at = Math.min(cards.length - 1, Math.max(0, (host.local.get(AT) as number | undefined) ?? 0));
    const flipped = host.local.get(FLIPPED) === true;
    const card = cards[at]!;
    // Handlers read where the reader is now, not when drawn: two taps may come before the next draw.
    const now = () => Math.min(cards.length - 1, Math.max(0, (host.local.get(AT) as number | undefined) ?? 0));
    const go = (step: number) => {
      host.local.set(AT, (now() + step + cards.length) % cards.length);
      host.local.set(FLIPPED, false);
      host.requestUpdate();
    };
    const flip = () => {
      host.local.set(FLIPPED, host.local.get(FLIPPED) !== true);
      host.requestUpdate();
    };
    const mark = () => {
      const here = now();
      const next = new Set(Signal.subtle.untrack(() => (screen.states.get(node.id) as FlashcardsState | null)?.known ?? []));
      if (next.has(here)) next.delete(here);
      else next.add(here);
      const list = [...next];
      const r = screen.states.set(node.id, { known: list });
      if (!r.ok) return;
      screen.stateChanged(node.id);
      screen.act(flashcardsAction(node.id, list));
    };
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as Element).closest('input, textarea, select')) return;
      const rtl = getComputedStyle(e.currentTarget as Element).direction === 'rtl';
      if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) go(1);
      else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) go(-1);
      else return;
      e.preventDefault();
    };
    const title = firstAttr(node.attrs, ['title', 'label']);
    const titleId = domId.title(node.id);
    return html`<section class="flashcards framed" part="flashcards" aria-labelledby=${title ? titleId : nothing} @keydown=${onKey}>
      ${title ? html`<div class="card-title" id=${titleId} dir="auto">${title}</div>` : nothing}
      <p class="field-note" aria-live="polite">
        ${fill(w.flashcardPosition, { n: at + 1, total: cards.length })} · ${fill(w.flashcardsKnown, { known: known.size, total: cards.length })}
      </p>
      <div class="flashcard${flipped ? ' flipped' : ''}" part="flashcard">
        <span class="face-label">${flipped ? w.flashcardBack : w.flashcardFront}</span>
        <p class="face" dir="auto" aria-live="polite">${streamText(flipped ? card.back : card.front)}</p>
      </div>
      <div class="field-actions">
        <button type="button" class="button secondary" part="button" @click=${() => go(-1)}>${w.flashcardPrevious}</button>
        <button type="button" class="button primary" part="button" aria-pressed=${flipped ? 'true' : 'false'} @click=${flip}>
          ${flipped ? w.flashcardHide : w.flashcardShow}
        </button>
        <button type="button" class="button secondary" part="button" aria-pressed=${known.has(at) ? 'true' : 'false'} @click=${mark}>${w.flashcardKnown}</button>
        <button type="button" class="button secondary" part="button" @click=${() => go(1)}>${w.flashcardNext}</button>
      </div>
      ${onPaper(cards, screen)}
    </section>`;
  },
};

/** Every card, both sides, for paper: a page can't be turned over, and the answers are part of the answer. */
function onPaper(cards: readonly Card[], screen: MorphContext) {
  const w = screen.words;
  return html`<dl class="flashcards-print">
    ${cards.map(
      (c) => html`<div class="flashcard">
        <dt class="face-label">${w.flashcardFront}</dt>
        <dd class="face" dir="auto">${streamText(c.front)}</dd>
        <dt class="face-label">${w.flashcardBack}</dt>
        <dd class="face" dir="auto">${streamText(c.back)}</dd>
      </div>`,
    )}
  </dl>`;
}

export const flashcardsStyles = css`
  .flashcards { gap: var(--_space-2); }
  .flashcard {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space-4);
    min-block-size: 6rem;
    display: flex;
    flex-direction: column;
    gap: var(--_space-1);
    background: var(--_surface);
  }
  .flashcard.flipped { background: var(--_accent-soft); }
  .face-label { font-size: var(--_font-size-sm); color: var(--_muted-text); }
  .face { margin: 0; font-size: var(--_font-size-lg); }
  .flashcards-print { display: none; }
  /* Paper shows every card, question then answer, and has no buttons to press or position to be at. */
  @media print {
    .flashcards > .field-note, .flashcards > .flashcard, .flashcards > .field-actions { display: none; }
    .flashcards-print { display: flex; flex-direction: column; gap: var(--_space-2); margin: 0; }
    .flashcards-print .flashcard { min-block-size: 0; break-inside: avoid; }
    .flashcards-print .face { margin: 0 0 var(--_space-1); }
  }
  .button[aria-pressed='true'].secondary { border-color: var(--_accent); box-shadow: inset 0 0 0 1px var(--_accent); }
`;
