// Angular with the CLI's application builder (strictTemplates): the built dist/ served as static files.
import { staticSite, testExample, testFirstLoad } from './harness.mjs';

testExample('angular', staticSite('angular/dist'));
testFirstLoad('angular', 'angular/dist', 400);
