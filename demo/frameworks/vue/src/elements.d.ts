// The elements' template types for vue-tsc: properties, attributes and events, checked (docs/vue.md).
import type {} from 'agentic-elements/vue';
