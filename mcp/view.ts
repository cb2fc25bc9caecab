/**
 * The Omni-IR view for MCP Apps hosts ([10.25]–[10.28], [10.35]): an `<omni-screen>` in the host's sandboxed
 * frame that draws the `screen` argument of a show_screen call while the host's model is still writing it, and
 * sends the presses of its governed Buttons back through the host as `tools/call`.
 *
 * The page the package ships (dist/mcp-view.html) is generic: it carries the parser, the catalog and the
 * elements, and takes the app's registries (tools, confirmations, pictures, components) from the server at run
 * time, as data, in one of two places (see `McpViewOptions.registry`). Pictures come as data: URLs, so the
 * view never touches the network and works under the hosts' default policy that allows none.
 */
import type { AppComponentView, OmniAction, OmniActionResult, OmniScreenElement, Picture, PictureFamily, ToolSchema } from '../elements/omni-screen/index.js';
import { createMcpAppsView, newIdempotencyKey, type McpAppsView } from '../src/omni-ir/transport/index.js';
import { TOOL_INPUT, TOOL_INPUT_PARTIAL } from '../src/transport/index.js';
import { hasOwn, isJsonObject } from '../src/stream/index.js';
import { createHostBridge, type HostBridge, type HostEndpoint } from './hostBridge.js';

/** The MCP Apps protocol version this view speaks (SEP-1865, "MCP Apps"). */
export const MCP_APPS_PROTOCOL_VERSION = '2026-01-26';

export const UI_INITIALIZE = 'ui/initialize';
export const UI_INITIALIZED = 'ui/notifications/initialized';
export const TOOL_RESULT = 'ui/notifications/tool-result';
export const TOOL_CANCELLED = 'ui/notifications/tool-cancelled';
export const HOST_CONTEXT_CHANGED = 'ui/notifications/host-context-changed';
export const SIZE_CHANGED = 'ui/notifications/size-changed';
export const RESOURCE_TEARDOWN = 'ui/resource-teardown';

/** The `_meta` keys of a press ([10.28], [10.35]). */
export const IDEMPOTENCY_META = 'io.omni-ir/idempotency-key';
export const BUTTON_META = 'io.omni-ir/button';
/** The `_meta` key of the show_screen tool's listing that holds the app's registries for the view. */
export const REGISTRY_META = 'io.omni-ir/registry';

/** The app's registries as the view receives them: data only (JSON), never code. */
export interface ViewRegistry {
  /** Tool name → JSON Schema of its params: what McpMutations may name and what a press is checked against. */
  tools: Record<string, ToolSchema>;
  /** Tool name → confirmation sentence with `{param}` placeholders ([9.1]). */
  confirm?: Record<string, string>;
  /** Picture name → picture. Only `data:` pictures are kept: the view loads nothing from anywhere. */
  assets?: Record<string, Picture>;
  pictures?: PictureFamily[];
  /** App component name → the custom element that draws it ([5.28]); the page must define the tag. */
  components?: Record<string, AppComponentView>;
}

export interface McpViewOptions {
  /** The element to draw into. Its registries are set from `registry`. */
  screen: OmniScreenElement;
  /** How to reach the host: `windowEndpoint()` in a frame, a MessageChannel port in tests. */
  endpoint: HostEndpoint;
  /**
   * The app's registries when the page carries them (a `<script type="application/json" id="omni-registry">`
   * block the server wrote into the page, as the demo's own view does). Without them, the view takes them
   * from the host's answer to ui/initialize: the show_screen tool's listing, which the host hands the view as
   * `hostContext.toolInfo.tool`, holds them in `_meta["io.omni-ir/registry"]`. Input that arrives before
   * that answer waits for it, since a screen's registries are fixed at its first line.
   */
  registry?: ViewRegistry | null;
  /** How long input waits for the host's answer before it is drawn with no registries. Default 10 s. */
  registryWaitMs?: number;
  /** What the view tells the host it is. */
  appInfo?: { name: string; version: string };
  /** How long a press waits for the host's answer before it shows as failed. Default two minutes. */
  callTimeoutMs?: number;
  /** An element whose size the view reports to the host (ui/notifications/size-changed). */
  measure?: Element;
}

export interface McpView {
  /** Resolves with the host's answer to ui/initialize, or null if the host refused it. */
  readonly ready: Promise<Record<string, unknown> | null>;
  /** The partial-input reader ([10.26]). */
  readonly input: McpAppsView;
  readonly bridge: HostBridge;
  /** The show_screen result the host passed on (ui/notifications/tool-result), once it arrives. */
  readonly toolResult: unknown;
  close(): void;
}

