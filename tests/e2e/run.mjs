// End-to-end tests of the built app (dist/) in headless Chromium.
// Usage: node run.mjs [dist-dir] [name-filter]. Prints one line per test and
// "N passed, N failed" at the end; exits non-zero on any failure.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from './browser.mjs';
import { serve } from './serve.mjs';
import { tests } from './tests.mjs';
import './a11y.mjs';
import './saves.mjs';
import './offline.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] || join(here, '../../dist');
const filter = process.argv[3] || '';
const shots = join(here, 'out');

const server = await serve(dist);
const browser = await launch();
await mkdir(shots, { recursive: true });
let passed = 0;
let failed = 0;
for (const [name, body] of tests) {
  if (!name.includes(filter)) continue;
  const context = await browser.newContext({ viewport: { width: 1200, height: 850 } });
  const page = await context.newPage();
  // Every test also checks the page and its workers logged no error or warning: "no console
  // errors" holds throughout.
  const errors = [];
  const listen = (target) => target.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`);
  });
  listen(page);
  page.on('worker', listen);
  page.on('pageerror', (err) => errors.push(String(err)));
  const started = Date.now();
  try {
    await body({ page, context, base: server.url, shots });
    if (errors.length) throw new Error(`console: ${errors.join(' | ')}`);
    passed++;
    console.log(`ok     ${name} (${Date.now() - started} ms)`);
  } catch (err) {
    failed++;
    console.log(`FAILED ${name}: ${err.message.split('\n').slice(0, 6).join('\n       ')}`);
    await page.screenshot({ path: join(shots, `failed-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
  }
  await context.close();
}
await browser.close();
await server.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
