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
        else if (i % 3 === 1) { const n = Math.round(r() * 100000) / 100; add(id, 'Text', [n], { format: 'currency', currency: 'USD', tone: 'strong' }, `${id} = Text(${n}, format="currency", currency="USD", tone="strong")`); }
        else { const t2 = words(8 + Math.floor(r() * 12)); add(id, 'Text', [t2], { tone: 'muted' }, `${id} = Text(${q(t2)}, tone="muted")`); }
      }
    } else if (kind === 1) {
      for (let i = 0; i < 19; i++) {
        const id = `f${s}_${i}`;
        const key = `$v${state++}`;
        lines.push(`${key} = ""`);
        json.push(JSON.stringify({ state: key, value: '' }));
        const label = title();
        const placeholder = `e.g. ${words(2)}`;
        add(id, 'Input', [{ state: key }], { label, placeholder, required: true, maxLength: 200 }, `${id} = Input(${key}, label=${q(label)}, placeholder=${q(placeholder)}, required=true, maxLength=200)`);
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
        const trailing = `${Math.floor(r() * 99)} items`;
        body.push([item, 'ListItem', [t], { detail: d, trailing }, `${item} = ListItem(${q(t)}, detail=${q(d)}, trailing=${q(trailing)})`]);
      }
    }
    const cardTitle = title();
    emit(`s${s}`, 'Card', [kids], { title: cardTitle }, `s${s} = Card([${kids.join(', ')}], title=${q(cardTitle)})`);
    for (const [id, type, args, named, text] of body) emit(id, type, args, named, text);
  }
  while (count < components) emit(`pad${count}`, 'Divider', [], {}, `pad${count} = Divider()`);
  return { text: lines.join('\n') + '\n', json: json.join('\n') + '\n', components: count };
}

// Screens shaped like what models write when they are asked for real work, beside the dashboards above: each
// kind stresses one thing the dashboards barely have. All of them are valid (no issues), built from a seeded
// random source, and returned with the same statements as JSON lines.
//  - actions: forms whose Buttons are governed by McpMutations with params objects of 1 to 12 keys ($state refs,
//    text with escapes and non-ASCII, numbers, true/false/null);
//  - text: articles and chat transcripts whose strings run near the 2,000-character text limit, with \n, \" and
//    \\ escapes and non-ASCII letters, symbols and emoji;
//  - tables: Tables of 8 columns and up to 200 TableRows, cells mixing text and numbers;
//  - charts: Bar and Line charts with 24 labels and up to 6 Series of 24 values, Pie charts with 8 Slices;
//  - checkout: order, shipping, return and payment steps, every governed Button followed by its McpMutation.

const PROSE = 'the customer asked whether the refund for the returned order could be sent to the original card instead of store credit and our team confirmed it will arrive within five working days once the parcel reaches the warehouse'.split(' ');
const INTL = ['café', 'naïve', 'Zürich', 'São Paulo', 'façade', '€42,50', '£18', '¥1,200', '— ', '“quoted”', 'señor', 'Ærø', 'Ελλάδα', 'Москва', '東京', '서울', '✓', '→', '😀', '🚚', '½'];
const TOOLS = ['payments.confirm', 'orders.requestReturn', 'orders.cancel', 'account.updateProfile', 'support.openTicket', 'shipping.changeAddress', 'auth.sendMagicLink', 'billing.updatePlan'];

