// The op stream in <morph-screen>: each JSON line is an op on an answer document. Its diagnostics (an op refused
// or changed, the stream's own diag ops) carry the line they concern.
import sample from '../samples/op-stream.txt';
import type { Format, StreamElement } from './format.js';

/** What the playground reads of a `morph-issue` event: the fields every issue here has. */
interface DiagEvent extends Event {
  readonly line: number | null;
  readonly severity: string;
  readonly code: string;
  readonly message: string;
}

export const opStream: Format = {
  id: 'op-stream',
  tag: 'morph-screen',
  sample,
  start({ stage, theme, report }) {
    const screen = document.createElement('morph-screen') as StreamElement;
    screen.theme = theme;
    screen.addEventListener('morph-issue', (e) => {
      const { line, severity, code, message } = e as DiagEvent;
      report({ line, severity, code, message });
    });
    stage.append(screen);
    return {
      write: (text) => screen.write(text),
      end: () => screen.end(),
      theme: (t) => (screen.theme = t),
    };
  },
};
