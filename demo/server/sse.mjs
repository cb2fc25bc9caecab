// Writing Server-Sent Events as [10.4] asks: LF line endings, one `event:` line, one `data:` line holding one
// JSON object, a blank line; and a `: ping` comment whenever nothing else was written for a while ([10.10]).
import { SECURITY_HEADERS } from './http.mjs';

export function openSse(res, { pingIntervalMs = 15_000 } = {}) {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders?.();
  let closed = false;
  let timer = null;
  const arm = () => {
    if (timer) clearTimeout(timer);
    if (!closed) timer = setTimeout(ping, pingIntervalMs);
  };
  const ping = () => {
    if (closed) return;
    res.write(': ping\n\n');
    arm();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    if (timer) clearTimeout(timer);
    res.end();
  };
  res.on('close', () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
  arm();
  return {
    /** JSON.stringify never writes a raw line break, so the data is always one line. */
    send(event, data) {
      if (closed) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      arm();
    },
    close,
    get closed() {
      return closed || res.destroyed;
    },
  };
}
