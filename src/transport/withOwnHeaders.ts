/**
 * The app's headers with the client's own on top: a name the client sets (Content-Type, Accept,
 * Idempotency-Key) wins however the app spelled it, instead of both going out joined into one value.
 */
export function withOwnHeaders(app: Record<string, string> | undefined, own: Record<string, string>): Record<string, string> {
  const mine = new Set(Object.keys(own).map((k) => k.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(app ?? {})) if (!mine.has(k.toLowerCase())) out[k] = v;
  return { ...out, ...own };
}
