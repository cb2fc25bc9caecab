/** `<oui-surface>`: an OUI surface on the page. Importing this module defines the element. */
import { defineElement } from '../shared/base/defineElement.js';
import { OUISurfaceElement } from './ouiSurface.js';
import type { Activity } from './controllers/activity.js';

export { OUISurfaceElement, type OUISurfaceOptions } from './ouiSurface.js';
export { OUIErrorEvent, OUIIssueEvent, OUIRequestEvent, OUIResultEvent, OUIStateEvent, type OUIErrorKind } from './events.js';
/** One request an agent has in flight on a surface, as `activity` lists it. */
export type OUISurfaceActivity = Activity;
// What an app gives the element (`surface`, `handlers`, `getters`, `transport`, `entity`), for its typed constants.
export type { OUISurfaceHandlers, OUIEventSource } from '../../src/oui/index.js';
export type { OUIObservationGetters } from '../../src/oui/index.js';
export type { OUIAction, OUIObservation, OUISurface } from '../../src/oui/index.js';
export type { OUIEntity } from '../../src/oui/index.js';
export type { OUITransport } from '../../src/oui/index.js';

defineElement('oui-surface', OUISurfaceElement);
