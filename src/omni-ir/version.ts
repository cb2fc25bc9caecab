/**
 * The version marker ([3.9]): `# omni-ir MAJOR.MINOR` on line 1. Numbers of any length are compared as whole
 * numbers (never as floats); 0.6 and 0.7 name format 0.5.
 */
import { FORMAT_VERSION } from './specs.js';

const MARKER = /^[ \t]*#[ \t]*omni-ir[ \t]+([0-9]+)\.([0-9]+)[ \t]*$/;

/** Compares two whole numbers written in decimal, of any length. */
function compare(a: string, b: string): number {
  a = a.replace(/^0+(?=.)/, '');
  b = b.replace(/^0+(?=.)/, '');
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `line` (line 1 of a stream) is a version marker naming a newer format than this parser's. */
export function isNewerVersion(line: string, own: string = FORMAT_VERSION): boolean {
  const m = MARKER.exec(line);
  if (!m) return false;
  const major = m[1]!;
  let minor = m[2]!;
  if (compare(major, '0') === 0 && (compare(minor, '6') === 0 || compare(minor, '7') === 0)) minor = '5';
  const [ownMajor, ownMinor] = own.split('.') as [string, string];
  const c = compare(major, ownMajor);
  return c > 0 || (c === 0 && compare(minor, ownMinor) > 0);
}
