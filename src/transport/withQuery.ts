/** Appends query parameters without URL(), so a relative endpoint such as /api/generate still works. */
export function withQuery(endpoint: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  if (query === '') return endpoint;
  const hash = endpoint.indexOf('#');
  const base = hash === -1 ? endpoint : endpoint.slice(0, hash);
  return base + (base.includes('?') ? '&' : '?') + query;
}
