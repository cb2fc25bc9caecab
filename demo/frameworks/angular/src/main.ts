// Each element loads when its tag first appears (its code a chunk of its own); property bindings reach it even
// before it is defined, and it takes them up as it upgrades. Then start the app (zoneless: signals drive updates).
import 'agentic-elements';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app';

bootstrapApplication(App).catch((error: unknown) => console.error(error));
