/**
 * An agent's action runs with exactly the params the person approved. When a confirmation opens, the request's
 * params are sealed (src/actions/paramsSeal.ts); the handlers the runtime calls are wrapped so that, just before
 * the app's handler runs, the params it is about to receive are sealed again and compared. If anything changed
 * them while the dialog was open (an `oui-request` listener, code holding the request object), the action is
 * refused with ACTION_DENIED and says why, and the app's handler never runs.
 */
import { matchesSeal, paramsDigest, sealParams, type ParamsSeal } from '../../../src/actions/index.js';
import { OUIActionError, type OUISurfaceHandler, type OUISurfaceHandlers, type OUIActionRun, OUI_ERROR_CODES } from '../../../src/oui/index.js';

export class ApprovalSeals {
  readonly #seals = new Map<string, ParamsSeal>();

  /** Seals the params shown for a request (when its confirmation opens). */
  seal(params: unknown): ParamsSeal {
    return sealParams(params);
  }

  /** The person approved `requestId` with `seal`: its handler may run only with the same params. */
  approved(requestId: string, seal: ParamsSeal): void {
    this.#seals.set(requestId, seal);
  }

  /** The request has its final answer: nothing more to check. */
  forget(requestId: string): void {
    this.#seals.delete(requestId);
  }

  clear(): void {
    this.#seals.clear();
  }

  /** The handlers, each checking an approved request's params just before the app's code runs. */
  wrap(handlers: OUISurfaceHandlers): OUISurfaceHandlers {
    // No prototype: an action id is any string, "__proto__" included, and must stay an own key.
    const out = Object.create(null) as Record<string, OUISurfaceHandler>;
    for (const [id, handler] of Object.entries(handlers)) {
      if (typeof handler === 'function') out[id] = this.#checked(id, handler);
      else if (handler && typeof handler === 'object' && typeof handler.run === 'function') {
        // The handler object stays what it was (poll, onEvent, its own fields), with only `run` checked first.
        out[id] = Object.assign(Object.create(handler) as object, { run: this.#checked(id, handler.run.bind(handler)) }) as OUISurfaceHandler;
      } else out[id] = handler;
    }
    return out;
  }

  #checked(actionId: string, run: OUIActionRun): OUIActionRun {
    return (params, context) => {
      const requestId = context.request.requestId;
      const seal = this.#seals.get(requestId);
      if (seal) {
        this.#seals.delete(requestId);
        if (!matchesSeal(seal, params)) {
          let actual: string | null = null;
          try {
            actual = paramsDigest(params);
          } catch {
            // Params that can't be read again are as changed as params that differ.
          }
          throw new OUIActionError(
            OUI_ERROR_CODES.ACTION_DENIED,
            `The params of "${actionId}" changed after the person approved them, so it did not run`,
            { approved: seal.digest, actual },
          );
        }
      }
      return run(params, context);
    };
  }
}
