// Svelte 5 with Vite (svelte-check checks the component): the built dist/ served as static files.
import { staticSite, testExample, testFirstLoad } from './harness.mjs';

testExample('svelte', staticSite('svelte/dist'));
testFirstLoad('svelte', 'svelte/dist', 250);
