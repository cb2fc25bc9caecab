// One spelling of OUI in the element's exported types (issue 19): the old Oui* names are deprecated aliases of
// the very same classes, so code written against them keeps working for a release.
import { expect } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import * as oui from '../../../elements/oui-surface/index.js';
import * as all from '../../../elements/all.js';

describe('<oui-surface> names', () => {
  it('the element class is OUISurfaceElement, defined as <oui-surface>; OuiSurface is the same class', () => {
    expect(customElements.get('oui-surface')).to.equal(oui.OUISurfaceElement);
    expect(oui.OuiSurface).to.equal(oui.OUISurfaceElement);
    expect(all.OUISurfaceElement).to.equal(oui.OUISurfaceElement);
    expect(document.createElement('oui-surface')).to.be.instanceOf(oui.OuiSurface);
  });

  it('each event class has its OUI name, and its Oui name is the same class', () => {
    const pairs = [
      [oui.OUIStateEvent, oui.OuiStateEvent, 'oui-state'],
      [oui.OUIRequestEvent, oui.OuiRequestEvent, 'oui-request'],
      [oui.OUIResultEvent, oui.OuiResultEvent, 'oui-result'],
      [oui.OUIIssueEvent, oui.OuiIssueEvent, 'oui-issue'],
      [oui.OUIErrorEvent, oui.OuiErrorEvent, 'oui-error'],
    ] as const;
    for (const [now, before, name] of pairs) {
      expect(before).to.equal(now);
      expect(now.eventName).to.equal(name);
    }
  });
});
