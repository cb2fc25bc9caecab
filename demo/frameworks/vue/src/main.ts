// Each element loads when its tag first appears (its code a chunk of its own); the `.prop` bindings reach it as
// properties even before it is defined, and it takes them up as it upgrades.
import 'agentic-elements';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
