import { html, nothing } from 'lit';
import { fill } from '../../../../strings/en.js';
import type { GeoLocation } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { field, messageFor } from './field.js';

const STATUS = 'location:status';

/**
 * Location: a button that asks the device for its location only when pressed; the value is
 * `{lat, lng, accuracy}` (degrees, meters), kept on the device until the Form is sent, never state.
 */
export const location: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const w = screen.words;
    const given = f.value as GeoLocation | undefined;
    const failed = host.local.get(STATUS) === 'failed';
    const ask = () => {
      if (!('geolocation' in navigator)) {
        host.local.set(STATUS, 'failed');
        host.requestUpdate();
        return;
      }
      navigator.geolocation.getCurrentPosition(
        (p) => {
          host.local.delete(STATUS);
          f.set({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy });
          host.requestUpdate();
        },
        () => {
          host.local.set(STATUS, 'failed');
          host.requestUpdate();
        },
        { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
      );
    };
    const said = given ? fill(w.locationShared, { accuracy: Math.round(given.accuracy) }) : failed ? w.locationFailed : '';
    return html`<div class="field" role="group" aria-labelledby=${`${f.id}-label`}>
      <span class="field-label" id=${`${f.id}-label`}><bdi>${f.label}</bdi>${f.required ? html`<span class="required-mark" aria-hidden="true"> *</span>` : nothing}</span>
      <div class="field-actions">
        <button id=${f.id} type="button" class="button secondary" part="button" data-field=${node.id} aria-invalid=${f.invalid} aria-describedby=${f.describedBy} @click=${ask}>
          ${w.locationShare}
        </button>
        <span class="field-note" role="status">${said}</span>
      </div>
      ${messageFor(f)}
    </div>`;
  },
};
