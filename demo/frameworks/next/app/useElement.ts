'use client';
import { useEffect, type RefObject } from 'react';

/**
 * Sets a custom element's properties and listens for its events, from an effect. React 19 does both for an
 * element it creates, but not for one it hydrates from server HTML: hydration sets no property and adds no
 * listener on a custom element (only a later render with a changed value does). So in a server-rendered page the
 * objects, functions and events go through this hook; the JSX keeps only attributes. Runs after every render,
 * so the element always has the latest values; Lit ignores a property set to the value it already has.
 */
export function useElement<E extends HTMLElement>(
  ref: RefObject<E | null>,
  properties: Partial<E>,
  events: Record<string, (event: any) => void> = {},
): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    Object.assign(el, properties);
    for (const [name, listener] of Object.entries(events)) el.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of Object.entries(events)) el.removeEventListener(name, listener);
    };
  });
}
