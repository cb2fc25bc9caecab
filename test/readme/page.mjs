// One README example's page in Chromium, watched: what counts as a problem, when the page has settled, and what
// its elements fired.
//
// Problems: an uncaught error or rejection, a console error (a Vue warning counts: it is Vue's error channel in
// development), a Content-Security-Policy violation, a request that failed or was answered 400 or more (a missing
// script, an API call the server refused). The page's own line numbers are the README's (the runners pad the
// page so they match), so a problem says which README line it came from.
//
// Settled: the load event has fired, every module script the runner said to wait for has finished (top-level
// awaits included; an uncaught error ends the wait, and is a problem), no request is in flight, and nothing is
// aria-busy (in shadow roots too), for half a second in a row. While a script is still running, the test is the
// person: a confirmation dialog that opens (<ae-confirm-dialog>, which every element uses to ask before a risky
// action) is answered yes. A request the page fetched counts as answered once its headers arrived, an event
// stream at once (a live feed stays open) and any other a second later: Chromium never finishes a fetch whose
// body nobody reads, and a body being read into an element shows as aria-busy.
//
// The recorder (an init script, which the page's CSP doesn't apply to) keeps every event a custom element
// dispatches whose name has a dash (`omni-end`, `ax-step`…) with its fields, and counts the listeners added
// for such events on custom elements and how often each ran: how a framework's event binding is seen to work.

/** Runs in the page before its own scripts. */
function recorder() {
  const log = { violations: [], events: [], added: {}, ran: {}, finished: [] };
  Object.defineProperty(window, '__readme', { value: log });
  // Called at the very end of each of the example's inline module scripts (html.mjs adds the call).
  Object.defineProperty(window, '__readmeScriptDone', { value: (n) => log.finished.push(n) });
  document.addEventListener('securitypolicyviolation', (e) =>
    log.violations.push({ text: `${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}${e.sample ? ` (${e.sample})` : ''}`, line: e.lineNumber }),
  );
  const isCustom = (target) => target instanceof Element && target.localName.includes('-');
  const plain = (value, depth = 0) => {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
    if (typeof value === 'function') return '[function]';
    if (typeof value !== 'object' || depth > 4) return undefined;
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (value instanceof Node) return `<${value.nodeName.toLowerCase()}>`;
    if (Array.isArray(value)) return value.slice(0, 50).map((v) => plain(v, depth + 1));
    const out = {};
    for (const key of Object.keys(value).slice(0, 50)) out[key] = plain(value[key], depth + 1);
    return out;
  };
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (event) {
    if (isCustom(this) && event.type.includes('-')) {
      const fields = {};
      for (const key of Object.keys(event)) fields[key] = plain(event[key]);
      log.events.push({ type: event.type, tag: this.localName, id: this.id, fields });
    }
    return dispatch.call(this, event);
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const wrappers = new WeakMap();
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (!isCustom(this) || typeof type !== 'string' || !type.includes('-') || !listener) return add.call(this, type, listener, options);
    const key = `${this.localName}:${type}`;
    log.added[key] = (log.added[key] ?? 0) + 1;
    let wrapper = wrappers.get(listener);
    if (!wrapper) {
      wrapper = function (event) {
        const ran = `${this.localName}:${event.type}`;
        log.ran[ran] = (log.ran[ran] ?? 0) + 1;
        return typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
      };
      wrappers.set(listener, wrapper);
    }
    return add.call(this, type, wrapper, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, (listener && wrappers.get(listener)) ?? listener, options);
  };
}

/** In the page: whether anything, in any shadow root, is aria-busy, and which scripts have finished. */
function pageState() {
  const busy = (rootNode) => {
    if (rootNode.querySelector('[aria-busy="true"]')) return true;
    for (const el of rootNode.querySelectorAll('*')) if (el.shadowRoot && busy(el.shadowRoot)) return true;
    return false;
  };
  return { busy: busy(document), finished: window.__readme.finished };
}

/**
 * Opens `url` in a fresh context (its own cookies) and watches it. `where`: "README.md:LINE", for messages;
 * `pageLines`: whether the page's line numbers are the README's (`file`).
 */
