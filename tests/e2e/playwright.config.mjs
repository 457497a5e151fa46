// Playwright's runner for the end-to-end tests of the built app, in Debian's Chromium
// (never `npx playwright install`; see TOOLCHAIN.md). The app's folder comes from E2E_DIST
// (relative to the current folder), by default the repository's dist/.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

import { LAUNCH_OPTIONS } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.env.E2E_DIST || join(here, '../../dist'));
if (!existsSync(join(dist, 'index.html'))) throw new Error(`no built app in ${dist}: run trunk build --release --offline`);

export default defineConfig({
  testDir: here,
  testMatch: '*.spec.mjs',
  outputDir: join(here, 'out'),
  // CI has two cores; every test has its own browser context, so any two may run side by side.
  // A flaky test is fixed, not retried.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // As long as the engine may take to answer on a loaded machine.
  expect: { timeout: 15_000 },
  reporter: [['list'], [join(here, 'summary.mjs')]],
  use: {
    dist,
    browserName: 'chromium',
    launchOptions: LAUNCH_OPTIONS,
    viewport: { width: 1200, height: 850 },
    screenshot: 'only-on-failure',
  },
});
