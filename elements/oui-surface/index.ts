/** `<oui-surface>`: an OUI surface on the page. Importing this module defines the element. */
import { defineElement } from '../shared/base/defineElement.js';
import { OuiSurface } from './ouiSurface.js';

export { OuiSurface, type OuiSurfaceOptions } from './ouiSurface.js';
export { OuiErrorEvent, OuiIssueEvent, OuiRequestEvent, OuiResultEvent, OuiStateEvent, type OuiErrorKind } from './events.js';
export type { Activity as OuiActivity } from './controllers/activity.js';
// What an app gives the element (`surface`, `handlers`, `getters`, `transport`, `entity`), for its typed constants.
export type { OUIActionHandlers, OUIEventSource } from '../../src/oui/index.js';
export type { OUIObservationGetters } from '../../src/oui/index.js';
export type { OUIAction, OUIObservation, OUISurface } from '../../src/oui/index.js';
export type { OUIEntity } from '../../src/oui/index.js';
export type { OUITransport } from '../../src/oui/index.js';

defineElement('oui-surface', OuiSurface);
