import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// Tags with a dash that agentic-elements defines are custom elements, not Vue components: Vue then leaves them
// to the browser and binds `:x` / `.prop` as properties.
const isCustomElement = (tag: string) => ['omni-screen', 'oui-surface', 'ax-runner', 'morph-screen'].includes(tag);

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement } } })],
});
