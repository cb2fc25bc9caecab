// Realistic Omni-IR screens for benchmarks: dashboards, forms, lists and tables with varied text, built from a
// seeded random source so every run measures the same content. Each screen is returned both as Omni-IR text
// and as the same statements written as JSON lines (the JSON.parse baseline).

export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const WORDS = 'order payment delivery account invoice customer shipping return refund balance total monthly weekly status review summary support product cart checkout address profile settings report revenue growth region team plan upgrade'.split(' ');

export function makeScreen(seed, components = 1000) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const title = () => { const t = words(2 + Math.floor(r() * 4)); return t[0].toUpperCase() + t.slice(1); };
  const lines = ['# omni-ir 0.8'];
  const json = [];
  let count = 0;
  const emit = (id, type, args, named = {}, text) => {
    lines.push(text);
    json.push(JSON.stringify({ id, type, args, props: named }));
    count++;
  };
  const q = (s) => JSON.stringify(s);
  const sections = [];
  // Sections of ~20 components each until the budget is used; root is written first, as models do.
  const nSections = Math.floor((components - 1) / 21);
  for (let s = 0; s < nSections; s++) sections.push(`s${s}`);
  emit('root', 'Stack', [sections], { gap: 'md' }, `root = Stack([${sections.join(', ')}], gap="md")`);
  let state = 0;
  for (let s = 0; s < nSections && count < components; s++) {
    const kind = s % 4;
    const kids = [];
    const body = [];
    const add = (id, type, args, named, text) => { kids.push(id); body.push([id, type, args, named, text]); };
    if (kind === 0) {
      for (let i = 0; i < 19; i++) {
        const id = `t${s}_${i}`;
        const t = title();
        if (i % 3 === 0) add(id, 'Heading', [t], { level: 2 }, `${id} = Heading(${q(t)}, level=2)`);
        else if (i % 3 === 1) { const n = Math.round(r() * 100000) / 100; add(id, 'Text', [n], { format: 'currency', currency: 'USD' }, `${id} = Text(${n}, format="currency", currency="USD", tone="strong")`); }
        else { const t2 = words(8 + Math.floor(r() * 12)); add(id, 'Text', [t2], { tone: 'muted' }, `${id} = Text(${q(t2)}, tone="muted")`); }
      }
    } else if (kind === 1) {
      for (let i = 0; i < 19; i++) {
        const id = `f${s}_${i}`;
        const key = `$v${state++}`;
        lines.push(`${key} = ""`);
        json.push(JSON.stringify({ state: key, value: '' }));
        const label = title();
        add(id, 'Input', [{ state: key }], { label }, `${id} = Input(${key}, label=${q(label)}, placeholder="e.g. ${words(2)}", required=true, maxLength=200)`);
      }
    } else if (kind === 2) {
      const table = `tb${s}`;
      const rows = Array.from({ length: 18 }, (_, i) => `r${s}_${i}`);
      add(table, 'Table', [['Item', 'Region', 'Qty', 'Total'], rows], {}, `${table} = Table(["Item", "Region", "Qty", "Total"], [${rows.join(', ')}])`);
      for (const row of rows) {
        const cells = [title(), pick(WORDS), Math.floor(r() * 100), Math.round(r() * 1e6) / 100];
        body.push([row, 'TableRow', [cells], {}, `${row} = TableRow([${cells.map(q).join(', ')}])`]);
      }
      body.push([`x${s}`, 'Divider', [], {}, `x${s} = Divider()`]);
      kids.push(`x${s}`);
    } else {
      const list = `l${s}`;
      const items = Array.from({ length: 19 }, (_, i) => `i${s}_${i}`);
      add(list, 'List', [items], {}, `${list} = List([${items.join(', ')}])`);
      for (const item of items) {
        const t = title();
        const d = words(6);
        body.push([item, 'ListItem', [t], { detail: d }, `${item} = ListItem(${q(t)}, detail=${q(d)}, trailing="${Math.floor(r() * 99)} items")`]);
      }
    }
    emit(`s${s}`, 'Card', [kids], { title: '' }, `s${s} = Card([${kids.join(', ')}], title=${q(title())})`);
    for (const [id, type, args, named, text] of body) emit(id, type, args, named, text);
  }
  while (count < components) emit(`pad${count}`, 'Divider', [], {}, `pad${count} = Divider()`);
  return { text: lines.join('\n') + '\n', json: json.join('\n') + '\n', components: count };
}