/** A press the server refused ([10.28]): an error result's structuredContent {code, message}. */
export class McpActionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'McpActionError';
  }
}

/**
 * The host's fonts, so the screen reads like the rest of the host ([MCP Apps] hostContext.styles.variables).
 * Only fonts: colours stay the app's themes, whose contrast pairs are checked ([8], themes).
 */
const HOST_FONTS: readonly (readonly [string, string])[] = [
  ['--font-sans', '--ae-font'],
  ['--font-mono', '--ae-font-mono'],
];


/**
 * The registries in a value the server sent (the page's JSON block, the tool listing's `_meta`), or null when
 * it isn't a registry. Each part of the wrong shape is left out rather than trusted; pictures that aren't
 * data: URLs are dropped (inlinePictures).
 */
export function readViewRegistry(value: unknown): ViewRegistry | null {
  if (!isJsonObject(value)) return null;
  const strings = (v: unknown) => (isJsonObject(v) ? Object.fromEntries(Object.entries(v).filter(([, s]) => typeof s === 'string')) : {});
  return {
    tools: isJsonObject(value['tools']) ? (value['tools'] as Record<string, ToolSchema>) : {},
    confirm: strings(value['confirm']) as Record<string, string>,
    assets: inlinePictures(value['assets'] as Record<string, Picture> | undefined),
    pictures: Array.isArray(value['pictures']) ? (value['pictures'] as PictureFamily[]) : [],
    components: isJsonObject(value['components']) ? (value['components'] as Record<string, AppComponentView>) : {},
  };
}

/** The registries in the host's answer to ui/initialize: `hostContext.toolInfo.tool._meta["io.omni-ir/registry"]`. */
export function registryFromHost(initializeResult: unknown): ViewRegistry | null {
  const context = isJsonObject(initializeResult) ? initializeResult['hostContext'] : undefined;
  const info = isJsonObject(context) ? context['toolInfo'] : undefined;
  const tool = isJsonObject(info) ? info['tool'] : undefined;
  const meta = isJsonObject(tool) ? tool['_meta'] : undefined;
  return isJsonObject(meta) ? readViewRegistry(meta[REGISTRY_META]) : null;
}

