// What the README test checks an example's elements did, once its page has settled.
//
// Every custom element the example's markup uses must be defined and upgraded (a script that failed to load
// leaves a plain unknown element, which draws nothing and throws nothing).
//
// Then each element with a probe in PROBES is looked at. A new element adds its probe here (what "it did what
// the example says" means for it); an element without one gets the generic checks above and below only.
//
// `<omni-screen>`, when something was streamed into it (write(), stream() or generate()):
//  - the stream ended, without "the connection was lost", and without an error issue;
//  - the screen shows what the stream contained: each Text, Heading, Button, Badge and Card reachable from root
//    shows its words (those with a number, currency or date format aside, which are shown formatted);
//  - every generate() it ran ended `done`;
//  - each chart in it is drawn in the theme's current series colour (`--ae-chart-1` where the page set it), so a
//    colour the page changed reached the canvas (refreshTheme());
//  - when it has a handler or an endpoint, its first governed Button is pressed (and confirmed, when it asks),
//    and the press must end in `omni-action`: the handler or the server ran it.
// Events the page's elements fired are checked by type wherever they come from: an `omni-generate-end` whose
// outcome isn't done, an `omni-action-error`, an `omni-blocked` or an `omni-update` that was rejected is a problem.

/** Tags with a dash in the example's markup (not in its scripts). */
export function customTagsIn(html) {
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  return [...new Set([...markup.matchAll(/<([a-z][a-z0-9]*-[a-z0-9-]*)\b/g)].map((m) => m[1]))];
}

/** Each tag is defined and every element of it upgraded; returns problems. */
export async function checkDefined(session, tags) {
  return session.page.evaluate((tags) => {
    const out = [];
    for (const tag of tags) {
      const ctor = customElements.get(tag);
      if (!ctor) out.push(`<${tag}> is used but was never defined: did the script that defines it load? (see the errors above)`);
      else if ([...document.querySelectorAll(tag)].some((el) => !(el instanceof ctor))) out.push(`<${tag}> is defined but an element of it was not upgraded`);
    }
    return out;
  }, tags);
}

/** Events that say an example didn't do what it meant to, wherever they came from. */
export function eventProblems(events) {
  const out = [];
  for (const e of events) {
    if (e.type === 'omni-generate-end' && e.fields.outcome?.status !== 'done') {
      out.push(`<${e.tag}>.generate(${JSON.stringify(e.fields.prompt)}) ended ${JSON.stringify(e.fields.outcome)}`);
    }
    if (e.type === 'omni-action-error') out.push(`<${e.tag}> press of ${e.fields.tool ?? 'a tool'} failed: ${JSON.stringify(e.fields.error ?? e.fields)}`);
    if (e.type === 'omni-blocked') out.push(`<${e.tag}> press was stopped before its handler: ${JSON.stringify(e.fields)}`);
    if (e.type === 'omni-update' && e.fields.result?.applied === false) {
      out.push(`<${e.tag}> rejected an update (from ${e.fields.source}): ${JSON.stringify(e.fields.text)}: ${JSON.stringify(e.fields.result.issues ?? e.fields.result)}`);
    }
  }
  return out;
}

/** "omni-end ×1, omni-action ×1": what the page's elements fired, for the test's notes. */
export function eventSummary(events) {
  const counts = new Map();
  // Lit's context protocol (context-request, context-provider) is the elements talking among themselves.
  for (const e of events) if (!e.type.startsWith('context-')) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return counts.size ? `events fired: ${[...counts].map(([type, n]) => `${type} ×${n}`).join(', ')}` : 'no element event fired';
}

