// A small static server for the built examples (and the plain-HTML one, which needs no build): the tests use it,
// and so can a person: `node shared/serve.mjs vue/dist` (from demo/frameworks/), then open the address it prints.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

const isFile = (path) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/** Serves `root` on 127.0.0.1 (`port` 0: any free one); resolves with `{url, close}`. */
export function serve(root, port = 0) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(join(base, path));
    // Nothing outside the root, whatever the path says.
    if (file !== base && !file.startsWith(base + sep)) return void res.writeHead(403).end();
    // A route of the app (no extension) falls back to index.html; a missing file is a 404, not a page.
    if (!isFile(file)) file = isFile(join(file, 'index.html')) ? join(file, 'index.html') : extname(path) ? '' : join(base, 'index.html');
    if (!isFile(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
      done({ url: `http://127.0.0.1:${bound}`, close: () => new Promise((closed) => server.close(() => closed(undefined))) });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serve(process.argv[2] ?? '.', Number(process.env.PORT ?? 8080));
  console.log(`serving ${process.argv[2] ?? '.'} at ${url}`);
}
