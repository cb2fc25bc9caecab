/**
 * One text for a value that is the same whenever the value is the same, whatever order its keys were written in:
 * what an approval is bound to. JSON values come out as compact JSON with object keys sorted by code unit. What
 * JSON can't say (undefined, NaN, a bigint, a function, a date, a map, a repeated reference) comes out as a bare
 * token that no JSON text can be, so two values that differ never share a text: `undefined` and a missing key
 * differ, `NaN` and `null` differ, a cycle is named where it closes.
 *
 * Reads each property once, through its getters: a value that answers differently each time it is read is a
 * value that changed.
 */

/** The canonical text of `value`. Throws a RangeError past `maxDepth` levels of nesting (nothing is bound blindly). */
export function canonicalJson(value: unknown, maxDepth = 256): string {
  const out: string[] = [];
  const open = new Set<object>();
  const write = (v: unknown, depth: number): void => {
    switch (typeof v) {
      case 'string':
        out.push(JSON.stringify(v));
        return;
      case 'number':
        // JSON writes -0 as 0, and has no NaN or infinities: tokens keep them apart from their neighbours.
        out.push(Number.isFinite(v) ? (Object.is(v, -0) ? '-0' : JSON.stringify(v)) : String(v));
        return;
      case 'boolean':
        out.push(v ? 'true' : 'false');
        return;
      case 'bigint':
        out.push(`${v}n`);
        return;
      case 'undefined':
        out.push('undefined');
        return;
      case 'symbol':
        out.push(`Symbol(${JSON.stringify(v.description ?? '')})`);
        return;
      case 'function':
        // Code can't be compared; a function swapped for another of the same name still reads the same here.
        out.push(`function(${JSON.stringify(v.name)})`);
        return;
    }
    if (v === null) {
      out.push('null');
      return;
    }
    const o = v as object;
    if (depth >= maxDepth) throw new RangeError(`The value is nested deeper than ${maxDepth} levels`);
    if (open.has(o)) {
      out.push('cycle');
      return;
    }
    open.add(o);
    try {
      if (o instanceof Date) {
        const time = o.getTime();
        out.push(`Date(${Number.isNaN(time) ? 'NaN' : JSON.stringify(o.toISOString())})`);
      } else if (Array.isArray(o) || ArrayBuffer.isView(o)) {
        const list = o as ArrayLike<unknown>;
        out.push('[');
        for (let i = 0; i < list.length; i++) {
          if (i > 0) out.push(',');
          write(list[i], depth + 1);
        }
        out.push(']');
      } else if (o instanceof Map) {
        // A map's order is part of it (a handler may iterate it): entries in their own order.
        out.push('Map[');
        let first = true;
        for (const [k, item] of o) {
          if (!first) out.push(',');
          first = false;
          write(k, depth + 1);
          out.push('=>');
          write(item, depth + 1);
        }
        out.push(']');
      } else if (o instanceof Set) {
        out.push('Set[');
        let first = true;
        for (const item of o) {
          if (!first) out.push(',');
          first = false;
          write(item, depth + 1);
        }
        out.push(']');
      } else {
        const keys = Object.keys(o).sort();
        out.push('{');
        keys.forEach((k, i) => {
          if (i > 0) out.push(',');
          out.push(JSON.stringify(k), ':');
          write((o as Record<string, unknown>)[k], depth + 1);
        });
        out.push('}');
      }
    } finally {
      open.delete(o);
    }
  };
  write(value, 0);
  return out.join('');
}
