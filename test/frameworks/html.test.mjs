// Plain HTML with a script tag: no build; the server's root is demo/frameworks/ so the page reaches ../shared/.
import { staticSite, testExample } from './harness.mjs';

testExample('html', staticSite('', '/html/'));
