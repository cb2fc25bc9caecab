// Writing Omni-IR values from app data: a string literal escapes only what [4.5] gives meaning to, so any text a
// person typed is shown as that text and can never end the string or the line.
export function omniString(value) {
  return '"' + String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n|\r|\n/g, '\\n') + '"';
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const RESERVED = new Set(['true', 'false', 'null', '__proto__', 'constructor', 'prototype']);

/** A component id a client named (the pressed Button, [10.35]), or the fallback when it isn't one. */
export function componentId(value, fallback) {
  return typeof value === 'string' && IDENT.test(value) && !RESERVED.has(value) ? value : fallback;
}
