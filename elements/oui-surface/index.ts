/** `<oui-surface>`: an OUI surface on the page. Importing this module defines the element. */
import { defineElement } from '../shared/base/defineElement.js';
import { OuiSurface } from './ouiSurface.js';

export { OuiSurface, type OuiSurfaceOptions } from './ouiSurface.js';
export { OuiErrorEvent, OuiIssueEvent, OuiRequestEvent, OuiResultEvent, OuiStateEvent, type OuiErrorKind } from './events.js';
export type { Activity as OuiActivity } from './controllers/activity.js';

defineElement('oui-surface', OuiSurface);
