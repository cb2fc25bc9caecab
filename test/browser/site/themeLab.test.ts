// The Theming page's colour check, as a person uses it: they pick the theme to start from and type their brand's
// colours into the fields, and each pair's contrast ratio, worked out by the same code the elements warn with, is
// shown as they type. Issue 29's case: a purple accent on the dark theme makes button text 3.21:1.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { describe, it } from '../shared/mocha.js';
import { pressReally } from '../shared/approvals.js';
import { mountThemeLab } from '../../../site/themeLab.js';

function lab(): HTMLElement {
  const host = document.createElement('section');
  document.body.append(host);
  mountThemeLab(host);
  return host;
}

/** The table row of a pair: its first two cells name the foreground and background tokens. */
function row(host: HTMLElement, foreground: string, background: string): HTMLTableRowElement {
  const found = [...host.querySelectorAll<HTMLTableRowElement>('tbody tr')].find((r) => r.cells[0]?.textContent === foreground && r.cells[1]?.textContent === background);
  if (!found) throw new Error(`no row for ${foreground} on ${background}`);
  return found;
}
const ratio = (r: HTMLTableRowElement) => r.cells[3]!.textContent;
const verdict = (r: HTMLTableRowElement) => r.cells[4]!.textContent;
const field = (host: HTMLElement, token: string) => {
  const label = [...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === token);
  if (!label?.control) throw new Error(`no field labelled ${token}`);
  return label.control as HTMLInputElement;
};

/** Clicks the field, selects what it holds and types `text`, as a person would. */
async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  await pressReally(input);
  await sendKeys({ press: 'Control+A' });
  await sendKeys({ type: text });
}

describe('the Theming page: try your colours', () => {
  it('typing a purple accent on the dark theme shows button text at 3.21:1, too faint; white text on it passes', async () => {
    const host = lab();
    try {
      await pressReally([...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Dark')!);
      const buttons = row(host, '--ae-on-accent', '--ae-accent');
      const before = ratio(buttons);
      expect(verdict(buttons)).to.equal('Readable');

      await typeInto(field(host, '--ae-accent'), '#7c3aed');
      expect(field(host, '--ae-accent').value).to.equal('#7c3aed');
      expect(ratio(buttons)).to.equal('3.21:1');
      expect(ratio(buttons)).not.to.equal(before);
      expect(verdict(buttons)).to.equal('Too faint');
      expect(host.querySelector('[role="status"]')!.textContent).to.match(/too faint/i);

      await typeInto(field(host, '--ae-on-accent'), '#fff');
      expect(verdict(buttons)).to.equal('Readable');
      // The danger button has its own text colour: white on the accent doesn't touch it.
      expect(verdict(row(host, '--ae-on-danger', '--ae-danger'))).to.equal('Readable');
      // The CSS to copy holds the two colours typed, and nothing else.
      expect(host.querySelector('pre')!.textContent).to.equal('--ae-accent: #7c3aed;\n--ae-on-accent: #fff;');
    } finally {
      host.remove();
    }
  });

  it('a value that is not a colour says so, and its pairs show no ratio until it is one', async () => {
    const host = lab();
    try {
      await typeInto(field(host, '--ae-accent'), 'purplish');
      expect(field(host, '--ae-accent').getAttribute('aria-invalid')).to.equal('true');
      expect(ratio(row(host, '--ae-on-accent', '--ae-accent'))).to.equal('—');
      await typeInto(field(host, '--ae-accent'), 'rebeccapurple');
      expect(field(host, '--ae-accent').hasAttribute('aria-invalid')).to.equal(false);
      expect(ratio(row(host, '--ae-on-accent', '--ae-accent'))).to.match(/^\d+\.\d\d:1$/);
    } finally {
      host.remove();
    }
  });

  it('lists every pair the elements check, with the minimum each needs', () => {
    const host = lab();
    try {
      const rows = host.querySelectorAll<HTMLTableRowElement>('tbody tr');
      expect(rows.length).to.be.greaterThan(30);
      for (const r of rows) expect(r.cells[2]!.textContent).to.match(/^(4\.5|3):1$/);
    } finally {
      host.remove();
    }
  });
});
