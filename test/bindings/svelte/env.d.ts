// The Svelte bindings, once for the whole app.
import type {} from 'agentic-elements/svelte';
