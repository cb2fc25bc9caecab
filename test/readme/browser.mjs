// Where the README's browser examples run: headless Chromium, and a small server in front of the real demo app.
//
// The server answers, in this order:
//  - the pages the runners make (`/__readme/…`): an ```html block as written, with the demo's strict
//    Content-Security-Policy (demo/server/http.mjs) whose script-src also allows the block's own inline scripts
//    by their hashes, as a page under that policy would (nothing else inline runs: no other script, no inline
//    style, no eval);
//  - `/node_modules/agentic-elements/…`: the package as built and as it ships (only what package.json's `files`
//    lists: dist/, cdn/, bin/, themes/*.css, custom-elements.json), the path an app serving its node_modules has;
//  - the fixtures in test/readme/fixtures/public/ at the root (`/my-model-output.txt`: the model's output the
//    first example streams);
//  - everything else goes to the demo server (demo/server/app.mjs, fast mode): `/api/generate`, `/api/mutate`,
//    `/api/registry`, `/api/live`, `/assets/…`. A page load starts a demo session, as the demo's own pages do,
//    so presses of tools that need signing in are allowed.
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { chromium } from 'playwright';
import { CSP } from '../../demo/server/http.mjs';
import { startServer } from '../../demo/server/app.mjs';
import { root } from './paths.mjs';

export const CHROME = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const PUBLIC = join(root, 'test/readme/fixtures/public');
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml',
};

/** Whether a path inside the package (`dist/engine.js`) is one it ships (package.json `files`). */
function shipped(path) {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return path === 'package.json' || files.some((entry) => {
    if (entry.includes('*')) {
      const re = new RegExp(`^${entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
      return re.test(path);
    }
    return path === entry || path.startsWith(`${entry}/`);
  });
}

/** The policy a block's page is served with: the demo's, with the page's own inline scripts and styles allowed by hash. */
export function policyFor(html) {
  const hashes = (tag) =>
    [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi'))]
      .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs))
      .map(([, , body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  const scripts = hashes('script');
  const styles = hashes('style');
  let policy = CSP;
  if (scripts.length) policy = policy.replace("script-src 'self'", `script-src 'self' ${scripts.join(' ')}`);
  if (styles.length) policy = policy.replace("style-src 'self'", `style-src 'self' ${styles.join(' ')}`);
  return policy;
}

/** Starts the server, the demo behind it and Chromium. */
export async function startBrowserEnvironment() {
  /** @type {Map<string, {body: string | Buffer, type: string, csp?: string}>} */
  const files = new Map();
  let demo = null;
  const server = createServer((req, res) => {
    serve(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error?.stack ?? error));
    });
  });
  async function serve(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const own = files.get(url.pathname);
    if (own) {
      const headers = { 'Content-Type': own.type, 'Cache-Control': 'no-store' };
      if (own.csp) headers['Content-Security-Policy'] = own.csp;
      if (own.type.startsWith('text/html')) {
        // The demo starts a session on a page load: ask it for one, as if this page were its own.
        const answer = await fetch(`${demo.url}/`, { method: 'HEAD' });
        const cookie = answer.headers.get('set-cookie');
        if (cookie) headers['Set-Cookie'] = cookie;
      }
      res.writeHead(200, headers);
      return res.end(own.body);
    }
    const inPackage = /^\/node_modules\/agentic-elements\/(.*)$/.exec(url.pathname);
    if (inPackage) return sendFile(res, root, decodeURIComponent(inPackage[1]), shipped);
    const fixture = join(PUBLIC, decodeURIComponent(url.pathname));
    if (url.pathname !== '/' && existsSync(fixture) && statSync(fixture).isFile()) return sendFile(res, PUBLIC, url.pathname.slice(1));
    return proxy(req, res);
  }
  function sendFile(res, base, path, allowed = () => true) {
    const file = resolve(base, path);
    const inside = file.startsWith(resolve(base) + sep) && allowed(relative(base, file).split(sep).join('/'));
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end(`not found (or not shipped by the package): ${path}`);
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    res.end(readFileSync(file));
  }
  function proxy(req, res) {
    const target = new URL(req.url ?? '/', demo.url);
    const forward = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.on('aborted', () => forward.destroy());
    res.on('close', () => forward.destroy());
    req.pipe(forward);
  }

  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  // The demo accepts presses from this server's pages (its own origin check), and is fast (no model's pauses).
  demo = await startServer({ port: 0, fast: true, origins: [url] });
  const browser = await chromium.launch({
    ...(CHROME ? { executablePath: CHROME } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return {
    url,
    browser,
    /** Serves `body` at `path` (a page gets `csp`). */
    put(path, body, { type = TYPES[extname(path)] ?? 'text/plain; charset=utf-8', csp } = {}) {
      files.set(path, { body, type, csp });
      return `${url}${path}`;
    },
    async close() {
      await browser.close();
      await demo.close();
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
    },
  };
}
