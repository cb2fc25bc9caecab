// Define the elements before Vue first renders them, so Vue finds their properties and binds to those.
import 'agentic-elements';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
