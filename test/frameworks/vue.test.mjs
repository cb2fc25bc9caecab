// Vue 3 with Vite (vue-tsc checks the template): the built dist/ served as static files.
import { staticSite, testExample } from './harness.mjs';

testExample('vue', staticSite('vue/dist'));
