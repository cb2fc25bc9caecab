/**
 * One way to load a part of the library on first use (the transport clients, chart.js, the schema checker):
 * the first call starts the import, every later call shares it.
 *
 * A failed `import()` is remembered by the browser for the life of the page: calling it again fails the same
 * way without asking the network. So a failure is kept too, and reported as a LoadError that says the page has
 * to be reloaded, rather than pretending the next call tries again.
 */
export class LoadError extends Error {
  constructor(what: string, cause: unknown) {
    super(`Part of agentic-elements (${what}) could not be loaded, perhaps because the network was lost. Reload the page to try again.`, { cause });
    this.name = 'LoadError';
  }
}

/** Returns a function that loads the module once; `what` names it in the error a person or app may see. */
export function lazy<T>(load: () => Promise<T>, what = 'a module'): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      throw new LoadError(what, error);
    });
    return loading;
  };
}
