// Define the elements before Svelte first renders them: Svelte sets a property when the element has one
// (checked with `in` as it renders), else an attribute, which for an object would be "[object Object]".
import 'agentic-elements';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
