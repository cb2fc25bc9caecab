// One spelling of OUI in the element's exported types (issue 19), and no other: the package is unreleased, so
// the names before (Oui*) went with the rename rather than staying as deprecated aliases (issue 30 item 4).
import { expect } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import * as oui from '../../../elements/oui-surface/index.js';
import * as all from '../../../elements/all.js';

describe('<oui-surface> names', () => {
  it('the element class is OUISurfaceElement, defined as <oui-surface>', () => {
    expect(customElements.get('oui-surface')).to.equal(oui.OUISurfaceElement);
    expect(all.OUISurfaceElement).to.equal(oui.OUISurfaceElement);
    expect(document.createElement('oui-surface')).to.be.instanceOf(oui.OUISurfaceElement);
  });

  it('each event class has its OUI name and event name', () => {
    const pairs = [
      [oui.OUIStateEvent, 'oui-state'],
      [oui.OUIRequestEvent, 'oui-request'],
      [oui.OUIResultEvent, 'oui-result'],
      [oui.OUIIssueEvent, 'oui-issue'],
      [oui.OUIErrorEvent, 'oui-error'],
    ] as const;
    for (const [event, name] of pairs) expect(event.eventName).to.equal(name);
  });

  it('the names before the rename are gone from both entries', () => {
    const before = ['OuiSurface', 'OuiStateEvent', 'OuiRequestEvent', 'OuiResultEvent', 'OuiIssueEvent', 'OuiErrorEvent'];
    expect(before.filter((name) => name in oui || name in all)).to.deep.equal([]);
  });
});