// The tools an app registers for these screens, each with the JSON Schema (draft 2020-12) of its params, as
// `<omni-screen>`'s `tools` and `createOmniParser({tools})` take them. The forms of `makeActionScreen` send
// keys of their own beside the named ones, so those schemas allow more.
const text = (maxLength = 2000) => ({ type: 'string', maxLength });
const amount = { type: 'number', minimum: 0 };
const currency = { type: 'string', pattern: '^[A-Z]{3}$' };
const tool = (properties, required, additionalProperties = true) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties,
  required,
  additionalProperties,
});
export const BENCH_TOOL_SCHEMAS = {
  'payments.confirm': tool({ orderId: text(40), amount, currency, method: { enum: ['card', 'paypal', 'invoice'] }, saveCard: { type: 'boolean' }, billingEmail: text(200), statementNote: text() }, ['orderId', 'amount', 'currency']),
  'orders.requestReturn': tool({ orderId: text(40), itemId: text(40), reason: text(200), quantity: { type: 'string', pattern: '^[0-9]{1,3}$' }, note: text(), refundTo: { enum: ['original', 'credit'] }, pickup: { type: 'boolean' }, policy: text() }, ['orderId', 'itemId', 'reason']),
  'orders.cancel': tool({ orderId: text(40), reason: text(), notify: { type: 'boolean' } }, ['orderId']),
  'orders.place': tool({ cartId: text(40), total: amount, currency, email: text(200), acceptTerms: { const: true }, express: { type: 'boolean' }, giftMessage: text(), deliveryNote: text() }, ['cartId', 'total', 'currency', 'acceptTerms']),
  'cart.applyCoupon': tool({ cartId: text(40), code: text(40), currency }, ['cartId', 'code']),
  'account.updateProfile': tool({ name: text(200), email: text(200), newsletter: { type: 'boolean' } }, []),
  'support.openTicket': tool({ orderId: text(40), topic: text(200), message: text() }, ['message']),
  'shipping.changeAddress': tool({ orderId: text(40), name: text(200), street: text(200), city: text(200), postcode: text(20), country: text(100), express: { type: 'boolean' }, instructions: text() }, ['orderId']),
  'auth.sendMagicLink': tool({ email: text(200) }, ['email']),
  'billing.updatePlan': tool({ plan: text(40), seats: { type: 'number', minimum: 1 } }, ['plan']),
};
/** The tool names alone, for code that takes a list of names. */
export const BENCH_TOOLS = Object.keys(BENCH_TOOL_SCHEMAS);

/** Omni-IR string literal: only \\, \" and \n are escapes ([4.5]); the generators write no other control character. */
const oq = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function writer(seed) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const title = () => { const t = words(2 + Math.floor(r() * 3)); return t[0].toUpperCase() + t.slice(1); };
  /** Prose of about `len` UTF-16 units (at most `len`), with line breaks, quotes, backslashes and non-ASCII. */
  const prose = (len) => {
    const parts = [];
    let n = 0;
    while (n < len) {
      const x = r();
      const w = x < 0.06 ? pick(INTL) : x < 0.08 ? `"${pick(PROSE)}"` : x < 0.09 ? 'C:\\Users\\orders' : x < 0.1 ? '.\n\n' : pick(PROSE);
      if (n + w.length + 1 > len) break;
      parts.push(w);
      n += w.length + 1;
    }
    const s = parts.join(' ');
    return s[0].toUpperCase() + s.slice(1);
  };
  const money = () => Math.round(r() * 1e7) / 100;
  const lines = ['# omni-ir 0.8'];
  const json = [];
  let count = 0;
  // `args` and `props` as the JSON baseline holds them: a $key is {state: key}, as in makeScreen.
  const emit = (id, type, args, props, text) => {
    lines.push(text);
    json.push(JSON.stringify({ id, type, args, props }));
    count++;
  };
  const state = (key, value, text) => {
    lines.push(`${key} = ${text ?? JSON.stringify(value)}`);
    json.push(JSON.stringify({ state: key, value }));
  };
  const done = () => ({ text: lines.join('\n') + '\n', json: json.join('\n') + '\n', components: count });
  return { r, pick, int, words, title, prose, money, emit, state, done, get count() { return count; } };
}

