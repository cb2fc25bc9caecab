// Browser tests run in Chromium through Playwright: CHROME_PATH if set, else Debian's /usr/bin/chromium,
// else Playwright's own browser. TypeScript is compiled on the fly by esbuild.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

/**
 * React ships CommonJS only (used by test/browser/frameworks/react.test.ts). esbuild bundles react, react-dom and
 * react-dom/client once into one ES module, so they share one React; each entry is then served as a small module
 * re-exporting its part (default and named exports). Vue needs nothing: its test imports vue/dist/vue.esm-browser.js.
 */
const REACT_BUNDLE = '/__react-bundle.js';
const reactEntries = { '/node_modules/react/index.js': 'react', '/node_modules/react-dom/index.js': 'react-dom', '/node_modules/react-dom/client.js': 'react-dom/client' };
function reactAsEsm() {
  let bundle = null;
  const shims = new Map();
  // Their export names, read in a child Node (requiring React here would log through the runner's console).
  const namesOf = (name) =>
    JSON.parse(execFileSync(process.execPath, ['-p', `JSON.stringify(Object.keys(require('${name}')))`], { encoding: 'utf8' }));
  return {
    name: 'react-as-esm',
    async serve({ path }) {
      if (path === REACT_BUNDLE) {
        bundle ??= build({
          stdin: { contents: Object.values(reactEntries).map((m, i) => `export * as m${i} from '${m}';`).join('\n'), resolveDir: process.cwd() },
          bundle: true, format: 'esm', write: false, target: 'es2022', define: { 'process.env.NODE_ENV': '"development"' },
        }).then((r) => r.outputFiles[0].text);
        return { body: await bundle, type: 'js' };
      }
      const name = reactEntries[path];
      if (!name) return undefined;
      if (!shims.has(path)) {
        const i = Object.values(reactEntries).indexOf(name);
        const keys = namesOf(name).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
        shims.set(path, `import { m${i} as m } from '${REACT_BUNDLE}';\nexport default m;\nexport const { ${keys.join(', ')} } = m;\n`);
      }
      return { body: shims.get(path), type: 'js' };
    },
  };
}

const executablePath =
  process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['development', 'browser'] },
  plugins: [reactAsEsm(), esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        ...(executablePath ? { executablePath } : {}),
        args: ['--no-sandbox', '--js-flags=--expose-gc', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      },
    }),
  ],
  concurrency: 1,
  // Starting a page takes far longer than usual on a busy machine (two cores shared with other work): the
  // default 30 s failed whole files there without running a test.
  browserStartTimeout: 120000,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 240000,
};
