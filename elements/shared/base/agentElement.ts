/**
 * The base class of every agent element: theme, locale, direction and words, handed down through context
 * to the elements inside (charts, dialogs, placeholders), across shadow roots.
 */
import { LitElement, css, type CSSResultGroup, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { SignalWatcher } from './signalWatcher.js';
import { ContextConsumer } from '@lit/context';
import { composedParent, ScopedContextProvider } from './scopedContextProvider.js';
import { en, mergeStrings, type Strings } from '../../../strings/en.js';
import { wordsFor } from '../../../strings/locales.js';
import { themeNames, themeStyles, type ThemeName } from '../../../themes/index.js';
import { clockContext, localeContext, stringsContext, themeContext } from './contexts.js';
import { realClock, type Clock } from './clock.js';
import { canonicalLocale } from './locale.js';
import { DEV, warnOnce } from './dev.js';
import { checkContrast } from './contrastCheck.js';

const isThemeName = (v: unknown): v is ThemeName => typeof v === 'string' && (themeNames as readonly string[]).includes(v);


/** The `lang` of the nearest ancestor, crossing shadow roots (`closest()` stops at them). */
function inheritedLang(from: Element): string | undefined {
  for (let node: Node | null = from.parentNode; node; node = composedParent(node)) {
    const lang = node instanceof Element && node.getAttribute('lang');
    if (lang) return lang;
  }
  return undefined;
}

/**
 * Every agent element in `root` and inside it: its light-DOM descendants and, through shadow roots, the elements
 * its own rendering made. A walk, not a context: it runs only when an app asks for it (refreshTheme), so no
 * element pays for it while a stream is drawn.
 */
function* agentElementsIn(root: Element): Generator<AgentElement> {
  const stack: ParentNode[] = [root];
  if (root.shadowRoot) stack.push(root.shadowRoot);
  for (let scope = stack.pop(); scope; scope = stack.pop()) {
    for (const el of scope.querySelectorAll('*')) {
      if (el instanceof AgentElement) yield el;
      if (el.shadowRoot) stack.push(el.shadowRoot);
    }
  }
}

/**
 * Base class for the agent elements. Extends `SignalWatcher(LitElement)`, so a subclass that reads signals
 * in `render()` re-renders when they change.
 *
 * - `theme`: `light`, `dark` or `system` (follows `prefers-color-scheme`). Unset, an element takes the
 *   theme of the agent element it sits in (through inherited CSS properties and context); an outermost
 *   element without one follows the page's `color-scheme` (light where the page declares none) and paints
 *   its own surface, so it is readable on a light page and a dark one alike. An element with a `theme`
 *   attribute paints its own surface; one inside another agent element is transparent.
 * - `locale`: BCP 47 tag for numbers and dates. Unset: the element's `lang`, then the enclosing agent
 *   element's locale, then the nearest ancestor's `lang` (across shadow roots), then `en`.
 * - `dir`: the native attribute; styles use logical properties, and `isRtl` tells script-drawn parts.
 * - `strings`: the app's replacements for any of the elements' own words, merged over the words of the
 *   element's language (see `registerLocale()` in strings/locales.ts) or the enclosing element's words.
 *   Values are shown as text, never markup.
 *
 * @attribute lang - The native attribute, watched: the element's words and the formatting of its numbers and dates
 *   follow it (unless `locale` is set), and so do the agent elements inside it.
 * @attribute dir - The native attribute, watched: `rtl` lays the element out right to left, charts and step lists
 *   included; unset, the element follows the direction around it.
 *
 * @cssprop [--ae-surface=#ffffff] - Background of the element and its cards. Dark: #1b2029
 * @cssprop [--ae-text=#1f2329] - Body text. Dark: #e6e8ec
 * @cssprop [--ae-muted-text=#5b616e] - Secondary text, chart ticks and legends. Dark: #a3aab6
 * @cssprop [--ae-label-text=#3c4048] - Field labels and table headings. Dark: #c7ccd4
 * @cssprop [--ae-border=#d9dce1] - Decorative borders. Dark: #343b47
 * @cssprop [--ae-input-border=#868c97] - Edges of fields, switches and secondary buttons. Dark: #737b89
 * @cssprop [--ae-divider=#e3e5e8] - Dividing lines. Dark: #2c333e
 * @cssprop [--ae-subtle=#eef0f3] - Subtle backgrounds (assistant messages). Dark: #262c36
 * @cssprop [--ae-placeholder=#eceef1] - Loading placeholders and fallbacks. Dark: #2a303a
 * @cssprop [--ae-placeholder-highlight=#f6f7f9] - The shimmer on a loading placeholder. Dark: #353c47
 * @cssprop [--ae-accent=#1f5eff] - Primary buttons, links, an open tab. Dark: #7c9dff
 * @cssprop [--ae-on-accent=#ffffff] - Text on the accent colour. Dark: #0d1428
 * @cssprop [--ae-accent-soft=#eef3ff] - Info notices. Dark: #1d2846
 * @cssprop [--ae-success=#2e7d32] - Success marks. Dark: #6fcf86
 * @cssprop [--ae-success-soft=#e3f4e6] - Success notices. Dark: #18301f
 * @cssprop [--ae-success-text=#1b5e20] - Success badge text. Dark: #9fe0ae
 * @cssprop [--ae-warning=#b7791f] - Warnings and rating stars. Dark: #e5a93f
 * @cssprop [--ae-warning-soft=#fff4d6] - Warning notices. Dark: #34290f
 * @cssprop [--ae-warning-text=#7a5200] - Warning badge text. Dark: #f2c770
 * @cssprop [--ae-danger=#c62828] - Danger buttons, a blocked action’s message. Dark: #ff7b72
 * @cssprop [--ae-danger-soft=#fde4e4] - Danger notices. Dark: #3b1a1a
 * @cssprop [--ae-danger-text=#8e1c1c] - Danger badge text. Dark: #ffa59e
 * @cssprop [--ae-chart-axis=#9aa0aa] - Chart axes and grid lines. Dark: #6b7381
 * @cssprop [--ae-chart-1=#2a78d6] - Chart colour 1 (colour-blind-safe palette). Dark: #2a78d6
 * @cssprop [--ae-chart-2=#eb6834] - Chart colour 2 (colour-blind-safe palette). Dark: #eb6834
 * @cssprop [--ae-chart-3=#d161a7] - Chart colour 3 (colour-blind-safe palette). Dark: #d161a7
 * @cssprop [--ae-chart-4=#4a3aa7] - Chart colour 4 (colour-blind-safe palette). Dark: #7569bc
 * @cssprop [--ae-chart-5=#2ca75c] - Chart colour 5 (colour-blind-safe palette). Dark: #2ca75c
 * @cssprop [--ae-chart-6=#d47e00] - Chart colour 6 (colour-blind-safe palette). Dark: #d47e00
 * @cssprop [--ae-chart-7=#008300] - Chart colour 7 (colour-blind-safe palette). Dark: #0a880a
 * @cssprop [--ae-chart-8=#e34948] - Chart colour 8 (colour-blind-safe palette). Dark: #e34948
 * @cssprop [--ae-on-danger=#ffffff] - Text on the danger colour (danger buttons); its own, so changing --ae-on-accent leaves it. Dark: #0d1428
 * @cssprop [--ae-on-success=#ffffff] - Text on the success colour (a right answer's letter). Dark: #0d1428
 * @cssprop [--ae-focus=#1f5eff] - Focus rings. Dark: #7c9dff
 * @cssprop [--ae-font=system-ui, sans-serif] - Font family
 * @cssprop [--ae-font-mono=ui-monospace, monospace] - Monospace font family
 * @cssprop [--ae-font-size-sm=0.875rem] - Small font size
 * @cssprop [--ae-font-size=1rem] - Body font size
 * @cssprop [--ae-font-size-lg=1.125rem] - Large font size
 * @cssprop [--ae-font-size-xl=1.375rem] - Heading font size
 * @cssprop [--ae-line-height=1.5] - Line height
 * @cssprop [--ae-space-1=4px] - Spacing step 1
 * @cssprop [--ae-space-2=8px] - Spacing step 2
 * @cssprop [--ae-space-3=12px] - Spacing step 3
 * @cssprop [--ae-space-4=16px] - Spacing step 4
 * @cssprop [--ae-space-6=24px] - Spacing step 6
 * @cssprop [--ae-radius=8px] - Corner radius
 * @cssprop [--ae-focus-width=2px] - Focus ring width
 * @cssprop [--ae-focus-offset=2px] - Focus ring offset
 */
export class AgentElement extends SignalWatcher(LitElement) {
  static override styles: CSSResultGroup = [
    themeStyles,
    css`
      :host {
        font-family: var(--_font);
        font-size: var(--_font-size);
        line-height: var(--_line-height);
        color: var(--_text);
        -webkit-font-smoothing: antialiased;
        text-align: start;
      }
      :host([theme]) {
        background-color: var(--_surface);
      }
      /* Without a theme: transparent inside another agent element (whose surface is already painted), else it
         paints its own, in the page's colour scheme, so its text never sits on whatever the page drew. */
      :host(:not([theme])) {
        background-color: var(--_ae-nested, var(--_surface));
      }
      :host > *,
      ::slotted(*) {
        --_ae-nested: transparent;
      }
      :host([hidden]) {
        display: none !important;
      }
      *,
      *::before,
      *::after {
        box-sizing: border-box;
      }
    `,
  ];

  static override get observedAttributes(): string[] {
    // `lang` and `dir` are native attributes, not Lit properties; watch them so words and charts follow.
    return [...super.observedAttributes, 'lang', 'dir'];
  }

  /**
   * `light`, `dark` or `system`. Unset, the element inherits the theme of the agent element around it; with none
   * around it, it follows the page's `color-scheme` (light where the page declares none) on its own surface.
   * Reflected, because the theme's styles select on the attribute.
   */
  @property({ reflect: true }) theme?: ThemeName;

  /** BCP 47 language tag for formatting numbers and dates. See the class description for the fallbacks. */
  @property() locale?: string;

  /** The app's replacements for the element's own words: keys and English words in `agentic-elements/locales/en` (docs/words.md). */
  @property({ attribute: false }) strings?: Partial<Strings>;

  // Scoped: a provider that connects below takes over only the consumers it encloses (see the class).
  private readonly stringsProvider = new ScopedContextProvider(this, { context: stringsContext, initialValue: en });
  private readonly localeProvider = new ScopedContextProvider(this, { context: localeContext, initialValue: 'en' });
  private readonly themeProvider = new ScopedContextProvider(this, { context: themeContext, initialValue: 'light' as ThemeName });
  private readonly clockProvider = new ScopedContextProvider(this, { context: clockContext, initialValue: realClock });

  // What the enclosing agent element provides; undefined for an outermost element. The provider above
  // ignores requests from its own host, so an element can both receive and hand on the same context.
  private readonly inheritedStrings = new ContextConsumer(this, { context: stringsContext, subscribe: true });
  private readonly inheritedLocale = new ContextConsumer(this, { context: localeContext, subscribe: true });
  private readonly inheritedTheme = new ContextConsumer(this, { context: themeContext, subscribe: true });
  private readonly inheritedClock = new ContextConsumer(this, { context: clockContext, subscribe: true });

  #clock: Clock | undefined;

  /**
   * What the element's own timers run on: the moment a confirmation's buttons stay inert, the steps' batched
   * announcements, a server press's deadline, a look at the page that nothing woke. Unset, the enclosing agent
   * element's, else the real clock (`realClock`). A test gives one it moves by hand, and nothing waits in real time.
   * Set it before the element starts what it times; the agent elements inside it take it too.
   */
  get clock(): Clock {
    return this.#clock ?? this.inheritedClock.value ?? realClock;
  }

  set clock(clock: Clock | undefined) {
    this.#clock = clock;
    this.clockProvider.setValue(this.clock);
  }

  private wordsCache?: { base: Strings; overrides: Partial<Strings> | undefined; words: Strings };

  /**
   * The element's words: `strings` merged over the words of its language (a locale registered with
   * `registerLocale()`, else English) — or, when it sets no language of its own, over the enclosing element's
   * words. Memoized.
   */
  protected get words(): Strings {
    // A `locale` the enclosing element handed down (a chart's, for its numbers) is not a language of its own:
    // the words stay the enclosing element's, with the app's `strings` in them.
    const locale = canonicalLocale(this.locale);
    const ownLanguage = !!this.getAttribute('lang') || (locale !== undefined && locale !== canonicalLocale(this.inheritedLocale.value));
    const inherited = ownLanguage ? undefined : this.inheritedStrings.value;
    const base = inherited ?? wordsFor(this.resolvedLocale);
    const overrides = this.strings;
    const cached = this.wordsCache;
    if (cached && cached.base === base && cached.overrides === overrides) return cached.words;
    const words = mergeStrings(base, overrides as Partial<Record<string, unknown>> | undefined);
    this.wordsCache = { base, overrides, words };
    return words;
  }

  /** The locale in effect, always a valid tag. */
  get resolvedLocale(): string {
    return (
      canonicalLocale(this.locale) ??
      canonicalLocale(this.getAttribute('lang')) ??
      canonicalLocale(this.inheritedLocale.value) ??
      canonicalLocale(inheritedLang(this)) ??
      'en'
    );
  }

  /**
   * The theme named for this element: its own attribute, else the enclosing element's, else `light` (an outermost
   * element without a theme then paints in the page's colour scheme, which may be dark).
   */
  get resolvedTheme(): ThemeName {
    if (isThemeName(this.theme)) return this.theme;
    return this.inheritedTheme.value ?? 'light';
  }

  /**
   * Reads the theme's `--ae-*` values again and redraws what is drawn in script (the canvas of every chart), in
   * this element and in every agent element inside it. Call it after the page changes `--ae-*` custom properties
   * at run time: what CSS draws follows such a change by itself, a canvas can't. A change of `theme` (here or on
   * an enclosing element) or of the system's colour scheme needs no call.
   */
  refreshTheme(): void {
    if (DEV) this.checkColours();
    this.themeChanged();
    for (const el of agentElementsIn(this)) el.themeChanged();
  }

  /**
   * The theme's values may have changed under the element. An element that reads colours in script (a chart)
   * reads them again here; the others have nothing to do.
   */
  protected themeChanged(): void {}

  /** True when the element is laid out right to left (its own or an inherited `dir`). */
  protected get isRtl(): boolean {
    return this.isConnected && getComputedStyle(this).direction === 'rtl';
  }

  override connectedCallback(): void {
    this.takeUpEarlyProperties();
    super.connectedCallback();
    // Before the first render, so children that connect now already receive the right values.
    this.handOn();
    if (DEV) this.checkColours();
  }

  /**
   * A value set on the bare tag before this element was defined (a framework binding it while the element's code
   * loads: `import 'agentic-elements'` loads each element as its tag appears) is an own property of the instance,
   * hiding the class's accessor. Lit takes back its reactive properties; the element's own accessors (a surface
   * checked as it is set, a state applied to the document) take theirs here, through their setters. Once: later
   * assignments go through the accessors.
   */
  private takeUpEarlyProperties(): void {
    if (this.#tookUp) return;
    this.#tookUp = true;
    const self = this as unknown as Record<string, unknown>;
    for (let proto = Object.getPrototypeOf(this) as object; proto !== LitElement.prototype; proto = Object.getPrototypeOf(proto) as object) {
      for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
        if (!d.set || !Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = self[name];
        delete self[name];
        try {
          self[name] = value;
        } catch {
          // A setter that refuses a value has said why (a surface that doesn't check out fires oui-error).
        }
      }
    }
  }

  #tookUp = false;

  /**
   * Development only: once drawn, an outermost element checks the colours it draws text in (the app's `--ae-*`
   * values included) and warns once for each pair under its minimum. Inner elements share its colours.
   */
  private checkColours(): void {
    void this.updateComplete.then(() => {
      if (this.isConnected && this.inheritedTheme.value === undefined) checkContrast(this.renderRoot, this.localName);
    });
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' || name === 'dir') this.requestUpdate();
    if (DEV && value !== null) this.checkAttribute(name, value);
    if (DEV && name === 'theme' && old !== null) this.checkColours();
  }

  /**
   * The values an attribute can take, for a development warning on any other: a list, or a test. A subclass
   * adds its own attributes to its parent's (`{...super.knownValues, policy: [...]}`).
   */
  protected static knownValues: Readonly<Record<string, readonly string[] | ((value: string) => boolean)>> = {
    theme: themeNames,
    locale: (v) => canonicalLocale(v) !== undefined,
    lang: (v) => v === '' || canonicalLocale(v) !== undefined,
    dir: ['ltr', 'rtl', 'auto'],
  };

  /** `theme="purple"` would otherwise be ignored without a word. */
  private checkAttribute(name: string, value: string): void {
    const known = (this.constructor as typeof AgentElement).knownValues[name];
    if (!known || (typeof known === 'function' ? known(value) : known.includes(value))) return;
    const tag = this.localName;
    const expected = typeof known === 'function' ? `a valid ${name}` : known.map((v) => `"${v}"`).join(', ');
    warnOnce(`${tag} ${name}=${value}`, `<${tag}>: ${name}="${value}" is not a value it knows (expected ${expected}); it is ignored.`);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.handOn();
  }

  private handOn(): void {
    this.stringsProvider.setValue(this.words);
    this.localeProvider.setValue(this.resolvedLocale);
    this.themeProvider.setValue(this.resolvedTheme);
    this.clockProvider.setValue(this.clock);
  }
}
