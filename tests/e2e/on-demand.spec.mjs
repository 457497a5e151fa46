// Issue 28: the views a first game does not need (src/ui/on_demand.rs) are files of their own,
// fetched the first time they are wanted, and precached, so they open offline too.
import { app, expect, open, site, started, test } from './fixtures.mjs';

/** The dialogs opened from the header, each with what it shows. */
const DIALOGS = [
  ['guide', '.guide-row'],
  ['games', 'h2'],
  ['record', 'textarea'],
  ['problems', '[data-problem]'],
];

/** The split files the page has fetched, by the name of the view each loads. */
function splitFiles(page) {
  const fetched = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop();
    const split = name.match(/^split_(\w+?)_on_demand_\d+\.wasm$/);
    if (split) fetched.push(split[1]);
  });
  return fetched;
}

/** Opens each dialog from the header and closes it again. */
async function openEachDialog(page) {
  for (const [action, shown] of DIALOGS) {
    await page.locator(`[data-action="${action}"]`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator(shown).first(), `the ${action} dialog`).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
}

test('a first game fetches none of the views it does not need; each loads when first opened', async ({ page, base }) => {
  const fetched = splitFiles(page);
  await open(page, base, { side: 'w', think: '200' });
  await expect(app(page), "the engine's first move").toHaveAttribute('data-turn', 'w');
  expect(fetched, 'nothing fetched on demand before a view is wanted').toEqual([]);
  await openEachDialog(page);
  expect(fetched, 'each dialog fetched its own file, once').toEqual(['guide', 'games', 'record', 'problems']);
  await openEachDialog(page);
  expect(fetched, 'and not again').toHaveLength(4);
  await page.keyboard.press('a');
  await expect(page.locator('.analysis')).toBeVisible();
  expect(fetched).toContain('panel');
});

test('offline, every view loaded on demand still opens', async ({ page, context, dist }) => {
  const host = await site(dist, 'shogi');
  try {
    await open(page, host.app, { side: 'both' });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20000 }).toBe(true);
    // The guide's Japanese names bring the Japanese font, which the service worker keeps only
    // once fetched (precache.mjs, on demand): fetched here, while online.
    await page.locator('[data-action="guide"]').click();
    await expect(page.locator('.guide-row').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await host.close();
    await context.setOffline(true);
    await page.reload();
    await started(page);
    await openEachDialog(page);
    await page.keyboard.press('a');
    await expect(page.locator('.analysis')).toBeVisible();
    await page.locator('[data-action="problems"]').click();
    await page.locator('[data-problem]').first().click();
    await expect(page.locator('.problem-panel h2'), "a problem's panel").toBeVisible();
  } finally {
    await context.setOffline(false);
    await host.close().catch(() => {});
  }
});
