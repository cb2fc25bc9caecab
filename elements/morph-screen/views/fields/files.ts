import { html, nothing } from 'lit';
import { attrFlag, attrText } from '../../../../src/ops/index.js';
import { fill } from '../../../../strings/en.js';
import type { NodeView } from '../../screenContext.js';
import { field, labelFor, messageFor } from './field.js';

/** An `accept` list as a file picker takes it: types and extensions only (`image/*, .pdf`), else none. */
const ACCEPT = /^\s*[\w.+*/-]+(\s*,\s*[\w.+*/-]+)*\s*$/;

/**
 * Camera and File: the platform's file picker (Camera asks for a photo from the camera where the device has
 * one). The value is the chosen files as `File` objects: on the device until the Form is sent, never state.
 */
function filePicker(camera: boolean): NodeView {
  return {
    render(node, screen, host) {
      const f = field(node, screen, host);
      const files = Array.isArray(f.value) ? f.value.length : 0;
      const given = attrText(node.attrs, 'accept') ?? '';
      const accept = camera ? 'image/*' : ACCEPT.test(given) ? given : '';
      return html`<div class="field">
        ${labelFor(f)}
        <input
          id=${f.id}
          class="field-control"
          part="field"
          type="file"
          data-field=${node.id}
          accept=${accept || nothing}
          capture=${camera ? 'environment' : nothing}
          ?multiple=${attrFlag(node.attrs, 'multiple')}
          aria-required=${f.required ? 'true' : 'false'}
          aria-invalid=${f.invalid}
          aria-describedby=${f.describedBy}
          @change=${(e: Event) => f.set([...((e.currentTarget as HTMLInputElement).files ?? [])])}
        />
        ${files > 0 ? html`<span class="field-note">${fill(screen.words.filesChosen, { count: files })}</span>` : nothing}
        ${messageFor(f)}
      </div>`;
    },
  };
}

export const camera = filePicker(true);
export const file = filePicker(false);
