// Issue 28: the first load stays within its budget. Fails CI when what the page downloads
// before the board is drawn and the engine answers grows past FIRST_LOAD_BUDGET (gzip).
import { expect, test } from './fixtures.mjs';
import { FIRST_LOAD_BUDGET, kb, measureFirstLoad } from './first-load.mjs';

test('the first load is within its budget', async ({ browser, base, dist }) => {
  const { files, gzip, brotli } = await measureFirstLoad(browser, base, dist);
  const listing = files.map((f) => `${f.name} ${kb(f.gzip)} gzip, ${kb(f.brotli)} brotli`).join('\n  ');
  console.log(`first load: ${kb(gzip)} gzip, ${kb(brotli)} brotli\n  ${listing}`);
  expect(files.some((f) => f.name.endsWith('.wasm')), 'the wasm files were fetched').toBe(true);
  expect(gzip, `first load ${kb(gzip)} gzip over ${kb(FIRST_LOAD_BUDGET)}:\n  ${listing}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
});
