import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { attrText } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { streamText } from '../parts.js';
import { field, inputText, labelFor, messageFor } from './field.js';

const STATUS = 'scan:status';

interface Detector {
  detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new () => Detector;

/** The platform's barcode reader, where it has one. */
const detectorClass = (): DetectorClass | undefined => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/**
 * Scan: a code read from a photo the person takes (where the platform can read barcodes and QR codes), or
 * typed. The value is the code's text.
 */
export const scan: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const Detector = detectorClass();
    const failed = host.local.get(STATUS) === 'failed';
    const picked = async (e: Event) => {
      const file = (e.currentTarget as HTMLInputElement).files?.[0];
      if (!file || !Detector) return;
      try {
        const found = await new Detector().detect(await createImageBitmap(file));
        const code = found[0]?.rawValue;
        if (typeof code !== 'string' || code === '') throw new Error('no code');
        host.local.delete(STATUS);
        f.set(code);
      } catch {
        host.local.set(STATUS, 'failed');
      }
      host.requestUpdate();
    };
    const photoId = `${f.id}-photo`;
    return html`<div class="field">
      ${labelFor(f)}
      <input
        id=${f.id}
        class="field-control"
        part="field"
        data-field=${node.id}
        dir="auto"
        autocomplete="off"
        .value=${live(typeof f.value === 'string' ? f.value : '')}
        placeholder=${streamText(attrText(node.attrs, 'placeholder') ?? '')}
        aria-required=${f.required ? 'true' : 'false'}
        aria-invalid=${f.invalid}
        aria-describedby=${f.describedBy}
        @input=${(e: Event) => f.set(inputText(e))}
      />
      ${Detector
        ? html`<div class="field-actions">
            <label class="button secondary" part="button" for=${photoId}>${screen.words.scanCode}</label>
            <input id=${photoId} class="visually-hidden" type="file" accept="image/*" capture="environment" @change=${picked} />
            ${failed ? html`<span class="field-note" role="status">${screen.words.scanFailed}</span>` : nothing}
          </div>`
        : nothing}
      ${messageFor(f)}
    </div>`;
  },
};
