// The site's theme: light, dark or the system's, remembered. A classic script in <head>, so the remembered choice
// is on <html> before the first paint; the switch in the header changes it, and a `docs-theme` event tells the
// playground, whose elements follow it.
export type SiteTheme = 'light' | 'dark' | 'system';

const KEY = 'agentic-elements-docs-theme';
const isTheme = (v: unknown): v is SiteTheme => v === 'light' || v === 'dark' || v === 'system';

function saved(): SiteTheme {
  try {
    const value = localStorage.getItem(KEY);
    return isTheme(value) ? value : 'system';
  } catch {
    // Storage can be refused (a sandboxed frame, strict privacy settings): the system's choice then.
    return 'system';
  }
}

function apply(theme: SiteTheme, remember: boolean): void {
  document.documentElement.dataset.theme = theme;
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="theme"]')) radio.checked = radio.value === theme;
  if (remember) {
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      // Not remembered; it still applies to this page.
    }
  }
  document.dispatchEvent(new CustomEvent<SiteTheme>('docs-theme', { detail: theme }));
}

apply(saved(), false);
document.addEventListener('DOMContentLoaded', () => {
  apply(saved(), false);
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="theme"]')) {
    radio.addEventListener('change', () => {
      if (radio.checked && isTheme(radio.value)) apply(radio.value, true);
    });
  }
});
