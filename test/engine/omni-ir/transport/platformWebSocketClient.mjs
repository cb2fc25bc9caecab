// Run as a child process by websocket.loopback.test.mjs on a Node without a global WebSocket (Node 20 has one
// only behind --experimental-websocket): asks the server at argv[2] for a screen with generateOverWebSocket() and
// no createSocket, so the platform's own WebSocket is used, and prints {outcome, written, ended} as JSON.
import { generateOverWebSocket } from '../../../../src/entries/omni-ir.ts';

const sink = { written: '', ended: 0, write: (t) => void (sink.written += t), end: () => void sink.ended++ };
const outcome = await generateOverWebSocket({ url: process.argv[2], prompt: 'p' }, sink);
process.stdout.write(JSON.stringify({ outcome, written: sink.written, ended: sink.ended }));
