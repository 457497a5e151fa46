// Issue 31, part 2: the names of what is on the board. A Ranging Rook opening played by clicks
// is named beside the moves (SPEC §3 [data-strategy]), each side's castle once built
// ([data-castle]), in the analysis and the review too, in English and Japanese; the names
// follow the move shown; the KIF export writes the strategy in its 戦型 header; axe on them.
import { app, audit, expect, open, play, test } from './fixtures.mjs';

// Sente ranges the rook to the fourth file and builds a Mino; gote's king goes into a Boat.
const GAME = ['7g7f', '3c3d', '2h6h', '8c8d', '5i4h', '7a6b', '4h3h', '5a4b', '3h2h', '4b3b', '3i3h', '6a5b', '6i5h'];

const strategy = (page) => page.locator('[data-strategy]');
const castle = (page, side) => page.locator(`[data-castle="${side}"]`);

test('a Fourth-file Ranging Rook and its castles are named as they are played, in the analysis, the review and the KIF', async ({ page, base }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, base, { side: 'both' });
  await expect(strategy(page)).toHaveCount(0);
  for (const [i, move] of GAME.entries()) {
    await play(page, move);
    await expect(app(page)).toHaveAttribute('data-turn', i % 2 ? 'b' : 'w');
    if (move === '2h6h') await expect(strategy(page)).toHaveText('Fourth-file Ranging Rook');
    if (move === '3i3h') await expect(castle(page, 'b')).toHaveText('Half Mino');
  }
  await expect(strategy(page)).toHaveText('Fourth-file Ranging Rook');
  await expect(castle(page, 'b')).toHaveText('Mino');
  await expect(castle(page, 'w')).toHaveText('Boat');
  const names = page.locator('.board-names').first();
  await expect(names).toContainText("Strategy: Fourth-file Ranging Rook");
  await expect(names).toContainText("☗ Sente: Mino");
  await expect(names.locator('a.names-lesson').first()).toHaveAttribute('href', '?lesson=castles:1');
  await expect(names.locator('a.names-lesson').first()).toHaveAccessibleName('A lesson for Fourth-file Ranging Rook');
  await audit(page, 'names beside the moves');
  await page.emulateMedia({ colorScheme: 'dark' });
  await audit(page, 'names beside the moves, dark (the lesson links readable)');
  await page.emulateMedia({ colorScheme: 'light' });

  // The names are the game's up to the move shown.
  await page.locator('[data-ply="4"]').click();
  await expect(strategy(page)).toHaveText('Fourth-file Ranging Rook');
  await expect(castle(page, 'b')).toHaveCount(0);
  await page.locator('[data-nav="start"]').click();
  await expect(strategy(page)).toHaveCount(0);
  await page.locator('[data-nav="end"]').click();
  await expect(castle(page, 'b')).toHaveText('Mino');

  // The analysis repeats the words, without the attributes.
  await page.locator('[data-action="analyse"]').click();
  await expect(page.locator('.analysis .board-names')).toContainText('Fourth-file Ranging Rook');
  await expect(strategy(page)).toHaveCount(1);
  await audit(page, 'names in the analysis');
  await page.screenshot({ path: 'out/names-desktop.png' });
  await page.locator('[data-action="analyse"]').click();

  // The review names the whole game.
  await page.locator('[data-review-budget]').selectOption('100');
  await page.locator('[data-action="review"]').click();
  await expect(page.locator('.board-names')).toHaveCount(2);
  await expect(page.locator('.board-names').last()).toContainText("☖ Gote: Boat");
  await expect(page.locator('[data-review-progress="100"]')).toBeVisible({ timeout: 30_000 });

  // The KIF export names the strategy in Japanese.
  await page.locator('[data-action="record"]').click();
  await page.locator('[data-format="kif"]').click();
  await expect.poll(() => page.locator('[data-export]').inputValue()).toContain('戦型：四間飛車\n');
});

test('in Japanese on a phone: the strategy and the castles of a game opened from a link', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, base, { lang: 'ja', side: 'both', moves: GAME.join(',') });
  await expect(strategy(page)).toHaveText('四間飛車');
  await expect(castle(page, 'b')).toHaveText('美濃囲い');
  await expect(castle(page, 'w')).toHaveText('舟囲い');
  await expect(page.locator('.board-names')).toContainText('☗ 先手：美濃囲い');
  await expect(page.locator('.board-names a.names-lesson').first()).toHaveAccessibleName('四間飛車に関するレッスン');
  await audit(page, 'names in Japanese');
  await page.locator('.board-names').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'out/names-phone.png', fullPage: true });
});

test('the names file is precached, for games offline', async ({ page, base }) => {
  await open(page, base);
  const precached = await page.evaluate(async () => (await (await fetch('sw.js')).text()).includes('./names.txt'));
  expect(precached, 'names.txt in the precache list').toBe(true);
});
