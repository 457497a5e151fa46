// Issue 32: an ending taken back on the clock. A loss on time is final (lishogi's rule: undo is
// not offered, the clocks stay stopped, also after a reload); a resignation taken back is on
// the clock again, each side's time as it was at the end. The page's time is the fake clock.
import { clock, ms, openPaused } from './clock-helpers.mjs';
import { app, expect, play, started, test } from './fixtures.mjs';

const undo = (page) => page.locator('[data-action="undo"]');

/** Closes the game-over panel once it is there (its view arrives on first use). */
async function closeGameOver(page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('clock: a loss on time cannot be taken back, before or after a reload', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '0+5b' });
  await play(page, '7g7f');
  await play(page, '3c3d');
  await expect(undo(page)).toBeEnabled();
  await page.clock.runFor(5100);
  await expect(app(page)).toHaveAttribute('data-reason', 'timeout');
  await closeGameOver(page);
  await expect(undo(page)).toBeDisabled();
  // The flagged clock says so, rather than "byoyomi ×1" with nothing left of it.
  await expect(clock(page, 'b').locator('.clock-periods')).toHaveText('out of time');
  await expect(clock(page, 'w').locator('.clock-periods')).toHaveText('byoyomi ×1');
  await page.clock.resume();
  await page.reload();
  await started(page);
  await expect(app(page)).toHaveAttribute('data-reason', 'timeout');
  await closeGameOver(page);
  await expect(undo(page)).toBeDisabled();
  await expect(page.locator('[data-clock][data-running]')).toHaveCount(0);
});

test('clock: a resignation taken back goes on on the clock', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '60' });
  await play(page, '7g7f');
  await page.clock.runFor(4000);
  await play(page, '3c3d');
  const gote = await ms(page, 'w');
  await page.locator('[data-action="resign"]').click();
  await page.locator('[data-action="confirm"]').click();
  await expect(app(page)).toHaveAttribute('data-reason', 'resign');
  await closeGameOver(page);
  await expect(page.locator('[data-clock][data-running]')).toHaveCount(0);
  // Time while the game was over does not count; two people undo one move: gote's turn again.
  await page.clock.runFor(10_000);
  await undo(page).click();
  await expect(app(page)).not.toHaveAttribute('data-result');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(clock(page, 'w')).toHaveAttribute('data-running', '');
  expect(await ms(page, 'w')).toBe(gote);
  await page.clock.runFor(3000);
  await expect.poll(async () => Math.abs((await ms(page, 'w')) - (gote - 3000))).toBeLessThanOrEqual(100);
  await play(page, '3c3d');
  await expect(clock(page, 'b')).toHaveAttribute('data-running', '');
});

test("clock: each move's time on the clock goes into the move list and the record", async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '600+30b' });
  await play(page, '7g7f');
  await page.clock.runFor(2500);
  await play(page, '3c3d');
  await page.clock.runFor(1000);
  // Paused time is not the move's.
  await page.locator('[data-action="pause"]').click();
  await page.clock.runFor(60_000);
  await page.locator('[data-action="pause"]').click();
  await page.clock.runFor(64_000);
  await play(page, '2g2f');
  await expect(page.locator('.move-time').nth(1)).toHaveText('0:02');
  await expect(page.locator('.move-time').nth(2)).toHaveText('1:05');
  // Kept with the saved game, and written in the KIF's time column.
  await page.clock.resume();
  await page.reload();
  await started(page);
  await expect(page.locator('.move-time').nth(2)).toHaveText('1:05');
  await page.locator('[data-action="record"]').click();
  await page.locator('[data-format="kif"]').click();
  const kif = await page.locator('[data-export]').inputValue();
  expect(kif).toContain('   2 ３四歩(33)   ( 0:02/00:00:02)\n');
  expect(kif).toMatch(/ {3}3 ２六歩\(27\) {3}\( 1:05\/00:01:0\d\)\n/);
});

test('clock: the time a resignation or a flag took is kept in the record', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '600+30b' });
  await play(page, '7g7f');
  await page.clock.runFor(2000);
  await play(page, '3c3d');
  await page.clock.runFor(7000);
  await page.locator('[data-action="resign"]').click();
  await page.locator('[data-action="confirm"]').click();
  await expect(app(page)).toHaveAttribute('data-reason', 'resign');
  await closeGameOver(page);
  // Kept with the saved game, and written by KIF's time column and CSA's T line.
  await page.clock.resume();
  await page.reload();
  await started(page);
  await closeGameOver(page);
  await page.locator('[data-action="record"]').click();
  await page.locator('[data-format="kif"]').click();
  // Sente's total counts its first move too, which took the seconds the page took to start:
  // however many those were on this machine, the resignation adds its own 7 (or 8, rounded).
  const kif = await page.locator('[data-export]').inputValue();
  const first = kif.match(/ {3}1 ７六歩\(77\) +\( 0:(\d\d)\/00:00:\d\d\)\n/);
  const resigned = kif.match(/ {3}3 投了 +\( 0:07\/00:00:(\d\d)\)\n/);
  expect(first, kif).not.toBeNull();
  expect(resigned, kif).not.toBeNull();
  expect(Number(resigned[1]) - Number(first[1])).toBeGreaterThanOrEqual(7);
  expect(Number(resigned[1]) - Number(first[1])).toBeLessThanOrEqual(8);
  await page.locator('[data-format="csa"]').click();
  expect(await page.locator('[data-export]').inputValue()).toContain('%TORYO\nT7\n');
  await page.keyboard.press('Escape');
  // A loss on time: the flag's turn, all of its time.
  await page.evaluate(() => localStorage.clear());
  await openPaused(page, base, { side: 'both', clock: '0+5b' });
  await play(page, '7g7f');
  await page.clock.runFor(5100);
  await expect(app(page)).toHaveAttribute('data-reason', 'timeout');
  await closeGameOver(page);
  await page.locator('[data-action="record"]').click();
  await page.locator('[data-format="kif"]').click();
  expect(await page.locator('[data-export]').inputValue()).toMatch(/ {3}2 切れ負け +\( 0:05\/00:00:05\)\n/);
});
