// Every recorded screen parses with no issue at all through the engine's parser with the demo's registry, and
// every update the app writes (an action's result, a live step, a catch-up) applies to its screen cleanly.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createOmniParser } from '../../src/entries/omni-ir.ts';
import { screens } from '../../demo/server/model/index.mjs';
import { parserRegistries } from '../../demo/server/registry.mjs';
import { orderLines, STEPS } from '../../demo/server/orders.mjs';
import { start, person, generate, mutate, follow } from './helpers.mjs';

const issuesOf = (list) => list.map((i) => `line ${i.line}: ${i.code} ${i.message}`);

function parse(text) {
  const parser = createOmniParser(parserRegistries());
  parser.write(text);
  parser.end();
  return parser;
}

function apply(parser, text, what) {
  const result = parser.update(text);
  assert.deepEqual(issuesOf(result.issues), [], `${what}: ${text}`);
  assert.equal(result.applied, true, what);
}

let server;
before(async () => {
  server = await start({ orderStepMs: 30, dashboardTickMs: 100, liveLogSize: 1 });
});
after(() => server.close());

for (const [name, { text }] of Object.entries(screens)) {
  test(`the recorded ${name} screen parses with no issue, with the version marker the server adds`, () => {
    const parser = parse(`# omni-ir 0.8\n${text}`);
    assert.deepEqual(issuesOf(parser.issues), []);
    assert.deepEqual(parser.result().missing, []);
    assert.ok(parser.document.node('root'));
  });

  test(`the recorded ${name} screen parses the same in pieces as the server streams it`, async () => {
    const { text: streamed } = await generate(server, { payment: 'pay', signin: 'sign in', order: 'order', dashboard: 'sales dashboard', settings: 'settings', menu: 'hello' }[name], { headers: await person(server) });
    const parser = createOmniParser(parserRegistries());
    for (const piece of streamed.match(/[\s\S]{1,7}/g)) parser.write(piece);
    parser.end();
    assert.deepEqual(issuesOf(parser.issues), []);
    assert.deepEqual(parser.result(), parse(`# omni-ir 0.8\n${text}`).result());
  });
}

test('the screens use every field kind, every chart, a table, tabs, pictures and every governed tool', () => {
  const all = Object.values(screens).map((s) => s.text).join('\n');
  for (const kind of ['Input(', 'DateInput(', 'Select(', 'Switch(', 'BarChart(', 'LineChart(', 'PieChart(', 'Table(', 'Tabs(', 'Image(', 'List(']) {
    assert.ok(all.includes(kind), kind);
  }
  for (const format of ['email', 'phone', 'url', 'number']) assert.ok(all.includes(`format="${format}"`), format);
  for (const prop of ['minLength=', 'maxLength=', 'lines=', 'min="', 'max="', 'required=true']) assert.ok(all.includes(prop), prop);
  for (const tool of parserRegistries().tools) assert.ok(all.includes(`tool="${tool}"`), tool);
});

test('each action’s update applies to the screen its button is on', async () => {
  const me = await person(server);
  const cases = [
    ['payment', { tool: 'payments.confirm', params: { amount: 42.5, note: 'He said "table 4"\\ \n ok' }, button: 'confirm' }],
    ['signin', { tool: 'auth.sendMagicLink', params: { email: 'ada@example.com' }, button: 'send' }],
    ['order', { tool: 'orders.requestReturn', params: { order: '1042' }, button: 'ret' }],
    [
      'settings',
      {
        tool: 'settings.save',
        params: { name: 'Ada', bio: '', birthday: '', experience: '', email: 'ada@example.com', phone: '', website: '', country: 'Ireland', language: 'Deutsch', newsletter: false, terms: true },
        button: 'save',
      },
    ],
  ];
  for (const [name, call] of cases) {
    const r = await mutate(server, { ...call, headers: me });
    assert.equal(r.status, 200, `${name}: ${r.text}`);
    const parser = parse(screens[name].text);
    apply(parser, r.json.update, name);
    if (name !== 'settings') {
      assert.equal(parser.document.node(call.button).type, 'Notice', 'the button became a Notice');
      assert.equal(parser.document.mutation(call.button), undefined, 'and lost its McpMutation');
    }
  }
});

test('each delivery step’s update applies in order, also after the return was requested', () => {
  const parser = parse(screens.order.text);
  apply(parser, 'ret = Notice("Return requested", tone="success")\n', 'return');
  const order = { times: {} };
  for (const status of STEPS.slice(1)) {
    order.status = status;
    order.times[status] = new Date();
    const lines = orderLines(order);
    apply(parser, lines.map(([, l]) => l).join('\n') + '\n', status);
  }
  assert.equal(parser.document.node('status').props.text, 'Delivered');
});

test('the live feed’s updates and its catch-up apply to the screen', async () => {
  const me = await person(server);
  const { events } = await generate(server, 'sales dashboard', { headers: me });
  const id = events.find((e) => e.event === 'live').data.screen;
  const s = server.internals.live.get(id);
  while (s.seq < 3) await new Promise((r) => setTimeout(r, 20));
  const catchUp = await follow(server, id, 0, me, { until: (ev) => ev.length >= 1 });
  const parser = parse(screens.dashboard.text);
  apply(parser, catchUp.events[0].data.text, 'catch-up');
  assert.equal(typeof parser.document.state('$hourSales'), 'number');

  const order = await generate(server, 'Where is my order?', { headers: me });
  const orderId = order.events.find((e) => e.event === 'live').data.screen;
  const feed = await follow(server, orderId, 0, me);
  const orderParser = parse(screens.order.text);
  for (const e of feed.events.filter((e) => e.event === 'update')) apply(orderParser, e.data.text, `order update ${e.data.seq}`);
});

test('10.38: the server checks each live update against its own copy of the screen and never sends a bad one', async () => {
  const engine = await import('../../src/entries/omni-ir.ts');
  const logs = [];
  const checked = await start({ engine, dashboardTickMs: 60_000, liveMinGapMs: 0, log: (l) => logs.push(l) });
  try {
    const me = await person(checked);
    const { events } = await generate(checked, 'sales dashboard', { headers: me });
    const s = checked.internals.live.get(events.find((e) => e.event === 'live').data.screen);
    checked.internals.live.push(s, [['kHourValue', 'kHourValue = Texte("nope")']]);
    checked.internals.live.push(s, [['$hourSales', '$hourSales = 99.5']]);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(s.seq, 1, 'only the good update was sent');
    assert.deepEqual(s.log.map((u) => u.text), ['$hourSales = 99.5\n']);
    assert.ok(logs.some((l) => /unknown_component/.test(l)));
  } finally {
    await checked.close();
  }
});