/** Runs the probe of every element that has one; returns {problems, notes}. */
export async function probeElements(session) {
  const problems = [];
  const notes = [];
  for (const [tag, probe] of Object.entries(PROBES)) {
    const count = await session.page.locator(tag).count();
    for (let i = 0; i < count; i++) {
      const found = await probe(session, session.page.locator(tag).nth(i), `<${tag}>${count > 1 ? ` #${i + 1}` : ''}`);
      problems.push(...found.problems);
      notes.push(...found.notes);
    }
  }
  return { problems, notes };
}

/** In the page: what an <omni-screen> holds and shows. */
function inspectOmniScreen(el) {
  const doc = el.document;
  if (!doc) return { fed: false };
  const textOf = (node) => {
    let text = '';
    const walk = (n) => {
      if (n.nodeType === Node.TEXT_NODE) text += `${n.data} `;
      if (n.shadowRoot) walk(n.shadowRoot);
      for (const child of n.childNodes) walk(child);
    };
    walk(node);
    return text.replace(/\s+/g, ' ');
  };
  const shown = textOf(el.shadowRoot);
  const words = [];
  let governed = null;
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    const node = doc.node(id);
    if (!node) return;
    const formatted = node.props.format && node.props.format !== 'plain';
    if (['Text', 'Heading', 'Button', 'Badge', 'Card'].includes(node.type) && !formatted) {
      for (const key of ['text', 'label', 'title']) {
        if (typeof node.props[key] === 'string') words.push({ id, key, value: node.props[key].replace(/\s+/g, ' ').trim() });
      }
    }
    if (node.type === 'Button' && !governed && doc.mutation(id)) governed = { id, tool: doc.mutation(id).tool };
    for (const child of node.children) visit(child);
  };
  visit('root');
  return {
    fed: true,
    ended: doc.ended,
    connectionLost: Boolean(el.shadowRoot.querySelector('[part~="connection-notice"]')),
    errors: el.issues.filter((i) => i.severity === 'error').map((i) => `line ${i.line}: ${i.code}: ${i.message}`),
    missing: words.filter((w) => !shown.includes(w.value)).map((w) => `${w.id}.${w.key} "${w.value}"`),
    drawn: words.length,
    governed,
    canPress: typeof el.handler === 'function' || Boolean(el.endpoint || el.mutateEndpoint),
  };
}

/** In the page: every <ae-chart> inside `el` (shadow roots included) and whether its canvas shows its series colour. */
function chartColours(el) {
  const charts = [];
  const find = (n) => {
    for (const child of n.querySelectorAll('*')) {
      if (child.localName === 'ae-chart') charts.push(child);
      if (child.shadowRoot) find(child.shadowRoot);
    }
  };
  find(el.shadowRoot);
  const probe = document.createElement('canvas').getContext('2d');
  const rgb = (colour) => {
    probe.fillStyle = '#000';
    probe.fillStyle = colour;
    const hex = probe.fillStyle;
    return /^#[0-9a-f]{6}$/i.test(hex) ? [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) : null;
  };
  return charts.map((chart) => {
    const style = getComputedStyle(chart);
    const asked = style.getPropertyValue('--ae-chart-1').trim();
    const colour = asked || style.getPropertyValue('--_chart-1').trim();
    const want = rgb(colour);
    const canvas = chart.shadowRoot?.querySelector('canvas');
    if (!canvas || !want || !canvas.width) return { colour, drawn: false, has: false };
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let has = false;
    for (let i = 0; i < data.length && !has; i += 4) {
      has = data[i + 3] > 200 && Math.abs(data[i] - want[0]) < 10 && Math.abs(data[i + 1] - want[1]) < 10 && Math.abs(data[i + 2] - want[2]) < 10;
    }
    return { colour, asked: Boolean(asked), drawn: true, has };
  });
}

