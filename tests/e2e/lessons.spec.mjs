// Issue 31: the lessons. A newcomer passes the rook stage's first level by clicks and by keys,
// three stars at par and one the long way round, kept over a reload; a pawn-drop mate refused
// in Japanese; a bad lesson in the URL; an embedded lesson tells its host; axe on the views.
import { app, arrowTo, audit, board, click, dests, expect, open, play, site, square, started, tabToBoard, test } from './fixtures.mjs';

const panel = (page) => page.locator('.lesson-panel');
const message = (page) => page.locator('.lesson-panel .message');

test('a newcomer passes the rook\'s first level by clicks, from the Learn dialog; kept over a reload', async ({ page, base }) => {
  await open(page, base);
  await page.locator('[data-action="learn"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-stage]')).toHaveCount(18);
  await audit(page, 'lessons dialog');
  await page.screenshot({ path: 'out/lessons-dialog.png' });
  await dialog.locator('[data-lesson-level="rook:1"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(app(page)).toHaveAttribute('data-lesson', 'rook:1');
  await expect(panel(page).locator('h2')).toHaveText('The rook · Level 1 of 6');
  await expect(panel(page)).toContainText('Goal: land on every star.');
  await expect(page.locator('[data-target]')).toHaveCount(1);
  await expect(square(page, '2e')).toHaveAttribute('data-target', '');
  await expect(square(page, '2e')).toHaveAccessibleName(/target/);
  await click(page, '5e');
  await expect.poll(() => dests(page)).toContain('2e');
  await audit(page, 'lesson panel, rook picked up');
  await click(page, '2e');
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await expect(message(page)).toContainText('Passed with 3 of 3 stars!');
  await expect(page.locator('[data-target]')).toHaveCount(0);
  await expect(panel(page).locator('.status')).toHaveText('Moves: 1 (par 1)');
  await audit(page, 'lesson passed');
  await page.screenshot({ path: 'out/lesson-passed.png' });

  // The progress survives a reload: the dialog shows the stars.
  await page.reload();
  await page.locator('[data-action="learn"]').click();
  const level = page.getByRole('dialog').locator('[data-lesson-level="rook:1"]');
  await expect(level).toHaveAttribute('data-stars', '3');
  await expect(level).toHaveAccessibleName('Level 1, 3 of 3 stars');
  await expect(page.getByRole('dialog').locator('[data-stage="rook"] .count')).toHaveText('3 of 18 stars');
  const stored = await page.evaluate(() => localStorage.getItem('shogi.lessons'));
  expect(stored).toBe('shogi-lessons 1\nrook:1 3');
});

test('one star the long way round; retry; the next level', async ({ page, base }) => {
  await open(page, base, { mode: 'lesson', lesson: 'rook:1' });
  await expect(app(page)).toHaveAttribute('data-lesson', 'rook:1');
  for (const move of ['5e5f', '5f2f']) {
    await play(page, move);
    await expect(app(page)).not.toHaveAttribute('data-stars', /./);
  }
  await play(page, '2f2e');
  await expect(app(page)).toHaveAttribute('data-stars', '1');
  await expect(message(page)).toContainText('Passed with 1 of 3 stars!');
  await expect(panel(page).locator('.stars')).toHaveText('★☆☆');
  // A passed level takes no more moves until it is retried.
  await click(page, '2e');
  await expect(message(page)).toContainText('retry it or go on');
  await page.locator('[data-action="retry"]').click();
  await expect(app(page)).not.toHaveAttribute('data-stars', /./);
  await play(page, '5e2e');
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await page.locator('[data-action="next-level"]').click();
  await expect(app(page)).toHaveAttribute('data-lesson', 'rook:2');
  expect(await page.evaluate(() => localStorage.getItem('shogi.lessons'))).toBe('shogi-lessons 1\nrook:1 3');
});

test('the rook\'s first level by keys alone, the goal and the stars read out', async ({ page, base }) => {
  await open(page, base, { mode: 'lesson', lesson: 'rook:1' });
  await expect(panel(page).locator('.status')).toHaveAttribute('role', 'status');
  await tabToBoard(page);
  await arrowTo(page, '5e');
  await page.keyboard.press('Enter');
  await arrowTo(page, '2e');
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await expect(message(page)).toHaveAttribute('aria-live', 'polite');
  await expect(message(page)).toContainText('Passed with 3 of 3 stars!');
});

