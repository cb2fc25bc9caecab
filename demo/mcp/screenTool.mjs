// show_screen ([10.25], [10.27]): the tool whose one argument, screen, is Omni-IR text. Its description teaches
// the format, generated from the same catalog, tools and pictures as the parser that checks its argument; its
// result tells the model which lines were rejected, by line number and issue code, so it can call again with a
// corrected screen, while the view still shows every line that was accepted.

export const SCREEN_TOOL = 'show_screen';
export const SCREEN_RESOURCE_URI = 'ui://agentic-elements/screen';
export const MCP_APP_MIME = 'text/html;profile=mcp-app';

/** Codes found at the end of the stream ([7.4]): they reject no line, the line they name was accepted. */
const END_OF_STREAM = new Set([
  'dangling_ref',
  'missing_state',
  'missing_root',
  'root_not_component',
  'ungoverned_mutation',
  'mutation_target_not_interactive',
]);

/** The longest piece of a rejected line the result quotes back. */
const QUOTE_MAX = 200;

/**
 * The tool's description: the engine's toolDescription() (src/omni-ir/prompt.ts) from the app's tools and
 * pictures. An engine without it gets a short description that still names every catalog component, tool and
 * picture, so the model is never asked for something the parser rejects.
 */
export function describeScreenTool(engine, app) {
  if (typeof engine.toolDescription === 'function') {
    return engine.toolDescription({ tools: app.tools, assets: app.assets, pictures: app.pictures ?? [], argument: 'screen' });
  }
  const tools = Object.entries(app.tools).map(([name, t]) => `${name} (${t.description ?? ''})`);
  const pictures = Object.entries(app.assets).map(([name, a]) => `${name}${a.alt ? ` (${a.alt})` : ''}`);
  return [
    'Shows the person an interactive screen. Put the whole screen in the "screen" argument as Omni-IR text: one statement per line, either id = Component(arguments) or $key = value.',
    'Write root first, then the other lines top-down. Never nest calls: every component has its own line and is referred to by id in its parent\'s children list. Strings are in double quotes.',
    'A Button with action="…" runs a tool only through one McpMutation(buttonId, tool="…", params={…}) line.',
    `Components: ${engine.COMPONENT_NAMES.join(', ')}.`,
    `Tools for McpMutation: ${tools.join('; ') || 'none'}.`,
    `Pictures for Image and ListItem: ${pictures.join(', ') || 'none'}.`,
    'The result lists each rejected line with its line number and issue code; if there are any, call this tool again with the whole corrected screen.',
  ].join('\n');
}

/** The `_meta` key of the listing that holds the app's registries for the package's generic view. */
export const REGISTRY_META = 'io.omni-ir/registry';

/**
 * The tool as tools/list shows it: one string argument, linked to the view ([10.25]). With `viewRegistry`,
 * the listing also carries the app's registries for the view: a host hands the listing to the view it opens
 * (ui/initialize's hostContext.toolInfo.tool), so the package's generic page needs nothing written into it.
 */
export function screenToolListing(description, viewRegistry) {
  return {
    name: SCREEN_TOOL,
    title: 'Show a screen',
    description,
    inputSchema: {
      type: 'object',
      properties: {
        screen: { type: 'string', description: 'The whole screen as Omni-IR text: one statement per line.' },
      },
      required: ['screen'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // `ui.resourceUri` is MCP Apps' link to the view; "ui/resourceUri" is the flat key older hosts read.
    _meta: {
      ui: { resourceUri: SCREEN_RESOURCE_URI, visibility: ['model', 'app'] },
      'ui/resourceUri': SCREEN_RESOURCE_URI,
      ...(viewRegistry ? { [REGISTRY_META]: viewRegistry } : {}),
    },
  };
}

/**
 * Parses the screen as the view will, with the same registries, and sorts what the parser reported: lines it
 * rejected ([5.7]), problems found at the end (their lines were accepted) and warnings (accepted too).
 */
export function checkScreen(engine, registries, text) {
  const parser = engine.createOmniParser(registries);
  parser.write(text);
  parser.end();
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const issues = parser.issues.map((i) => ({
    line: i.line,
    code: i.code,
    severity: i.severity,
    message: i.message,
    ...(i.id !== undefined ? { id: i.id } : {}),
  }));
  const byLine = new Map();
  for (const issue of issues) {
    if (issue.severity !== 'error' || END_OF_STREAM.has(issue.code) || issue.line === null) continue;
    const entry = byLine.get(issue.line) ?? { line: issue.line, codes: [], text: quote(lines[issue.line - 1] ?? '') };
    if (!entry.codes.includes(issue.code)) entry.codes.push(issue.code);
    byLine.set(issue.line, entry);
  }
  const rejected = [...byLine.values()].sort((a, b) => a.line - b.line);
  const atEnd = issues.filter((i) => i.severity === 'error' && END_OF_STREAM.has(i.code));
  const warnings = issues.filter((i) => i.severity === 'warning');
  return { lines: lines.length, components: parser.document.ids().length, issues, rejected, atEnd, warnings };
}

function quote(line) {
  const t = line.trim();
  return t.length > QUOTE_MAX ? `${t.slice(0, QUOTE_MAX)}…` : t;
}

const where = (line) => (line === null ? 'the screen' : `line ${line}`);

/** The show_screen result ([10.27]): text for the model, and the same facts as structuredContent. */
export function screenResult(check) {
  const ok = check.rejected.length === 0 && check.atEnd.length === 0;
  const text = [];
  if (ok) {
    text.push(`The screen is shown: ${check.lines} lines, ${check.components} components, no errors.`);
  } else {
    text.push(`The screen is shown, with the parts that were accepted (${check.components} components).`);
    if (check.rejected.length > 0) {
      text.push(`${check.rejected.length} line${check.rejected.length === 1 ? ' was' : 's were'} rejected and had no effect:`);
      for (const r of check.rejected) {
        const messages = check.issues.filter((i) => i.line === r.line && r.codes.includes(i.code)).map((i) => i.message);
        text.push(`- line ${r.line}: ${r.codes.join(', ')}: ${messages.join(' ')}  [${r.text}]`);
      }
    }
    if (check.atEnd.length > 0) {
      text.push('Problems found at the end of the screen:');
      for (const i of check.atEnd) text.push(`- ${where(i.line)}: ${i.code}: ${i.message}`);
    }
    text.push('Call show_screen again with the whole corrected screen.');
  }
  if (check.warnings.length > 0) {
    text.push('Warnings (these lines were accepted):');
    for (const w of check.warnings) text.push(`- ${where(w.line)}: ${w.code}: ${w.message}`);
  }
  return {
    content: [{ type: 'text', text: text.join('\n') }],
    structuredContent: {
      ok,
      lines: check.lines,
      components: check.components,
      rejected: check.rejected,
      issues: check.issues,
    },
  };
}
