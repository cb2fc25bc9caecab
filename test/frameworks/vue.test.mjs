// Vue 3 with Vite (vue-tsc checks the template): the built dist/ served as static files.
import { staticSite, testExample, testFirstLoad } from './harness.mjs';

testExample('vue', staticSite('vue/dist'));
testFirstLoad('vue', 'vue/dist', 280);
