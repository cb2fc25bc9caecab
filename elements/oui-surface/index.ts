/** `<oui-surface>`: an OUI surface on the page. Importing this module defines the element. */
import { OuiSurface } from './ouiSurface.js';

export { OuiSurface, type OuiSurfaceOptions } from './ouiSurface.js';
export { OuiErrorEvent, OuiIssueEvent, OuiRequestEvent, OuiResultEvent, OuiStateEvent, type OuiErrorKind } from './events.js';
export type { Activity as OuiActivity } from './controllers/activity.js';

if (typeof customElements !== 'undefined' && !customElements.get('oui-surface')) customElements.define('oui-surface', OuiSurface);