test('a pawn drop that mates is refused with its reason in Japanese; a gold mates', async ({ page, base }) => {
  await open(page, base, { mode: 'lesson', lesson: 'drops:7', lang: 'ja' });
  await expect(app(page)).toHaveAttribute('data-lesson', 'drops:7');
  await expect(panel(page)).toContainText('目標：詰ませる。');
  await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
  await click(page, '5b');
  await expect(message(page)).toHaveText('反則です：打ち歩詰め。');
  await expect(page.locator('[data-hand="b"] [data-hand-piece="P"]')).toHaveCount(1);
  await play(page, 'G*5b');
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await expect(message(page)).toContainText('クリア！星3つです。');
  await audit(page, 'lesson passed, Japanese');
  await page.screenshot({ path: 'out/lesson-drops-ja.png' });
});

test('a wrong move fails a mate level; a bad lesson in the URL shows the first and says why', async ({ page, base }) => {
  await open(page, base, { mode: 'lesson', lesson: 'check:7' });
  await play(page, 'G*4b');
  await expect(message(page)).toContainText('That move does not reach the goal: retry.');
  await expect(app(page)).not.toHaveAttribute('data-stars', /./);

  await open(page, base, { mode: 'lesson', lesson: 'bogus' });
  await expect(app(page)).toHaveAttribute('data-lesson', 'king:1');
  await expect(page.locator('.notices')).toHaveText(/lesson.*bogus.*rook/s, { useInnerText: true });
  await open(page, base, { lesson: 'rook:99' });
  await expect(app(page)).toHaveAttribute('data-lesson', 'rook:1');
  await expect(message(page)).toHaveText('The stage has no level 99: its first level is shown.');
});

test('a phone shows the board, the lesson and its buttons', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, base, { mode: 'lesson', lesson: 'bishop:4' });
  // The panel is drawn at once and filled when the course has come: read, then scroll.
  await expect(panel(page)).toContainText('Goal: promote a piece.');
  // The board fills the phone's width; the lesson follows below it, its buttons a scroll away.
  await expect(page.locator('.board-slot')).toBeInViewport();
  await page.locator('[data-action="retry"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-action="retry"]')).toBeInViewport();
  await audit(page, 'lesson on a phone');
  await page.screenshot({ path: 'out/lesson-phone.png', fullPage: true });
});

test('an embedded lesson posts shogi:solved when passed', async ({ page, dist }) => {
  const host = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="shogi/embed.js" defer></script>
<script>window.heard = []; addEventListener('message', (e) => { if (/solved|failed/.test(e.data.type)) heard.push(e.data.type + ' ' + e.data.id); });</script>
<div class="shogi-board" id="learn" style="width:400px" data-mode="lesson" data-lesson="rook:1"></div>`,
  });
  try {
    await page.goto(`${host.url}post.html`);
    const frame = await board(page, 'learn');
    await expect(app(frame)).toHaveAttribute('data-lesson', 'rook:1');
    // An embed has no way out of the lesson, only its own buttons.
    await expect(frame.locator('[data-action="leave-lessons"]')).toHaveCount(0);
    await play(frame, '5e2e');
    await expect(app(frame)).toHaveAttribute('data-stars', '3');
    await expect.poll(() => page.evaluate(() => window.heard)).toEqual(['shogi:solved learn']);
  } finally {
    await host.close(page);
  }
});

test('offline after one visit: the lessons are precached with the app', async ({ page, context, dist }) => {
  const host = await site(dist, 'shogi');
  try {
    await open(page, host.app);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20000 }).toBe(true);
    const precached = await page.evaluate(async () => (await (await fetch('sw.js')).text()).includes('./lessons.txt'));
    expect(precached, 'lessons.txt in the precache list').toBe(true);
    await host.close();
    await context.setOffline(true);
    await page.goto(`${host.app}?mode=lesson&lesson=king:3`);
    await started(page);
    await expect(app(page)).toHaveAttribute('data-lesson', 'king:3');
    await play(page, '5e5d');
    await play(page, '5d5c');
    await expect(app(page)).toHaveAttribute('data-stars', '3');
  } finally {
    await context.setOffline(false);
    await host.close(page).catch(() => {});
  }
});
