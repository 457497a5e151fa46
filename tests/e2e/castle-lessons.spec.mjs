// Issue 31: the castles' stage. A newcomer opens it from the Learn dialog, swings the rook
// and builds the first castle (a Mino) by clicks in par for three stars; the long way round
// gets fewer; by keys alone; a castle's and a strategy's name shown in a game link to their
// levels, and the link opens that lesson; English and Japanese, desktop and phone, axe.
import { app, arrowTo, audit, expect, open, play, tabToBoard, test } from './fixtures.mjs';

const panel = (page) => page.locator('.lesson-panel');
const message = (page) => page.locator('.lesson-panel .message');

test('a newcomer plays a Ranging Rook and builds a Mino by clicks from the Learn dialog, three stars each', async ({ page, base }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, base);
  await page.locator('[data-action="learn"]').click();
  const dialog = page.getByRole('dialog');
  const stage = dialog.locator('[data-stage="castles"]');
  await expect(stage.locator('h3')).toContainText('Castles and strategies');
  await expect(stage.locator('[data-lesson-level]')).toHaveCount(7);
  await stage.locator('[data-lesson-level="castles:1"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(app(page)).toHaveAttribute('data-lesson', 'castles:1');
  await expect(panel(page).locator('h2')).toHaveText('Castles and strategies · Level 1 of 7');
  await expect(panel(page)).toContainText('Goal: play this strategy: Fourth-file Ranging Rook.');
  await expect(page.locator('[data-target]')).toHaveCount(0);
  await play(page, '2h6h');
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await expect(message(page)).toContainText('Passed with 3 of 3 stars!');

  await page.locator('[data-action="next-level"]').click();
  await expect(app(page)).toHaveAttribute('data-lesson', 'castles:2');
  await expect(panel(page)).toContainText('Goal: build this castle: Mino.');
  await audit(page, 'castle lesson');
  for (const move of ['3h2h', '3i3h']) {
    await play(page, move);
    await expect(app(page)).not.toHaveAttribute('data-stars', /./);
  }
  // The opponent answers with the level's scripted moves meanwhile.
  await expect(app(page)).toHaveAttribute('data-sfen', /^ln1g1gsnl\/1r1s2kb1\/2pppp1p1\/p5p1p\//);
  await play(page, '6i5h');
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await expect(panel(page).locator('.status')).toHaveText('Moves: 3 (par 3)');
  await expect(panel(page).locator('.stars')).toHaveText('★★★');
  await audit(page, 'castle lesson passed');
  await page.screenshot({ path: 'out/castles-mino-desktop.png' });
  expect(await page.evaluate(() => localStorage.getItem('shogi.lessons'))).toBe('shogi-lessons 1\ncastles:1 3\ncastles:2 3');

  await page.locator('[data-action="lessons"]').click();
  await expect(page.getByRole('dialog').locator('[data-stage="castles"] .count')).toHaveText('6 of 21 stars');
  await expect(page.getByRole('dialog').locator('[data-lesson-level="castles:2"]')).toHaveAccessibleName('Level 2, 3 of 3 stars');
});

test('the long way round to a Boat earns two stars; the Helmet by keys alone', async ({ page, base }) => {
  await open(page, base, { mode: 'lesson', lesson: 'castles:4' });
  await expect(panel(page)).toContainText('Goal: build this castle: Boat.');
  await play(page, '9g9f');
  await expect(message(page)).not.toContainText('retry');
  for (const move of ['5i6h', '6h7h', '4i5h']) await play(page, move);
  await expect(app(page)).toHaveAttribute('data-stars', '2');
  await expect(panel(page).locator('.stars')).toHaveText('★★☆');

  await open(page, base, { mode: 'lesson', lesson: 'castles:7' });
  await expect(panel(page)).toContainText('Goal: build this castle: Helmet.');
  await tabToBoard(page);
  for (const [from, to] of [['5i', '6h'], ['8h', '7g'], ['4i', '5h']]) {
    await arrowTo(page, from);
    await page.keyboard.press('Enter');
    await arrowTo(page, to);
    await page.keyboard.press('Enter');
  }
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await expect(message(page)).toHaveAttribute('aria-live', 'polite');
  await expect(message(page)).toContainText('Passed with 3 of 3 stars!');
});

test("a game's castle and strategy link to their levels, and the link opens the lesson", async ({ page, base }) => {
  // Sente ranges the rook to the fourth file and builds a Mino; gote's king goes into a Boat.
  const game = ['7g7f', '3c3d', '2h6h', '8c8d', '5i4h', '7a6b', '4h3h', '5a4b', '3h2h', '4b3b', '3i3h', '6a5b', '6i5h'];
  await open(page, base, { side: 'both', moves: game.join(',') });
  const link = (what) => page.locator(`.board-names li.${what}`).first().locator('a.names-lesson');
  await expect(page.locator('[data-castle="b"]')).toHaveText('Mino');
  await expect(link('strategy')).toHaveAttribute('href', '?lesson=castles:1');
  const mino = page.locator('.board-names li.castle', { has: page.locator('[data-castle="b"]') }).locator('a.names-lesson');
  await expect(mino).toHaveAttribute('href', '?lesson=castles:2');
  await expect(mino).toHaveAccessibleName('A lesson for Mino');
  const boat = page.locator('.board-names li.castle', { has: page.locator('[data-castle="w"]') }).locator('a.names-lesson');
  await expect(boat).toHaveAttribute('href', '?lesson=castles:4');
  // The link opens a new tab on the lesson.
  const [lesson] = await Promise.all([page.context().waitForEvent('page'), mino.click()]);
  await expect(app(lesson)).toHaveAttribute('data-lesson', 'castles:2', { timeout: 20_000 });
  await expect(panel(lesson)).toContainText('Goal: build this castle: Mino.');
  await expect(panel(lesson).locator('h2')).toHaveText('Castles and strategies · Level 2 of 7');
});

test('in Japanese, on a desktop and on a phone', async ({ page, base }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, base, { mode: 'lesson', lesson: 'castles:5', lang: 'ja' });
  await expect(panel(page)).toContainText('目標：金矢倉を組む。');
  for (const move of ['7h8h', '6i7h', '5h6g']) await play(page, move);
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await expect(message(page)).toContainText('クリア！星3つです。');
  await audit(page, 'castle lesson passed, Japanese');
  await page.screenshot({ path: 'out/castles-yagura-ja-desktop.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, base, { mode: 'lesson', lesson: 'castles:2', lang: 'ja' });
  await expect(panel(page)).toContainText('目標：美濃囲いを組む。');
  await expect(page.locator('.board-slot')).toBeInViewport();
  await page.locator('[data-action="retry"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-action="retry"]')).toBeInViewport();
  await audit(page, 'castle lesson on a phone, Japanese');
  await page.screenshot({ path: 'out/castles-mino-ja-phone.png', fullPage: true });

  await open(page, base, { mode: 'lesson', lesson: 'castles:6' });
  await expect(panel(page)).toContainText('Goal: build this castle: Static Rook Anaguma.');
  for (const move of ['9i9h', '8h9i', '7i8h']) await play(page, move);
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await page.screenshot({ path: 'out/castles-anaguma-phone.png', fullPage: true });
});
