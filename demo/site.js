// What every demo page shares: the theme switch (light, dark or the system's, remembered across the pages) and
// the header's links between the demos. Each page's script calls `themeSwitch()` with the elements it themes.

const THEMES = ['light', 'dark', 'system'];
const KEY = 'agentic-elements-demo-theme';

function savedTheme() {
  try {
    const t = localStorage.getItem(KEY);
    return THEMES.includes(t) ? t : 'system';
  } catch {
    return 'system';
  }
}

/** Wires the page's theme radios: the page and `elements()` follow the choice, which is remembered. */
export function themeSwitch(elements) {
  const apply = (theme) => {
    document.documentElement.dataset.theme = theme;
    for (const el of elements()) el.theme = theme;
    for (const radio of document.querySelectorAll('input[name="theme"]')) radio.checked = radio.value === theme;
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      // Storage may be off: the choice lasts for this page only.
    }
  };
  apply(savedTheme());
  for (const radio of document.querySelectorAll('input[name="theme"]')) {
    radio.addEventListener('change', () => radio.checked && apply(radio.value));
  }
}
