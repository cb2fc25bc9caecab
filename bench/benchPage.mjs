// What every Chromium benchmark needs: a page on a loopback server (its HTML, any routes of its own, and the
// built cdn/ files), and a headless Chromium showing it. Each benchmark measures; this only serves and opens.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';

const root = new URL('..', import.meta.url).pathname;
const types = { '.js': 'text/javascript', '.map': 'application/json', '.html': 'text/html' };

/** Exits with a clear message when the script-tag build a benchmark loads isn't there. */
export function needCdn() {
  if (!existsSync(join(root, 'cdn/agentic-elements.js'))) {
    console.error('cdn/agentic-elements.js is missing: run `npm run build` first');
    process.exit(1);
  }
}

/**
 * Serves `html` at `/`, each of `routes` (path → {type, body}) and the files of cdn/; `headers` go on every
 * answer. Opens it in headless Chromium (CHROME_PATH, else /usr/bin/chromium, else Playwright's own), calling
 * `beforeLoad(tab)` just before the page loads, and returns the tab and a `close()` for both.
 */
export async function openBenchPage({ html, routes = {}, headers = {}, beforeLoad }) {
  const server = createServer((req, res) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    const route = routes[url.pathname];
    if (route) return res.writeHead(200, { 'content-type': route.type }).end(route.body);
    const file = normalize(join(root, url.pathname));
    if (!file.startsWith(join(root, 'cdn')) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    tab.on('pageerror', (e) => console.error('page error:', e.message));
    // A measurer that must see every request (check-size.mjs sums what the page fetched) listens from here.
    beforeLoad?.(tab);
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    return {
      tab,
      async close() {
        await browser.close();
        server.close();
      },
    };
  } catch (error) {
    await browser.close();
    server.close();
    throw error;
  }
}