/** Forms and governed actions: per section a Card with fields, a note, two Buttons and their McpMutations. */
export function makeActionScreen(seed, components = 1000) {
  const w = writer(seed);
  const { r, pick, int, title, prose, money, emit, state } = w;
  const nSections = Math.floor((components - 1) / 14);
  const sections = Array.from({ length: nSections }, (_, s) => `form${s}`);
  emit('root', 'Stack', [sections], { gap: 'lg' }, `root = Stack([${sections.join(', ')}], gap="lg")`);
  let k = 0;
  for (let s = 0; s < nSections; s++) {
    const kids = [];
    const body = [];
    const keys = [];
    const fields = int(3, 6);
    for (let f = 0; f < fields; f++) {
      const id = `field${s}_${f}`;
      const key = `$${pick(['name', 'email', 'note', 'city', 'agree', 'plan', 'when'])}${k++}`;
      const label = title();
      const kind = f % 4;
      kids.push(id);
      keys.push(key);
      if (kind === 0) {
        state(key, '');
        body.push(() => emit(id, 'Input', [{ state: key }], { label, placeholder: 'e.g. Zoë Müller', required: true, maxLength: 200 }, `${id} = Input(${key}, label=${oq(label)}, placeholder="e.g. Zoë Müller", required=true, maxLength=200)`));
      } else if (kind === 1) {
        const options = Array.from({ length: int(3, 8) }, () => title());
        state(key, options[0]);
        body.push(() => emit(id, 'Select', [{ state: key }], { label, options }, `${id} = Select(${key}, label=${oq(label)}, options=[${options.map(oq).join(', ')}])`));
      } else if (kind === 2) {
        state(key, r() < 0.5);
        body.push(() => emit(id, 'Switch', [{ state: key }], { label }, `${id} = Switch(${key}, label=${oq(label)})`));
      } else {
        const d = `2026-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
        state(key, d);
        body.push(() => emit(id, 'DateInput', [{ state: key }], { label, min: '2026-01-01' }, `${id} = DateInput(${key}, label=${oq(label)}, min="2026-01-01")`));
      }
    }
    const note = prose(int(200, 600));
    kids.push(`note${s}`);
    body.push(() => emit(`note${s}`, 'Text', [note], { tone: 'muted' }, `note${s} = Text(${oq(note)}, tone="muted")`));
    // Two governed Buttons per form: submit sends every field's $key and literals a tool takes beside them;
    // the second sends a few literals.
    for (const [b, keysIn] of [['send', keys], ['alt', []]]) {
      const btn = `${b}${s}`;
      const label = title();
      kids.push(btn);
      body.push(() => emit(btn, 'Button', [label], { action: b === 'send' ? 'submit' : 'saveDraft', variant: b === 'send' ? 'primary' : 'secondary' }, `${btn} = Button(${oq(label)}, action="${b === 'send' ? 'submit' : 'saveDraft'}", variant="${b === 'send' ? 'primary' : 'secondary'}")`));
      const pv = [];
      const pj = {};
      const put = (key, text, value) => { pv.push(`${key}: ${text}`); pj[key] = value; };
      keysIn.forEach((key, i) => put(`field${i}`, key, { state: key }));
      const extra = int(1, 6);
      for (let i = 0; i < extra; i++) {
        const x = r();
        const key = `${pick(['order', 'amount', 'reason', 'currency', 'express', 'coupon', 'comment', 'quantity'])}${i}`;
        if (x < 0.3) { const v = money(); put(key, String(v), v); }
        else if (x < 0.4) { const v = r() < 0.5; put(key, String(v), v); }
        else if (x < 0.45) put(key, 'null', null);
        else if (x < 0.7) { const v = `${int(1000, 99999)}`; put(key, oq(v), v); }
        else { const v = prose(int(80, 1200)); put(key, oq(v), v); }
      }
      const tool = pick(TOOLS);
      const mid = `${b}Do${s}`;
      body.push(() => emit(mid, 'McpMutation', [btn], { tool, params: pj }, `${mid} = McpMutation(${btn}, tool="${tool}", params={${pv.join(', ')}})`));
    }
    const t = title();
    emit(`form${s}`, 'Card', [kids], { title: t }, `form${s} = Card([${kids.join(', ')}], title=${oq(t)})`);
    for (const b of body) b();
  }
  while (w.count < components) emit(`pad${w.count}`, 'Divider', [], {}, `pad${w.count} = Divider()`);
  return w.done();
}

/** Long strings: articles (Heading, paragraphs near the text limit, a Notice) and chat transcripts. */
export function makeTextScreen(seed, components = 300) {
  const w = writer(seed);
  const { int, title, prose, emit } = w;
  const nSections = Math.floor((components - 1) / 11);
  const sections = Array.from({ length: nSections }, (_, s) => `part${s}`);
  emit('root', 'Stack', [sections], {}, `root = Stack([${sections.join(', ')}])`);
  for (let s = 0; s < nSections; s++) {
    const kids = Array.from({ length: 10 }, (_, i) => `p${s}_${i}`);
    const t = title();
    emit(`part${s}`, 'Card', [kids], { title: t }, `part${s} = Card([${kids.join(', ')}], title=${oq(t)})`);
    kids.forEach((id, i) => {
      if (i === 0) { const h = prose(int(30, 120)); emit(id, 'Heading', [h], { level: 2 }, `${id} = Heading(${oq(h)}, level=2)`); }
      else if (s % 2 === 1 && i < 9) {
        const m = prose(int(300, 2000));
        const from = i % 2 ? 'user' : 'assistant';
        emit(id, 'Message', [m], { from }, `${id} = Message(${oq(m)}, from="${from}")`);
      } else if (i === 9) {
        const n = prose(int(200, 1000));
        const nt = title();
        emit(id, 'Notice', [n], { tone: 'info', title: nt }, `${id} = Notice(${oq(n)}, tone="info", title=${oq(nt)})`);
      } else { const p = prose(int(1200, 2000)); emit(id, 'Text', [p], {}, `${id} = Text(${oq(p)})`); }
    });
  }
  while (w.count < components) emit(`pad${w.count}`, 'Divider', [], {}, `pad${w.count} = Divider()`);
  return w.done();
}

/** Tables: 8 columns, 100 to 200 rows each, cells of names (some non-ASCII), codes, counts and amounts. */
export function makeTableScreen(seed, components = 1000) {
  const w = writer(seed);
  const { r, pick, int, title, words, money, emit } = w;
  const COLS = ['Order', 'Customer', 'City', 'Status', 'Items', 'Subtotal', 'Tax', 'Total'];
  const tables = [];
  let left = components - 1;
  while (left > 0) {
    const rows = Math.min(left - 1, int(100, 200));
    if (rows < 1) break;
    tables.push(rows);
    left -= rows + 1;
  }
  const ids = tables.map((_, t) => `table${t}`);
  emit('root', 'Stack', [ids], {}, `root = Stack([${ids.join(', ')}])`);
  tables.forEach((n, t) => {
    const rows = Array.from({ length: n }, (_, i) => `row${t}_${i}`);
    emit(`table${t}`, 'Table', [COLS, rows], {}, `table${t} = Table([${COLS.map(oq).join(', ')}], [${rows.join(', ')}])`);
    for (const row of rows) {
      const sub = money();
      const cells = [`#${int(10000, 99999)}`, r() < 0.2 ? `${title()} ${pick(INTL)}` : title(), pick(INTL.slice(0, 13)), words(1), int(1, 40), sub, Math.round(sub * 19) / 100, -Math.round(r() * 1e5) / 100];
      emit(row, 'TableRow', [cells], {}, `${row} = TableRow([${cells.map((c) => (typeof c === 'string' ? oq(c) : String(c))).join(', ')}])`);
    }
  });
  while (w.count < components) emit(`pad${w.count}`, 'Divider', [], {}, `pad${w.count} = Divider()`);
  return w.done();
}

