// ```html blocks: a page, exactly as written, in headless Chromium.
//
// The block is the page's body (a block that is a whole document, with its own <!doctype>, is the whole page);
// the runner adds only `<!doctype html>` and blank lines before it, so the page's line N is the README's line N
// and a problem names the README line it came from. It is served by the test server (browser.mjs) under the
// demo's strict Content-Security-Policy, its own inline scripts allowed by their hashes; `/node_modules/
// agentic-elements/…` is the package as built, the demo server answers the API, and test/readme/fixtures/public/
// the rest (`/my-model-output.txt`).
//
// One thing is added to the block's code: each inline module script ends with a call saying it has finished (its
// top-level awaits included), so the checks start when the example is done. It is put after a U+2028 (a line
// end to JavaScript, which closes a last-line comment, and not to HTML), so every line number stays the README's.
//
// Passing means: no problem the page watcher sees (page.mjs: errors, console errors, CSP violations, failed or
// refused requests), every custom element in its markup defined and upgraded, and each element's probe
// satisfied (probes.mjs: for <omni-screen>, it drew what the stream held, a generate() ended done, a chart shows
// the colour the page set, a governed press ran), and every output it shows (`// → …` on the line that logs it)
// what that line logged (shown.mjs).
import { policyFor } from '../browser.mjs';
import { openPage, assertNoProblems } from '../page.mjs';
import { checkDefined, customTagsIn, eventProblems, eventSummary, probeElements } from '../probes.mjs';
import { shownProblems } from '../shown.mjs';

/** The block with each inline module script's end marked (see above), and those scripts: [{index, line}]. */
export function markModuleScripts(block) {
  const scripts = [];
  const code = block.code.replace(/(<script\b([^>]*)>)([\s\S]*?)(<\/script>)/gi, (all, open, attrs, body, close, offset) => {
    if (/\bsrc\s*=/i.test(attrs) || !/\btype\s*=\s*["']?module\b/i.test(attrs)) return all;
    const index = scripts.length;
    scripts.push({ index, line: block.line + 1 + block.code.slice(0, offset).split('\n').length - 1 });
    return `${open}${body}\u2028;window.__readmeScriptDone?.(${index});${close}`;
  });
  return { code, scripts };
}

export async function runHtml(block, ctx) {
  const env = await ctx.browser();
  const whole = /^\s*<!doctype/i.test(block.code);
  const { code, scripts } = markModuleScripts(block);
  const html = `${whole ? '' : '<!doctype html>'}${'\n'.repeat(block.line)}${code}`;
  const url = env.put(`/__readme/L${block.line}.html`, html, { csp: policyFor(html) });
  const session = await openPage(env, url, { where: block.where, file: ctx.file, scripts });
  try {
    await session.settle().catch((error) => session.problems.push(error.message));
    const tags = customTagsIn(block.code);
    const undefinedTags = await checkDefined(session, tags);
    const probed = undefinedTags.length ? { problems: [], notes: [] } : await probeElements(session);
    const { events } = await session.record();
    await session.collectViolations();
    const shown = shownProblems(block, await session.logs(), ctx.file);
    assertNoProblems(block.where, [...session.problems, ...undefinedTags, ...probed.problems, ...eventProblems(events), ...shown], session.notes);
    return [`ran in Chromium under the demo's CSP; elements: ${tags.map((t) => `<${t}>`).join(', ') || 'none'}`, ...probed.notes, eventSummary(events)];
  } finally {
    await session.close();
  }
}