async function probeOmniScreen(session, screen, name) {
  const problems = [];
  const notes = [];
  const info = await screen.evaluate(inspectOmniScreen);
  if (!info.fed) {
    notes.push(`${name}: nothing was streamed into it`);
    return { problems, notes };
  }
  if (!info.ended) problems.push(`${name}: its stream never ended`);
  if (info.connectionLost) problems.push(`${name}: the screen says the connection was lost`);
  for (const e of info.errors) problems.push(`${name}: the stream has an error issue, ${e}`);
  for (const m of info.missing) problems.push(`${name}: the stream holds ${m} but the screen doesn't show it`);
  notes.push(`${name}: drew ${info.drawn} texts from the stream`);

  // Charts: drawn (chart.js loads on the first one) in the colour the theme has now.
  const deadline = Date.now() + 10_000;
  let charts = await screen.evaluate(chartColours);
  while (charts.some((c) => !c.has) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    charts = await screen.evaluate(chartColours);
  }
  for (const [i, c] of charts.entries()) {
    if (!c.drawn) problems.push(`${name}: chart ${i + 1} was never drawn`);
    else if (!c.has) problems.push(`${name}: chart ${i + 1} is not drawn in ${c.asked ? 'the --ae-chart-1 the page set' : 'the theme\'s first series colour'} (${c.colour}): did refreshTheme() run after the change?`);
    else notes.push(`${name}: chart ${i + 1} drawn in ${c.colour}`);
  }

  const pressed = await pressGoverned(session, screen, name, info);
  return { problems: [...problems, ...pressed.problems], notes: [...notes, ...pressed.notes] };
}

/**
 * Presses the screen's first governed Button, as a person would (a click, and yes to the confirmation), when the
 * screen has a handler or an endpoint to run it; the press must end in omni-action (omni-action-error and
 * omni-blocked are reported by eventProblems()).
 */
async function pressGoverned(session, screen, name, info = null) {
  const problems = [];
  const notes = [];
  info ??= await screen.evaluate(inspectOmniScreen);
  if (!info.fed || !info.governed || !info.canPress) return { problems, notes };
  const before = (await session.record()).events.length;
  try {
    await screen.locator(`[data-omni-button="${info.governed.id}"]`).click({ timeout: 5000 });
  } catch (error) {
    problems.push(`${name}: its governed Button "${info.governed.id}" couldn't be pressed: ${error.message.split('\n')[0]}`);
    return { problems, notes };
  }
  const confirm = screen.locator('ae-confirm-dialog [part="confirm"]');
  try {
    await confirm.waitFor({ state: 'visible', timeout: 2000 });
    await confirm.click();
  } catch {
    // This tool asks for no confirmation.
  }
  const until = Date.now() + 10_000;
  let outcome = null;
  while (!outcome && Date.now() < until) {
    const { events } = await session.record();
    outcome = events.slice(before).find((e) => ['omni-action', 'omni-action-error', 'omni-blocked'].includes(e.type));
    if (!outcome) await new Promise((r) => setTimeout(r, 100));
  }
  if (!outcome) problems.push(`${name}: pressing "${info.governed.id}" (${info.governed.tool}) came to nothing within 10 s`);
  else if (outcome.type === 'omni-action') notes.push(`${name}: pressed "${info.governed.id}": ${info.governed.tool} ran, result ${JSON.stringify(outcome.fields.result)}`);
  await session.settle().catch((error) => problems.push(error.message));
  return { problems, notes };
}

export const PROBES = {
  'omni-screen': probeOmniScreen,
};

/**
 * How to make an element do something for real in the framework tests, once the framework has mounted it:
 * `fire` runs in the page and makes it fire its events (`types`: the events the block listens for); `then`, from
 * Node, uses what the component gave it (such as pressing a Button, which runs its handler). An element without
 * a trigger is sent a plain Event of each type instead.
 */
export const TRIGGERS = {
  'omni-screen': {
    // A short screen with a governed Button and one unknown component: omni-issue for it, then omni-end.
    fire: () => {
      for (const el of document.querySelectorAll('omni-screen')) {
        el.write(
          'root = Stack([hello, go])\nhello = Text("Hello from the README test")\ngo = Button("Pay 5 USD", action="pay")\n' +
            'pay = McpMutation(go, tool="payments.confirm", params={amount: 5, note: "README"})\nodd = Nope("x")\n',
        );
        el.end();
      }
    },
    // Press it: the component's handler runs (when its registries allow the tool).
    then: (session, screen, name) => pressGoverned(session, screen, name),
  },
};