/** Charts: Bar and Line charts with 24 labels and 2 to 6 Series, Pie charts with 8 Slices. */
export function makeChartScreen(seed, components = 1000) {
  const w = writer(seed);
  const { r, int, title, emit } = w;
  const MONTHS = ['Jan 2025', 'Feb 2025', 'Mar 2025', 'Apr 2025', 'May 2025', 'Jun 2025', 'Jul 2025', 'Aug 2025', 'Sep 2025', 'Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026', 'Dec 2026'];
  const charts = [];
  const body = [];
  for (let c = 0; charts.length < 200 && w.count + body.length < components - 10; c++) {
    const id = `chart${c}`;
    charts.push(id);
    const t = title();
    if (c % 3 === 2) {
      const slices = Array.from({ length: 8 }, (_, i) => `slice${c}_${i}`);
      body.push(() => emit(id, 'PieChart', [t, slices], { format: 'percent' }, `${id} = PieChart(${oq(t)}, [${slices.join(', ')}], format="percent")`));
      for (const s of slices) {
        const name = title();
        const v = Math.round(r() * 10000) / 100;
        body.push(() => emit(s, 'Slice', [name, v], {}, `${s} = Slice(${oq(name)}, ${v})`));
      }
    } else {
      const type = c % 3 ? 'LineChart' : 'BarChart';
      const series = Array.from({ length: int(2, 6) }, (_, i) => `series${c}_${i}`);
      body.push(() => emit(id, type, [t, MONTHS, series], { format: 'currency', currency: 'EUR' }, `${id} = ${type}(${oq(t)}, [${MONTHS.map(oq).join(', ')}], [${series.join(', ')}], format="currency", currency="EUR")`));
      for (const s of series) {
        const name = title();
        const base = r() * 1e5;
        const values = MONTHS.map(() => Math.round((base + (r() - 0.3) * base) * 100) / 100);
        body.push(() => emit(s, 'Series', [name, values], {}, `${s} = Series(${oq(name)}, [${values.join(', ')}])`));
      }
    }
  }
  emit('root', 'Stack', [charts], { gap: 'lg' }, `root = Stack([${charts.join(', ')}], gap="lg")`);
  for (const b of body) b();
  while (w.count < components) emit(`pad${w.count}`, 'Divider', [], {}, `pad${w.count} = Divider()`);
  return w.done();
}

