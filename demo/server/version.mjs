// Stream format versions ([3.9], [10.12]): MAJOR.MINOR compared as whole numbers of any length, with 0.6 and 0.7
// read as 0.5 (releases that didn't change the format).

export const FORMAT = '0.8';

export function parseVersion(text) {
  const m = /^(\d+)\.(\d+)$/.exec(text);
  if (!m) return null;
  const major = BigInt(m[1]);
  let minor = BigInt(m[2]);
  if (major === 0n && (minor === 6n || minor === 7n)) minor = 5n;
  return [major, minor];
}

/** Negative when a is older than b, 0 when the same format, positive when newer. */
export function compareVersions(a, b) {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}

/** Whether a client asking for `requested` can't be served a stream in this server's format. */
export function isOlderThanServed(requested) {
  return compareVersions(requested, parseVersion(FORMAT)) < 0;
}