export async function openPage(env, url, { where, pageLines = true, file = 'README.md', scripts = [] } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1024, height: 800 }, reducedMotion: 'reduce' });
  await context.addInitScript(recorder);
  const page = await context.newPage();
  const problems = [];
  const notes = [];
  const at = (location) => {
    if (!location?.url) return '';
    if (pageLines && location.url.split('?')[0] === url) return ` (${file}:${location.lineNumber + 1})`;
    return ` (${location.url.replace(env.url, '')}:${location.lineNumber + 1})`;
  };
  let uncaught = false;
  page.on('pageerror', (error) => {
    uncaught = true;
    const line = pageLines && new RegExp(`${url.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')}:(\\d+)`).exec(error.stack ?? '');
    problems.push(`uncaught ${error.name ?? 'error'}: ${error.message}${line ? ` (${file}:${line[1]})` : ''}`);
  });
  // Each console.log with the README line it came from and the values it was given, for the outputs the README
  // shows (shown.mjs); a value that can't be had as JSON is its text.
  const logs = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'log') {
      const { url: from, lineNumber } = message.location() ?? {};
      const line = pageLines && from?.split('?')[0] === url ? lineNumber + 1 : null;
      logs.push(Promise.all(message.args().map((h) => h.jsonValue().catch(() => h.toString()))).then((args) => ({ line, args }), () => ({ line, args: [text] })));
    }
    // A CSP violation or a failed load is reported once, from its event (collectViolations, the request and
    // response listeners), not again from its console line.
    if (message.type() === 'error' && (/Content Security Policy/.test(text) || text.startsWith('Failed to load resource'))) return;
    if (message.type() === 'error') problems.push(`console error: ${text}${at(message.location())}`);
    else if (message.type() === 'warning' && text.startsWith('[Vue warn]')) problems.push(`${text}${at(message.location())}`);
    // The chart probe's own pixel reads make Chromium suggest willReadFrequently: that is the test, not the example.
    else if (!text.includes('willReadFrequently')) notes.push(`console.${message.type()}: ${text}`);
  });
  const inFlight = new Map();
  const answered = new Map();
  page.on('request', (request) => inFlight.set(request, request.url()));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => {
    inFlight.delete(request);
    const failure = request.failure()?.errorText ?? 'failed';
    // A stream the page itself stops (reset(), a page closing) is not a failure of the example.
    if (!/ERR_ABORTED/.test(failure)) problems.push(`request failed: ${request.method()} ${request.url().replace(env.url, '')}: ${failure}`);
  });
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.startsWith('text/event-stream')) inFlight.delete(response.request());
    else if (['fetch', 'xhr'].includes(response.request().resourceType())) answered.set(response.request(), Date.now());
    if (response.status() < 400) return;
    const i = problems.push(`${response.request().method()} ${response.url().replace(env.url, '')} was answered ${response.status()}`) - 1;
    // Its body says why (an API's error), when it can be had: not for one the page never reads.
    const body = await Promise.race([response.text().catch(() => ''), new Promise((r) => setTimeout(() => r(''), 500))]);
    if (body) problems[i] += `: ${body.slice(0, 300)}`;
  });

  await page.goto(url, { waitUntil: 'load' });

  return {
    page,
    problems,
    notes,
    /** Waits until the page has settled (see the top of this file); throws, saying what is still going, if it doesn't. */
    async settle(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      let quietSince = 0;
      for (;;) {
        for (const [request, when] of answered) if (Date.now() - when > 1000) inFlight.delete(request);
        const { busy, finished } = await page.evaluate(pageState);
        const running = uncaught ? [] : scripts.filter((s) => !finished.includes(s.index));
        const quiet = inFlight.size === 0 && !busy && running.length === 0;
        if (!quiet) quietSince = 0;
        else if (!quietSince) quietSince = Date.now();
        else if (Date.now() - quietSince >= 500) return;
        if (running.length) await this.approve();
        if (Date.now() > until) {
          const going = [...inFlight.values()].map((u) => u.replace(env.url, ''));
          const why = [
            ...running.map((s) => `the module script at ${file}:${s.line} hasn't finished (is it awaiting something that never comes?)`),
            ...(busy ? ['something is still aria-busy'] : []),
            ...(going.length ? [`requests in flight: ${going.join(', ')}`] : []),
          ];
          throw new Error(`${where}: the page did not settle within ${timeoutMs / 1000} s: ${why.join('; ')}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** The person says yes to a confirmation dialog that is open now, if there is one. */
    async approve() {
      const yes = page.locator('ae-confirm-dialog [part="confirm"]').filter({ visible: true });
      if ((await yes.count()) === 0) return false;
      await yes.first().click();
      notes.push('the person said yes to a confirmation dialog');
      return true;
    },
    /** Every console.log so far: [{line, args}] (`line` the README's, null when not from the page's own code). */
    logs: () => Promise.all(logs),
    /** What the page's custom elements dispatched, and their listeners: see recorder(). */
    record: () => page.evaluate(() => JSON.parse(JSON.stringify(window.__readme))),
    /** Every CSP violation so far joins the problems. */
    async collectViolations() {
      const { violations } = await page.evaluate(() => window.__readme);
      for (const v of violations) {
        const text = `CSP: ${v.text}${pageLines && v.line ? ` (${file}:${v.line})` : ''}`;
        if (!problems.includes(text)) problems.push(text);
      }
    },
    close: () => context.close(),
  };
}

/** Throws one error listing every problem, each on its own line, or returns quietly. */
export function assertNoProblems(where, problems, notes = []) {
  if (!problems.length) return;
  const seen = [...new Set(problems)];
  const tail = notes.length ? `\n  (the page also said: ${notes.slice(-10).join(' | ')})` : '';
  throw new Error(`${where}: the example ${seen.length === 1 ? 'has a problem' : `has ${seen.length} problems`}:\n  - ${seen.join('\n  - ')}${tail}`);
}
