/**
 * What governed actions need only once one is pressed or a confirmation is asked: the dialog
 * (`<ae-confirm-dialog>`, defined when this module runs) with the page's confirmation queue, and the pure
 * pipeline (the tool and params check, every param listed, the seal of what was approved: canonical JSON and
 * SHA-256). Most screens never ask, so `ApprovalController` loads this on first use (shared/controllers/approval.ts)
 * and a page that draws without asking never fetches it.
 */
import '../elements/confirmDialog.js';

export { matchesSeal, paramDetails, paramsDigest, reviewAction, sealParams, warmValidator } from '../../../src/actions/index.js';
