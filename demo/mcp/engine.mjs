// The MCP server loads the engine as every Node script of the project does (bin/loadEngine.mjs): the TypeScript
// sources through tsx in a checkout, dist/engine.js and dist/engine/*.js in an installed package.
export { loadEngineFrom as loadEngine } from '../../bin/loadEngine.mjs';
