// Debian's Chromium driven by Playwright (never `npx playwright install`; see TOOLCHAIN.md):
// the options of the tests' runner (playwright.config.mjs) and of the bench.
import { chromium } from '@playwright/test';

export const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic'],
};

export function launch() {
  return chromium.launch(LAUNCH_OPTIONS);
}