/** Keeps only pictures the page carries inside itself, so a registry mistake can't make the view fetch. */
export function inlinePictures(assets: Record<string, Picture> | undefined): Record<string, Picture> {
  const out: Record<string, Picture> = {};
  if (!isJsonObject(assets)) return out;
  for (const [name, picture] of Object.entries(assets)) {
    if (isJsonObject(picture) && typeof picture.src === 'string' && /^data:image\//i.test(picture.src)) out[name] = picture;
  }
  return out;
}

/**
 * Turns a `tools/call` answer into what `<omni-screen>`'s handler returns: a success's structuredContent
 * `result` (or the structuredContent itself) and its `update` ([10.35]; the element ignores one that isn't a
 * string); an error result throws an McpActionError with its code and message, so the press shows as failed.
 */
export function pressOutcome(answer: unknown): OmniActionResult {
  if (!isJsonObject(answer)) throw new McpActionError('server_error', 'The host answered tools/call with something that is not a tool result');
  const content = answer['structuredContent'];
  if (answer['isError'] === true) {
    const code = isJsonObject(content) && typeof content['code'] === 'string' ? content['code'] : 'tool_failed';
    const message = isJsonObject(content) && typeof content['message'] === 'string' ? content['message'] : 'The action failed.';
    throw new McpActionError(code, message);
  }
  if (!isJsonObject(content)) return { result: undefined };
  return { result: hasOwn(content, 'result') ? content['result'] : content, update: content['update'] };
}

/** Starts the view: registries on the screen, the handshake with the host, the input reader and presses. */
export function startMcpView(options: McpViewOptions): McpView {
  const { screen, registry } = options;
  const bridge = createHostBridge(options.endpoint);
  const callTimeoutMs = options.callTimeoutMs ?? 120_000;

  const register = (from: ViewRegistry | null) => {
    const r = readViewRegistry(from) ?? { tools: {} };
    screen.tools = r.tools;
    screen.confirm = r.confirm ?? {};
    screen.assets = r.assets ?? {};
    screen.pictures = r.pictures ?? [];
    screen.components = r.components ?? {};
  };
  // Input waits until the registries are known: from the page now, or from the host's answer below.
  let held: [string, unknown][] | null = null;
  if (registry) register(registry);
  else held = [];

  // A press runs through the host ([10.28]): a new key for each press, the Button's id for the update.
  screen.handler = async (action: OmniAction) => {
    const answer = await bridge.request(
      'tools/call',
      {
        name: action.tool,
        arguments: action.params,
        _meta: { [IDEMPOTENCY_META]: newIdempotencyKey(), [BUTTON_META]: action.button },
      },
      { timeoutMs: callTimeoutMs },
    );
    return pressOutcome(answer);
  };

  // One view shows one tool call ([10.26]): a parser for the first input, a new one when the text is rewritten.
  const input = createMcpAppsView({
    createSink() {
      screen.reset();
      return { write: (text) => screen.write(text), end: () => screen.end() };
    },
  });
  let cancelled = false;
  let toolResult: unknown;

  const applyContext = (context: unknown) => {
    if (!isJsonObject(context)) return;
    const theme = context['theme'];
    if (theme === 'light' || theme === 'dark') screen.theme = theme;
    const locale = context['locale'];
    if (typeof locale === 'string' && locale !== '') screen.locale = locale;
    const styles = context['styles'];
    const variables = isJsonObject(styles) && isJsonObject(styles['variables']) ? styles['variables'] : null;
    for (const [from, to] of variables ? HOST_FONTS : []) {
      const value = variables![from];
      // A font stack names fonts; anything that could name a location is left out.
      if (typeof value === 'string' && value.length <= 500 && !/url\(|@|[{};<>\\]/i.test(value)) screen.style.setProperty(to, value);
    }
  };

  const onInput = (method: string, params: unknown) => {
    if (method === TOOL_INPUT_PARTIAL || method === TOOL_INPUT) {
      if (!cancelled) input.handleNotification(method, params);
    } else if (method === TOOL_CANCELLED) {
      // The call won't complete: what arrived stays, and what it still waits for becomes a fallback ([7.3]).
      if (!input.done && !cancelled) {
        cancelled = true;
        input.sink?.end();
      }
    }
  };

  bridge.onNotification((method, params) => {
    if (method === TOOL_RESULT) toolResult = params;
    else if (method === HOST_CONTEXT_CHANGED) applyContext(params);
    else if (method !== TOOL_INPUT_PARTIAL && method !== TOOL_INPUT && method !== TOOL_CANCELLED) return;
    else if (!held) onInput(method, params);
    // Each partial input holds the whole text so far: a waiting one replaces the one before it.
    else if (method === TOOL_INPUT_PARTIAL && held.at(-1)?.[0] === TOOL_INPUT_PARTIAL) held[held.length - 1] = [method, params];
    else held.push([method, params]);
  });

  /** Registries from the host (or none), then the input that waited for them, in order. */
  const release = (fromHost: ViewRegistry | null) => {
    if (!held) return;
    register(fromHost);
    const waiting = held;
    held = null;
    for (const [method, params] of waiting) onInput(method, params);
  };
  const registryWait = held ? setTimeout(() => release(null), options.registryWaitMs ?? 10_000) : undefined;

  bridge.onRequest((method) => {
    if (method === RESOURCE_TEARDOWN || method === 'ping') return {};
    return undefined;
  });

  let resize: ResizeObserver | null = null;
  const measure = options.measure;
  if (measure && typeof ResizeObserver !== 'undefined') {
    let last = '';
    resize = new ResizeObserver(() => {
      const box = measure.getBoundingClientRect();
      const size = { width: Math.ceil(box.width), height: Math.ceil(box.height) };
      const said = `${size.width}x${size.height}`;
      if (said === last) return;
      last = said;
      bridge.notify(SIZE_CHANGED, size);
    });
    resize.observe(measure);
  }

  const ready = bridge
    .request(UI_INITIALIZE, {
      protocolVersion: MCP_APPS_PROTOCOL_VERSION,
      appInfo: options.appInfo ?? { name: 'agentic-elements omni-screen', version: '0.1.0' },
      appCapabilities: {},
    })
    .then(
      (result) => {
        const answer = isJsonObject(result) ? result : {};
        applyContext(answer['hostContext']);
        clearTimeout(registryWait);
        release(registryFromHost(answer));
        bridge.notify(UI_INITIALIZED, {});
        return answer;
      },
      () => {
        clearTimeout(registryWait);
        release(null);
        return null;
      },
    );

  return {
    ready,
    input,
    bridge,
    get toolResult() {
      return toolResult;
    },
    close() {
      clearTimeout(registryWait);
      resize?.disconnect();
      bridge.close();
    },
  };
}
