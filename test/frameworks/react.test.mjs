// React 19 with Vite (tsc checks the TSX): the built dist/ served as static files.
import { staticSite, testExample, testFirstLoad } from './harness.mjs';

testExample('react', staticSite('react/dist'));
testFirstLoad('react', 'react/dist', 440);
