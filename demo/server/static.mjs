// Static files: the demo's pages and pictures from demo/, the script-tag build from cdn/ (at /cdn/), the docs site
// from docs-site/ (at /docs/, built by `npm run docs`). Only known file types, never the server's own code, never a
// path that climbs out of its folder.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { CSP, SECURITY_HEADERS, sendError } from './http.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Folders of demo/ that hold server code, not pages: the server, the MCP examples, the model providers, OUI's server. */
const PRIVATE = /^\/(server(\/|\.mjs$)|mcp(\/|$)|providers(\/|$)|oui(\/|$))/;

export function createStatic({ demoDir, cdnDir, docsDir, onPage }) {
  const roots = { demo: resolve(demoDir), cdn: resolve(cdnDir), docs: docsDir ? resolve(docsDir) : undefined };

  function locate(pathname) {
    let path;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (path.includes('\0') || path.includes('\\')) return null;
    if (path === '/' || path === '') path = '/index.html';
    let root = roots.demo;
    if (path.startsWith('/cdn/')) {
      root = roots.cdn;
      path = path.slice('/cdn'.length);
    } else if (path.startsWith('/docs/') && roots.docs) {
      root = roots.docs;
      path = path.slice('/docs'.length);
      if (path === '/') path = '/index.html';
    } else if (PRIVATE.test(path)) return null;
    const file = resolve(join(root, path));
    if (!file.startsWith(root + sep)) return null;
    return file;
  }

  return async function staticRoute(req, res, url) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(res, 405, 'invalid_request', 'Use GET.', { headers: { Allow: 'GET, HEAD' } });
    }
    // Browsers ask for it on their own; the demo has none, and a 404 would only clutter the console.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204, { ...SECURITY_HEADERS, 'Cache-Control': 'max-age=86400' });
      return res.end();
    }
    // The docs site's pages link each other relatively, so its top folder is asked for with the slash.
    if (url.pathname === '/docs' && roots.docs) {
      res.writeHead(308, { ...SECURITY_HEADERS, Location: '/docs/' });
      return res.end();
    }
    const file = locate(url.pathname);
    const type = file ? TYPES[extname(file).toLowerCase()] : undefined;
    const info = file && type ? await stat(file).catch(() => null) : null;
    if (!info || !info.isFile()) {
      const unbuilt = roots.docs && url.pathname.startsWith('/docs/') && !(await stat(roots.docs).catch(() => null));
      return sendError(res, 404, 'not_found', unbuilt ? 'The docs site is not built: run `npm run docs`.' : 'No such page.');
    }
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': type,
      'Content-Length': info.size,
      'Cache-Control': 'no-cache',
    };
    if (type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = CSP;
      Object.assign(headers, onPage?.(req) ?? {});
    }
    if (type === 'image/svg+xml') headers['Content-Security-Policy'] = "default-src 'none'";
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  };
}
