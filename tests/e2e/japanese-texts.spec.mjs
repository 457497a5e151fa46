// The Japanese texts are a file of their own (src/ui/text/japanese.rs, issue 28): an English
// page goes without them; a Japanese page shows no English before them; a switch of language
// shows them; offline they are there too.
import { app, expect, open, site, started, test } from './fixtures.mjs';

const TEXTS = 'japanese.txt';
const fetchedTexts = (page) => {
  const fetched = [];
  page.on('request', (r) => r.url().endsWith(`/${TEXTS}`) && fetched.push(r.url()));
  return fetched;
};

test('an English page goes without the Japanese texts; switching to Japanese fetches and shows them', async ({ page, base }) => {
  const fetched = fetchedTexts(page);
  await open(page, base, { lang: 'en', side: 'both' });
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  expect(fetched, 'no Japanese texts for an English page').toEqual([]);
  await page.locator('button[lang="ja"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('button', { name: '新しい対局' })).toBeVisible();
  expect(fetched).toHaveLength(1);
  // Back and forth again: the texts are kept, not fetched twice.
  await page.locator('button[lang="en"]').click();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await page.locator('button[lang="ja"]').click();
  await expect(page.getByRole('button', { name: '新しい対局' })).toBeVisible();
  expect(fetched).toHaveLength(1);
});

test('a Japanese page waits for its texts: its board comes with them, never with English', async ({ page, base }) => {
  // The texts arrive late: the board must not be drawn before them.
  await page.route(`**/${TEXTS}`, async (route) => {
    await new Promise((ok) => setTimeout(ok, 800));
    await route.continue();
  });
  await page.goto(`${base}?lang=ja&side=both`);
  await app(page).waitFor({ state: 'attached' });
  const words = await page.evaluate(() => document.body.innerText);
  expect(words).toContain('新しい対局');
  expect(words).not.toContain('New game');
  await started(page);
});

test('a language remembered as Japanese is read before the first paint too', async ({ page, base }) => {
  await open(page, base, { lang: 'en' });
  await page.locator('button[lang="ja"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.goto(base);
  await app(page).waitFor({ state: 'attached' });
  expect(await page.evaluate(() => document.body.innerText)).toContain('新しい対局');
});

test('offline, a page opened in Japanese has its texts', async ({ page, context, dist }) => {
  const host = await site(dist, 'shogi');
  try {
    await open(page, host.app, { lang: 'en' });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20000 }).toBe(true);
    // The Japanese font is kept once fetched (on demand, not precached): fetched here, as a
    // Japanese page would have, so that the test is about the texts alone.
    await page.evaluate(() => fetch('fonts/japanese-ui.woff2'));
    await host.close();
    await context.setOffline(true);
    await page.goto(`${host.app}?lang=ja&side=both`);
    await started(page);
    await expect(page.getByRole('button', { name: '新しい対局' })).toBeVisible();
  } finally {
    await context.setOffline(false);
    await host.close(page).catch(() => {});
  }
});
