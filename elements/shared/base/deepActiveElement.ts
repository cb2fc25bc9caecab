/** The element that has focus, looking inside shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | null {
  let active: Element | null = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}
