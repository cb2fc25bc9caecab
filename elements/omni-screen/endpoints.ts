/**
 * Where `<omni-screen>` finds a server's endpoints. `endpoint` is the generate endpoint itself (`/api/generate`
 * on the reference server); the mutate and live endpoints default to its siblings in the same directory
 * (`/api/mutate`, `/api/live`), as the reference server lays them out.
 */
export function siblingEndpoint(endpoint: string, name: string): string {
  const cut = endpoint.search(/[?#]/);
  const path = cut === -1 ? endpoint : endpoint.slice(0, cut);
  // An origin with no path (`https://example.com`): the sibling sits at its root.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/]*$/i.test(path)) return `${path}/${name}`;
  const slash = path.lastIndexOf('/');
  return path.slice(0, slash + 1) + name;
}
