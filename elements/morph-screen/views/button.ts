import { css, html, nothing, type TemplateResult } from 'lit';
import { buttonIntent, buttonLabel, type ButtonLike, type OpNode } from '../../../src/ops/index.js';
import type { MorphContext, NodeView } from '../screenContext.js';
import { ancestor, oneOf } from './parts.js';
import { link } from './links.js';

/**
 * A Button as the format defines it: inside a Form it sends the Form; outside, one with `ask` asks that, one
 * with `href` opens the link (http(s) only; nothing is sent), and any other asks its label. `variant` is
 * `primary` (the default) or `secondary`.
 */
export function buttonTemplate(button: ButtonLike, screen: MorphContext, form: OpNode | undefined | false, actionNode: string = button.id): TemplateResult | unknown {
  const variant = oneOf(button.attrs, 'variant', ['primary', 'secondary'], 'primary');
  const label = buttonLabel(button);
  const intent = buttonIntent(button, !!form);
  if (intent.kind === 'link') {
    if (intent.href === null) {
      return html`<button type="button" class="button ${variant}" part="button" aria-disabled="true"><bdi>${label}</bdi></button>`;
    }
    return link(intent.href, html`<bdi>${label}</bdi>`, screen) as TemplateResult;
  }
  const press = (e: Event) => {
    if (form) screen.forms.submit(form, label, e.currentTarget as HTMLElement);
    else if (intent.kind === 'ask') screen.act({ ...intent.action, node: actionNode });
  };
  return html`<button type="button" class="button ${variant}" part="button" data-node=${form ? button.id : nothing} @click=${press}>
    <bdi>${label}</bdi>
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
  .button,
  .button-row > a {
    font: inherit;
    font-weight: 600;
    min-height: 2.5rem;
    padding: var(--_space-2) var(--_space-4);
    border-radius: var(--_radius);
    border: 1px solid transparent;
    cursor: pointer;
    overflow-wrap: anywhere;
    text-align: center;
  }
  .button.primary { background: var(--_accent); color: var(--_on-accent); }
  .button.secondary,
  .button-row > a { background: var(--_surface); color: var(--_accent); border-color: var(--_input-border); }
  .button-row > a { display: inline-flex; align-items: center; text-decoration: none; }
  .button[aria-disabled='true'] { cursor: not-allowed; opacity: 0.55; }
  .prose .button { min-height: 0; padding: 0 var(--_space-2); }
`;
