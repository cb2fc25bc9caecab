// Each element loads when its tag first appears, its code a chunk of its own. Svelte sets a property when the
// element has one (checked with `in` as it first renders), else an attribute, which for a function would be its
// source: so the elements this app uses are loaded and defined before it mounts.
import { load } from 'agentic-elements';
import { mount } from 'svelte';
import App from './App.svelte';

await Promise.all(['omni-screen', 'oui-surface', 'ax-runner', 'morph-screen'].map(load));
mount(App, { target: document.getElementById('app')! });
