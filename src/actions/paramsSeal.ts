/**
 * An approval is bound to the params the person was shown: a seal (the SHA-256 of the params' canonical JSON) is
 * taken when the confirmation opens, and just before the action runs the params that will actually run are
 * sealed again. A difference (the state changed under the open dialog, an object was mutated, a getter answers
 * something else now) means the person approved something else, and the action must not run.
 */
import { canonicalJson } from './canonicalJson.js';
import { sha256 } from './sha256.js';

/** What a person approved, by digest: the same params always give the same seal, other params another. */
export interface ParamsSeal {
  /** SHA-256 of the params' canonical JSON, 64 hex digits. */
  readonly digest: string;
}

/** The digest of `params`, 64 hex digits. Throws (RangeError) for params nested beyond what can be bound. */
export function paramsDigest(params: unknown): string {
  return sha256(canonicalJson(params));
}

/** Seals the params being shown to the person. */
export function sealParams(params: unknown): ParamsSeal {
  return Object.freeze({ digest: paramsDigest(params) });
}

/**
 * True when `params` are still what `seal` was taken of. False when they differ, and when they can no longer be
 * read (a getter throws, nesting grew past the limit): what can't be checked isn't run.
 */
export function matchesSeal(seal: ParamsSeal, params: unknown): boolean {
  try {
    return paramsDigest(params) === seal.digest;
  } catch {
    return false;
  }
}
