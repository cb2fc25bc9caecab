// The app's registry tools as MCP tools only the view may call ([10.28]): visibility ["app"], so the host keeps
// them from the model; the view sends tools/call for a pressed Button. Nothing from the view is trusted, so each
// call is checked as the mutate endpoint checks it ([10.14]): the key's form, the tool, who is calling, the params
// against the tool's JSON Schema, then the key's history; only then does the tool's handler run. A refusal is an
// error result with structuredContent {code, message}, which the view shows as a failed action.
import { Validator } from '@cfworker/json-schema';
import { KEY_PATTERN, fingerprint } from '../server/idempotency.mjs';
import { ToolError } from '../server/tools.mjs';

export const IDEMPOTENCY_META = 'io.omni-ir/idempotency-key';
export const BUTTON_META = 'io.omni-ir/button';

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A refusal ([10.28]): an error result whose structuredContent is {code, message} (and issues, retryable). */
export function refusal(code, message, extra = {}) {
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}` }],
    structuredContent: { code, message, ...extra },
  };
}

function success(name, out) {
  const structuredContent = { ok: true, tool: name, result: isObject(out?.result) ? out.result : {} };
  if (typeof out?.update === 'string') structuredContent.update = out.update;
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

/** Schema errors as [{path, message}], only the innermost at each place (as the mutate route reports them). */
function issuesOf(errors) {
  const summary = new Set(['properties', 'additionalProperties', 'patternProperties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', '$ref', 'dependentSchemas', 'unevaluatedProperties']);
  const locations = errors.map((e) => e.instanceLocation.replace(/^#/, ''));
  const seen = new Set();
  const out = [];
  errors.forEach((e, i) => {
    const path = locations[i];
    if (summary.has(e.keyword) && locations.some((other) => other.startsWith(path + '/'))) return;
    const message = e.keyword === 'false' ? 'This param is not allowed.' : e.error;
    if (seen.has(`${path}\0${message}`)) return;
    seen.add(`${path}\0${message}`);
    out.push({ path, message });
  });
  return out;
}

/**
 * The registry tools: `listing()` for tools/list, `has(name)`, and `call(name, args, meta, person)` which
 * resolves with a CallToolResult (success or refusal) and never rejects for anything a caller sends.
 */
export function createAppTools({ tools, handlers, idempotency, log = () => {} }) {
  const validators = new Map(Object.entries(tools).map(([name, t]) => [name, new Validator(t.schema, '2020-12', false)]));

  const has = (name) => Object.hasOwn(tools, name) && typeof handlers[name] === 'function';

  return {
    has,
    listing() {
      return Object.entries(tools)
        .filter(([name]) => has(name))
        .map(([name, t]) => ({
          name,
          description: t.description,
          inputSchema: t.schema,
          annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
          _meta: { ui: { visibility: ['app'] } },
        }));
    },
    async call(name, args, meta, person) {
      if (!has(name)) return refusal('unknown_tool', 'This action is not available.');
      const params = args === undefined ? {} : args;
      if (!isObject(params)) return refusal('invalid_request', 'The arguments must be an object.');
      const key = isObject(meta) ? meta[IDEMPOTENCY_META] : undefined;
      if (key !== undefined && (typeof key !== 'string' || !KEY_PATTERN.test(key))) {
        return refusal('invalid_request', 'An idempotency key is 1 to 200 letters, digits or _-:.');
      }
      const rawButton = isObject(meta) ? meta[BUTTON_META] : undefined;
      // Only for writing the update ([10.35]); the handler checks its form again before using it.
      const button = typeof rawButton === 'string' ? rawButton : undefined;
      if (tools[name].signIn && !person) return refusal('sign_in_required', 'Sign in to do this.');
      const checked = validators.get(name).validate(params);
      if (!checked.valid) {
        return refusal('invalid_params', 'The action’s details are not valid.', { issues: issuesOf(checked.errors) });
      }

      const owner = `mcp:${person?.id ?? 'anonymous'}`;
      if (key !== undefined) {
        const started = idempotency.begin(owner, key, fingerprint(name, params));
        if (started.kind === 'replay') return structuredClone(started.body);
        if (started.kind === 'conflict') return refusal('idempotency_conflict', 'This key was already used for another action.');
        if (started.kind === 'in_progress') return refusal('idempotency_in_progress', 'This action is still running.', { retryable: true });
      }

      let answer;
      try {
        answer = success(name, await handlers[name]({ params, person, button, log }));
        log(`mcp: ${name} ok`);
      } catch (error) {
        if (error instanceof ToolError) {
          answer = refusal(error.code, error.message, error.retryable ? { retryable: true } : {});
          log(`mcp: ${name} refused (${error.code})`);
        } else {
          // The action may not have happened: the key is freed so a retry with it runs again.
          if (key !== undefined) idempotency.release(owner, key);
          log(`mcp: ${name} failed: ${error?.message ?? error}`);
          return refusal('tool_failed', 'The action failed. Try again.', { retryable: true });
        }
      }
      if (key !== undefined) {
        if (answer.structuredContent?.retryable) idempotency.release(owner, key);
        else idempotency.finish(owner, key, 200, answer);
      }
      return answer;
    },
  };
}
