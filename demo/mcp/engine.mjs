// The MCP server loads the engine as every Node script of the project does: dist/engine.js when built and
// current, else the TypeScript sources through tsx.
export { loadEngineFrom as loadEngine } from '../../bin/loadEngine.mjs';
