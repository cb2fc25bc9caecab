// A realistic op-stream answer for benchmarks: headings, paragraphs streamed in growing spans ops, lists, tables,
// code, a Card with a Chart, a Quiz, a What-if and FollowUps, in the proportions of a long model answer.
// Deterministic for a seed. Returns the op lines (each ending in a newline), the last one an end op.

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'revenue grew across every region while costs held steady and the team shipped the new plan ahead of schedule with clear results for customers'.split(' ');

export function makeAnswer(seed = 1, targetOps = 10_000) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const out = [];
  const op = (o) => out.push(`${JSON.stringify(o)}\n`);
  let root = 0;

  const paragraph = (id) => {
    op({ op: 'open', id, type: 'p' });
    const spans = [];
    for (let k = int(4, 12); k > 0; k--) {
      const r = rand();
      if (r < 0.7) spans.push({ t: 'text', v: `${sentence(int(3, 9))} ` });
      else if (r < 0.8) spans.push({ t: 'strong', c: [{ t: 'text', v: sentence(2) }] });
      else if (r < 0.9) spans.push({ t: 'link', href: `https://example.com/${pick(WORDS)}`, c: [{ t: 'text', v: pick(WORDS) }] });
      else spans.push({ t: 'code', v: pick(WORDS) });
      op({ op: 'spans', id, spans: spans.slice() });
    }
    op({ op: 'close', id });
  };

  while (out.length < targetOps - 1) {
    const id = String(root++);
    const r = rand();
    if (r < 0.1) {
      op({ op: 'open', id, type: 'h', attrs: { level: String(int(2, 3)) } });
      op({ op: 'spans', id, spans: sentence(2) });
      op({ op: 'spans', id, spans: sentence(4) });
      op({ op: 'close', id });
    } else if (r < 0.55) paragraph(id);
    else if (r < 0.68) {
      op({ op: 'open', id, type: rand() < 0.5 ? 'ul' : 'ol' });
      const task = rand() < 0.3;
      for (let i = int(3, 6), j = 0; j < i; j++) {
        op({ op: 'node', id: `${id}.${j}`, type: 'li', ...(task ? { attrs: { task: rand() < 0.5 ? 'done' : 'open' } } : {}), spans: sentence(int(4, 10)) });
      }
      op({ op: 'close', id });
    } else if (r < 0.76) {
      op({ op: 'open', id, type: 'table' });
      for (let row = 0, rows = int(5, 10); row <= rows; row++) {
        const rid = `${id}.${row}`;
        op({ op: 'open', id: rid, type: 'row', ...(row === 0 ? { attrs: { head: true } } : {}) });
        for (let c = 0; c < 4; c++) {
          op({ op: 'node', id: `${rid}.${c}`, type: 'cell', ...(c > 0 ? { attrs: { align: 'right' } } : {}), spans: row === 0 ? pick(WORDS) : c > 0 ? String(int(100, 99999)) : pick(WORDS) });
        }
        op({ op: 'close', id: rid });
      }
      op({ op: 'close', id });
    } else if (r < 0.82) {
      op({ op: 'open', id, type: 'code', attrs: { lang: 'js' } });
      let text = '';
      for (let k = int(3, 8); k > 0; k--) {
        text += `const ${pick(WORDS)} = ${int(1, 99)};\n`;
        op({ op: 'spans', id, spans: text });
      }
      op({ op: 'close', id });
    } else if (r < 0.87) {
      op({ op: 'open', id, type: 'Card', attrs: { title: sentence(2) } });
      op({ op: 'open', id: `${id}.0`, type: 'Chart', attrs: { type: 'line', x: 'Week', y: 'USD' } });
      op({ op: 'close', id: `${id}.0`, data: { columns: ['Week', 'Revenue'], rows: Array.from({ length: 12 }, (_, w) => [`W${w + 1}`, String(int(10000, 40000))]) } });
      paragraph(`${id}.1`);
      op({ op: 'close', id });
    } else if (r < 0.91) {
      op({ op: 'open', id, type: 'Quiz', attrs: { title: 'Check yourself' } });
      for (let q = 0; q < 3; q++) {
        op({ op: 'open', id: `${id}.${q}`, type: 'Question', attrs: { q: `${sentence(5)}?` } });
        op({ op: 'close', id: `${id}.${q}`, data: { items: [[{ t: 'text', v: pick(WORDS) }], [{ t: 'text', v: pick(WORDS) }], [{ t: 'text', v: pick(WORDS) }]], answer: int(0, 2) } });
      }
      op({ op: 'close', id });
    } else if (r < 0.95) {
      op({ op: 'open', id, type: 'WhatIf' });
      op({ op: 'node', id: `${id}.0`, type: 'Slider', attrs: { label: 'Unit price ($)', min: '1', max: '50', value: '20' } });
      op({ op: 'node', id: `${id}.1`, type: 'Slider', attrs: { name: 'qty', label: 'Quantity', min: '0', max: '100', value: '10' } });
      op({ op: 'open', id: `${id}.2`, type: 'Result', attrs: { label: 'Revenue' } });
      op({ op: 'close', id: `${id}.2`, data: { formula: ['unit_price', 'qty', '*'], value: 200 } });
      op({ op: 'close', id });
    } else if (r < 0.98) {
      op({ op: 'open', id, type: 'FollowUps' });
      op({ op: 'close', id, data: { items: [[{ t: 'text', v: sentence(4) }], [{ t: 'text', v: sentence(4) }], sentence(3)] } });
    } else {
      op({ op: 'diag', line: out.length, cls: 'coerced', detail: 'emoji removed', severity: 'note' });
      root--;
    }
  }
  out.length = Math.min(out.length, targetOps - 1);
  out.push(`${JSON.stringify({ op: 'end', complete: true, truncated: false })}\n`);
  return out;
}
