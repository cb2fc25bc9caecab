// Define the elements before Angular first renders them, then start the app (zoneless: signals drive updates).
import 'agentic-elements';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app';

bootstrapApplication(App).catch((error: unknown) => console.error(error));
