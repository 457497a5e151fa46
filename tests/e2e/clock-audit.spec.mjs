// Issue 32 looked at as a new user would: the clocks on a phone in the dark theme, in both
// languages, against the engine with a handicap of time, the new-game panel's presets, a loss
// on time, and the times the clock gives the move list.
import { clock, ms, openPaused } from './clock-helpers.mjs';
import { app, expect, open, play, test } from './fixtures.mjs';

const shot = (page, name) => page.screenshot({ path: `/tmp/rooms-shots/audit-${name}.png` });

test('audit: phone, dark, both languages', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const lang of ['en', 'ja']) {
    await openPaused(page, base, { lang, side: 'both', clock: '600+30bx3/0+10b' });
    await play(page, '7g7f');
    await page.clock.runFor(4000);
    await play(page, '3c3d');
    await page.clock.runFor(2000);
    // Sente's main time says what follows it; gote, in byoyomi from the start, its period.
    await expect(clock(page, 'b').locator('.clock-periods')).toHaveText(lang === 'en' ? 'then 30 s ×3' : '秒読み30秒×3');
    await expect(clock(page, 'w').locator('.clock-periods')).toHaveText(lang === 'en' ? 'byoyomi ×1' : '秒読み ×1');
    await shot(page, `phone-dark-${lang}`);
    await page.locator('[data-action="new-game"]').click();
    await shot(page, `phone-dark-new-game-${lang}`);
    await page.screenshot({ path: `/tmp/rooms-shots/audit-phone-dark-new-game-full-${lang}.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await page.clock.runFor(700_000);
    await expect(app(page)).toHaveAttribute('data-reason', 'timeout');
    await shot(page, `phone-dark-timeout-${lang}`);
    await page.keyboard.press('Escape');
    await shot(page, `phone-dark-after-${lang}`);
    await page.evaluate(() => localStorage.clear());
  }
});

test('audit: against the engine, each side its own time', async ({ page, base }) => {
  // The engine's 5 s byoyomi is a margin that holds on a loaded machine (2 s flagged at a
  // load average of 14 on two cores).
  await openPaused(page, base, { side: 'b', clock: '600+30b/0+5b' });
  await expect.poll(() => ms(page, 'w')).toBe(5000);
  expect(await ms(page, 'b')).toBeGreaterThan(590_000);
  await page.clock.resume();
  await play(page, '7g7f');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(clock(page, 'w')).toHaveAttribute('data-byoyomi', '');
  await play(page, '2g2f');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await shot(page, 'engine-own-times');
});

test('audit: a Fischer clock says its increment, a sudden-death clock nothing more', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '900+10f/180' });
  await expect(clock(page, 'b').locator('.clock-periods')).toHaveText('+10 s a move');
  await expect(clock(page, 'w').locator('.clock-periods')).toHaveText('');
  await page.locator('button[lang="ja"]').click();
  await expect(clock(page, 'b').locator('.clock-periods')).toHaveText('1手10秒加算');
});

test('audit: two tabs on the clock: the newer game taken in the other tab keeps its clocks', async ({ context, base }) => {
  const [first, second] = [await context.newPage(), await context.newPage()];
  await open(first, base, { side: 'both', clock: '60+10b' });
  await open(second, base, { side: 'both' });
  await play(first, '7g7f');
  await expect(second.locator('[data-action="load-newer"]')).toBeVisible();
  await second.locator('[data-action="load-newer"]').click();
  await expect(clock(second, 'w')).toHaveAttribute('data-running', '');
  const [a, b] = [await ms(first, 'w'), await ms(second, 'w')];
  expect(Math.abs(a - b), `gote's clock: ${a} in the first tab, ${b} in the second`).toBeLessThan(1000);
  expect(await ms(second, 'b')).toBe(await ms(first, 'b'));
});
