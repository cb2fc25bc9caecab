// Vue's full browser build (runtime + template compiler, no `process.env`) has the same API as `vue`.
declare module 'vue/dist/vue.esm-browser.js' {
  export * from 'vue';
}
