// The conformance runners load the engine the way every Node script of the project does.
export { loadEngineFrom as loadEngine } from '../../bin/loadEngine.mjs';
