import { css, html } from 'lit';
import type { NodeView } from './view.js';
import { oneOf, text } from './parts.js';

/** Message(text, from): a chat bubble that tells assistive technology who sent it. */
export const message: NodeView = {
  render(node, screen) {
    const from = oneOf(node.props['from'], ['user', 'assistant'], 'assistant');
    const who = from === 'user' ? screen.words.messageFromUser : screen.words.messageFromAssistant;
    return html`<div class="message from-${from}" part="message">
      <span class="visually-hidden">${`${who}: `}</span><span class="message-text">${text(screen, node.props['text'])}</span>
    </div>`;
  },
};

export const messageStyles = css`
  .message {
    max-width: 85%;
    padding: var(--_space-2) var(--_space-3);
    border-radius: calc(var(--_radius) * 1.5);
    overflow-wrap: anywhere;
  }
  /* Line breaks in the message are kept; the template's own white space between the tags is not. */
  .message-text { white-space: pre-line; }
  .message.from-assistant {
    align-self: flex-start;
    background: var(--_subtle);
    color: var(--_text);
  }
  .message.from-user {
    align-self: flex-end;
    background: var(--_accent);
    color: var(--_on-accent);
  }
`;
