// Angular with the CLI's application builder (strictTemplates): the built dist/ served as static files.
import { staticSite, testExample } from './harness.mjs';

testExample('angular', staticSite('angular/dist'));
