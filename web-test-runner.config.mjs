// Browser tests run in Chromium through Playwright: CHROME_PATH if set, else Debian's /usr/bin/chromium,
// else Playwright's own browser. TypeScript is compiled on the fly by esbuild.
import { existsSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

const executablePath =
  process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['development', 'browser'] },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
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
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 240000,
};