/**
 * Checkout, order and return flows as models write them when an app hands them real work: every governed Button
 * is followed at once by its McpMutation, whose params object holds 3 to 10 keys ($keys of the fields, ids,
 * amounts, flags, and some long texts: gift messages, delivery notes, return policies); each $key is declared on
 * the line just before the field that first uses it; each Card lists its children before they arrive, and root
 * lists the steps first. Steps rotate: order review (a table of items, a coupon, place order), shipping address,
 * returns (one Card per item, each with its own Request return and a Cancel order) and payment.
 */
export function makeCheckoutScreen(seed, components = 1000) {
  const w = writer(seed);
  const { r, pick, int, title, words, prose, money, emit, state } = w;
  const sections = [];
  const steps = [];
  let k = 0;
  // Components planned so far (they are written later, in the order models write them): root, the steps, the
  // ids handed out, and a McpMutation per governed Button.
  let planned = 1;
  const id = (p) => {
    planned++;
    return `${p}${k++}`;
  };
  const orderId = () => `A-${int(10000, 99999)}`;
  /** A field with its $key declared on the line just before it. */
  const field = (kids, type, key, value, args) => {
    const fid = id(type === 'Input' ? 'in' : type === 'Select' ? 'sel' : type === 'Switch' ? 'sw' : 'date');
    kids.push(fid);
    return () => {
      state(key, value);
      const label = title();
      const extra = args.text ? `, ${args.text}` : '';
      emit(fid, type, [{ state: key }], { label, ...args.props }, `${fid} = ${type}(${key}, label=${oq(label)}${extra})`);
    };
  };
  /** A Button and its McpMutation on the next line, with 3 to 10 params (the given ones first). */
  const governed = (kids, label, action, variant, toolName, given) => {
    const btn = id('btn');
    planned++;
    kids.push(btn);
    return () => {
      emit(btn, 'Button', [label], { action, variant }, `${btn} = Button(${oq(label)}, action="${action}", variant="${variant}")`);
      const pv = [];
      const pj = {};
      const put = (key, text, value) => { pv.push(`${key}: ${text}`); pj[key] = value; };
      for (const [key, v] of given) {
        if (typeof v === 'object' && v !== null) put(key, v.state, v);
        else put(key, typeof v === 'string' ? oq(v) : String(v), v);
      }
      for (let i = pv.length; i < Math.max(3, Math.min(10, given.length + int(0, 3))); i++) {
        const x = r();
        const key = `${pick(['deliveryNote', 'giftMessage', 'comment', 'reference', 'channel', 'locale'])}${i}`;
        if (x < 0.4) { const v = prose(int(200, 1500)); put(key, oq(v), v); }
        else if (x < 0.7) { const v = pick(['web', 'app', 'store', 'de-DE', 'en-GB']); put(key, oq(v), v); }
        else { const v = int(1, 99); put(key, String(v), v); }
      }
      const mid = `${btn}Do`;
      emit(mid, 'McpMutation', [btn], { tool: toolName, params: pj }, `${mid} = McpMutation(${btn}, tool="${toolName}", params={${pv.join(', ')}})`);
    };
  };
  // The largest step (four items to return) plans 34 components.
  for (let s = 0; planned + 34 < components; s++) {
    const step = `step${s}`;
    sections.push(step);
    planned++;
    const kids = [];
    const body = [];
    const kind = s % 4;
    const order = orderId();
    let t;
    if (kind === 0) {
      t = 'Review your order';
      const table = id('items');
      const rows = Array.from({ length: int(3, 12) }, () => id('item'));
      kids.push(table);
      let total = 0;
      body.push(() => emit(table, 'Table', [['Item', 'Qty', 'Price', 'Total'], rows], {}, `${table} = Table(["Item", "Qty", "Price", "Total"], [${rows.join(', ')}])`));
      for (const row of rows) {
        const q = int(1, 4);
        const price = money() / 100;
        const cells = [r() < 0.2 ? `${title()} ${pick(INTL)}` : title(), q, Math.round(price * 100) / 100, Math.round(q * price * 100) / 100];
        total += cells[3];
        body.push(() => emit(row, 'TableRow', [cells], {}, `${row} = TableRow([${cells.map((c) => (typeof c === 'string' ? oq(c) : String(c))).join(', ')}])`));
      }
      const sum = id('total');
      kids.push(sum);
      const tv = Math.round(total * 100) / 100;
      body.push(() => emit(sum, 'Text', [tv], { format: 'currency', currency: 'EUR', tone: 'strong' }, `${sum} = Text(${tv}, format="currency", currency="EUR", tone="strong")`));
      const coupon = `$coupon${s}`;
      body.push(field(kids, 'Input', coupon, '', { text: 'placeholder="e.g. SPRING25", maxLength=40', props: { placeholder: 'e.g. SPRING25', maxLength: 40 } }));
      body.push(governed(kids, 'Apply coupon', 'applyCoupon', 'secondary', 'cart.applyCoupon', [['cartId', `c-${order}`], ['code', { state: coupon }], ['currency', 'EUR']]));
      const email = `$email${s}`;
      body.push(field(kids, 'Input', email, '', { text: 'format="email", required=true', props: { format: 'email', required: true } }));
      const terms = `$terms${s}`;
      body.push(field(kids, 'Switch', terms, false, { text: 'required=true', props: { required: true } }));
      body.push(governed(kids, `Place order · €${tv.toFixed(2)}`, 'placeOrder', 'primary', 'orders.place', [['cartId', `c-${order}`], ['total', tv], ['currency', 'EUR'], ['email', { state: email }], ['acceptTerms', { state: terms }], ['express', r() < 0.5], ['giftMessage', prose(int(100, 900))]]));
    } else if (kind === 1) {
      t = 'Where should we send it?';
      const keys = ['name', 'street', 'city', 'postcode'].map((f) => [f, `$${f}${s}`]);
      for (const [, key] of keys) body.push(field(kids, 'Input', key, '', { text: 'required=true, maxLength=200', props: { required: true, maxLength: 200 } }));
      const country = `$country${s}`;
      const options = ['Germany', 'Austria', 'Switzerland', 'France', 'Italia', 'España', 'Nederland', 'Polska'];
      body.push(field(kids, 'Select', country, 'Germany', { text: `options=[${options.map(oq).join(', ')}]`, props: { options } }));
      const express = `$express${s}`;
      body.push(field(kids, 'Switch', express, false, { props: {} }));
      const when = `$when${s}`;
      body.push(field(kids, 'DateInput', when, `2026-0${int(1, 9)}-1${int(0, 9)}`, { text: 'min="2026-01-01"', props: { min: '2026-01-01' } }));
      body.push(governed(kids, 'Use this address', 'saveAddress', 'primary', 'shipping.changeAddress', [['orderId', order], ...keys.map(([f, key]) => [f, { state: key }]), ['country', { state: country }], ['express', { state: express }], ['instructions', prose(int(200, 1200))]]));
    } else if (kind === 2) {
      t = `Return items from order ${order}`;
      const items = int(2, 4);
      for (let i = 0; i < items; i++) {
        const card = id('ret');
        kids.push(card);
        const inner = [];
        const innerBody = [];
        const name = id('name');
        inner.push(name);
        const itemTitle = `${title()} — ${words(2)}`;
        innerBody.push(() => emit(name, 'Heading', [itemTitle], { level: 3 }, `${name} = Heading(${oq(itemTitle)}, level=3)`));
        const detail = id('detail');
        inner.push(detail);
        const d = prose(int(80, 300));
        innerBody.push(() => emit(detail, 'Text', [d], { tone: 'muted' }, `${detail} = Text(${oq(d)}, tone="muted")`));
        const reason = `$reason${s}_${i}`;
        const reasons = ['Damaged', 'Wrong size', 'Not as described', 'Arrived late', 'Changed my mind'];
        innerBody.push(field(inner, 'Select', reason, reasons[0], { text: `options=[${reasons.map(oq).join(', ')}], required=true`, props: { options: reasons, required: true } }));
        const qty = `$qty${s}_${i}`;
        innerBody.push(field(inner, 'Input', qty, '1', { text: 'format="number", maxLength=3', props: { format: 'number', maxLength: 3 } }));
        const note = `$note${s}_${i}`;
        innerBody.push(field(inner, 'Input', note, '', { text: 'lines=4, maxLength=2000', props: { lines: 4, maxLength: 2000 } }));
        innerBody.push(governed(inner, 'Request return', 'requestReturn', 'primary', 'orders.requestReturn', [['orderId', order], ['itemId', `i-${int(100, 999)}`], ['reason', { state: reason }], ['quantity', { state: qty }], ['note', { state: note }], ['refundTo', 'original'], ['pickup', r() < 0.5], ['policy', prose(int(300, 1500))]]));
        const ct = title();
        body.push(() => {
          emit(card, 'Card', [inner], { title: ct }, `${card} = Card([${inner.join(', ')}], title=${oq(ct)})`);
          for (const b of innerBody) b();
        });
      }
      body.push(governed(kids, 'Cancel the whole order', 'cancelOrder', 'danger', 'orders.cancel', [['orderId', order], ['reason', prose(int(100, 800))], ['notify', true]]));
    } else {
      t = 'Payment';
      const method = `$method${s}`;
      body.push(field(kids, 'Select', method, 'card', { text: 'options=["card", "paypal", "invoice"]', props: { options: ['card', 'paypal', 'invoice'] } }));
      const save = `$save${s}`;
      body.push(field(kids, 'Switch', save, true, { props: {} }));
      const billing = `$billing${s}`;
      body.push(field(kids, 'Input', billing, '', { text: 'format="email", required=true', props: { format: 'email', required: true } }));
      const due = money();
      body.push(governed(kids, `Pay €${due.toFixed(2)}`, 'pay', 'primary', 'payments.confirm', [['orderId', order], ['amount', due], ['currency', 'EUR'], ['method', { state: method }], ['saveCard', { state: save }], ['billingEmail', { state: billing }], ['statementNote', prose(int(20, 140))]]));
    }
    steps.push(() => {
      emit(step, 'Card', [kids], { title: t }, `${step} = Card([${kids.join(', ')}], title=${oq(t)})`);
      for (const b of body) b();
    });
  }
  emit('root', 'Stack', [sections], { gap: 'lg' }, `root = Stack([${sections.join(', ')}], gap="lg")`);
  for (const step of steps) step();
  while (w.count < components) emit(`pad${w.count}`, 'Divider', [], {}, `pad${w.count} = Divider()`);
  return w.done();
}

