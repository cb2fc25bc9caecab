import { css, html, nothing, type TemplateResult } from 'lit';
import { buttonIntent, buttonLabel, type ButtonLike, type OpNode } from '../../../src/ops/index.js';
import { fillRuns } from '../../shared/base/fillRuns.js';
import type { MorphContext, NodeView } from '../screenContext.js';
import { ancestor, oneOf, streamText } from './parts.js';
import { link } from './links.js';

/** The longest address shown for a link that can't be opened; the rest is elided. */
const SHOWN_URL = 120;

/**
 * A Button as the format defines it: inside a Form it sends the Form; outside, one with `ask` asks that, one
 * with `href` opens the link (nothing is sent), and any other asks its label. `variant` is `primary` (the
 * default) or `secondary`. Its label is shown without direction controls; the action carries it as written.
 *
 * A link opens only when it is an absolute http(s) address (the rule for every URL from a stream): a page
 * never follows a `mailto:`, `tel:` or script link from a model, nor a relative one (which would go wherever
 * the app's own pages are). Such a Button is drawn as what it is: its label and the address as text the reader
 * can copy, saying it can't be opened here, rather than a button that does nothing.
 *
 * In a Form that was sent and hasn't changed since, its Buttons say so (`aria-disabled`, and the Form shows
 * "Sent."): a second press sends nothing.
 */
export function buttonTemplate(button: ButtonLike, screen: MorphContext, form: OpNode | undefined | false, actionNode: string = button.id): TemplateResult | unknown {
  const variant = oneOf(button.attrs, 'variant', ['primary', 'secondary'], 'primary');
  const label = buttonLabel(button);
  const shownLabel = streamText(label);
  const intent = buttonIntent(button, !!form);
  if (intent.kind === 'link') {
    if (intent.href === null) {
      const given = streamText(String(button.attrs['href']));
      const url = given.length > SHOWN_URL ? `${given.slice(0, SHOWN_URL)}…` : given;
      return html`<span class="link-refused" part="button"
        ><bdi class="link-refused-label">${shownLabel}</bdi> <span class="link-refused-note">${fillRuns(screen.words.linkNotOpened, { url })}</span></span
      >`;
    }
    return link(intent.href, html`<bdi>${shownLabel}</bdi>`, screen) as TemplateResult;
  }
  const sent = form ? screen.forms.sent(form.id) : false;
  const press = () => {
    if (form) screen.forms.submit(form, label);
    else if (intent.kind === 'ask') screen.act({ ...intent.action, node: actionNode });
  };
  return html`<button
    type="button"
    class="button ${variant}"
    part="button"
    data-node=${form ? button.id : nothing}
    aria-disabled=${sent ? 'true' : nothing}
    @click=${press}
  >
    <bdi>${shownLabel}</bdi>
  </button>`;
}

/** Button: ask, link, or send the Form it sits in. */
export const button: NodeView = {
  render(node, screen) {
    const form = ancestor(screen.doc, node, ['Form']);
    const drawn = buttonTemplate(node, screen, form);
    // A link drawn as a button: give it the button's look too.
    return html`<div class="button-row">${drawn}</div>`;
  },
};

export const buttonStyles = css`
  .button-row { display: flex; }
  /* A button's own look, primary and disabled, and a link's drawn as a button: the shared button
     (elements/shared/screen/viewStyles.ts). */
  .button,
  .button-row > a { text-align: center; }
  .button.secondary,
  .button-row > a { background: var(--_surface); color: var(--_accent); border-color: var(--_input-border); }
  .button-row > a { display: inline-flex; align-items: center; text-decoration: none; }
  .prose .button { min-height: 0; padding: 0 var(--_space-2); }
  .link-refused {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--_space-1) var(--_space-2);
    padding: var(--_space-2) var(--_space-3);
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
  }
  .link-refused-label { font-weight: 600; }
  .link-refused-note { color: var(--_muted-text); font-size: var(--_font-size-sm); }
  .prose .link-refused { display: inline; padding: 0 var(--_space-1); }
`;
