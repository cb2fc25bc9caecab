// The checks every transport makes on a request for a screen before the model starts, with the same codes and
// words whether the request came as an HTTP body ([10.2]), a WebSocket message ([10.16]) or an AG-UI run.
import { FORMAT, isOlderThanServed, parseVersion } from './version.mjs';

export const MAX_PROMPT = 4000;

/** Why a prompt can't be used, or null. */
export function promptProblem(prompt) {
  if (typeof prompt !== 'string' || prompt.trim() === '' || prompt.length > MAX_PROMPT) {
    return `The prompt must be 1 to ${MAX_PROMPT} characters.`;
  }
  return null;
}

/**
 * Why the versions a client asked for can't be served ([10.12]), as {code, message}, or null. `versions` is every
 * value given (a query may repeat it); none means the client didn't ask.
 */
export function versionProblem(versions) {
  if (versions.length > 1) return { code: 'invalid_request', message: 'Give at most one version.' };
  if (versions.length === 0) return null;
  const requested = typeof versions[0] === 'string' ? parseVersion(versions[0]) : null;
  if (!requested) return { code: 'invalid_request', message: 'The version must be MAJOR.MINOR.' };
  // Refused only when the client reads an older format than the one written here.
  if (isOlderThanServed(requested)) {
    return { code: 'unsupported_version', message: `This server writes Omni-IR ${FORMAT}, newer than ${versions[0]}.` };
  }
  return null;
}

/**
 * [10.23]: a server that checks its model serves no screens until the model's setup has passed. Null when it may
 * serve, else the error with the seconds to wait.
 */
export function modelCheckProblem(modelCheck) {
  if (!modelCheck || modelCheck.verified()) return null;
  return {
    code: 'model_unverified',
    message: 'The model is being checked. Try again shortly.',
    retryable: true,
    retryAfter: Math.max(1, Math.ceil(modelCheck.retryAfter?.() ?? 60)),
  };
}