/**
 * Screens full of actions: per Card, a few $keys and sixteen governed Buttons, each followed at once by its
 * McpMutation, so McpMutations are nearly half the lines and most of the bytes. Each params object is nested in
 * its statement as the tool's schema has it (bench's BENCH_TOOL_SCHEMAS): the required keys and most others, of
 * the schema's types ($keys for what a person types, ids, amounts, currencies, enums, flags, null, and texts
 * with escapes and non-ASCII, most of them a few words, some up to 200 characters).
 */
export function makeMutationScreen(seed, components = 1000) {
  const w = writer(seed);
  const { r, pick, int, title, prose, money, emit, state } = w;
  const PER = 16;
  const KEYS = 3;
  const nSections = Math.floor((components - 1) / (1 + 2 * PER));
  const sections = Array.from({ length: nSections }, (_, s) => `card${s}`);
  emit('root', 'Stack', [sections], { gap: 'lg' }, `root = Stack([${sections.join(', ')}], gap="lg")`);
  const tools = Object.entries(BENCH_TOOL_SCHEMAS);
  /** A value of a param's schema: [Omni-IR text, the JSON baseline's value]; a $key where a person types it. */
  const value = (schema, keys) => {
    if (schema.enum) { const v = pick(schema.enum); return [oq(v), v]; }
    if ('const' in schema) return [String(schema.const), schema.const];
    if (schema.type === 'boolean') { const v = r() < 0.5; return [String(v), v]; }
    if (schema.type === 'number') { const v = schema.minimum === 1 ? int(1, 50) : money(); return [String(v), v]; }
    if (schema.pattern === '^[A-Z]{3}$') { const v = pick(['EUR', 'USD', 'GBP', 'CHF']); return [oq(v), v]; }
    if (schema.pattern) { const v = String(int(1, 999)); return [oq(v), v]; }
    const x = r();
    if (x < 0.5) { const key = pick(keys); return [key, { state: key }]; }
    if (x < 0.55) return ['null', null];
    const v = schema.maxLength <= 40 ? `A-${int(10000, 99999)}` : r() < 0.8 ? `${title()} ${pick(INTL)}` : prose(int(20, 200));
    return [oq(v), v];
  };
  for (let s = 0; s < nSections; s++) {
    const keys = Array.from({ length: KEYS }, (_, i) => `$${pick(['email', 'note', 'name', 'city'])}${s}_${i}`);
    for (const key of keys) state(key, '');
    const kids = Array.from({ length: PER }, (_, i) => `b${s}_${i}`);
    const t = title();
    emit(`card${s}`, 'Card', [kids], { title: t }, `card${s} = Card([${kids.join(', ')}], title=${oq(t)})`);
    for (const btn of kids) {
      const label = title();
      emit(btn, 'Button', [label], { action: 'send', variant: 'primary' }, `${btn} = Button(${oq(label)}, action="send", variant="primary")`);
      const [toolName, schema] = pick(tools);
      const pv = [];
      const pj = {};
      for (const [key, prop] of Object.entries(schema.properties)) {
        if (!schema.required.includes(key) && r() < 0.25) continue;
        const [text, v] = value(prop, keys);
        pv.push(`${key}: ${text}`);
        pj[key] = v;
      }
      emit(`${btn}Do`, 'McpMutation', [btn], { tool: toolName, params: pj }, `${btn}Do = McpMutation(${btn}, tool="${toolName}", params={${pv.join(', ')}})`);
    }
  }
  while (w.count < components) emit(`pad${w.count}`, 'Divider', [], {}, `pad${w.count} = Divider()`);
  return w.done();
}
