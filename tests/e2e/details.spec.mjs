// The details a player notices (issue 30): stepping between variations, the analysis and the
// review fitting the screen, the evaluation bar, the threat, the review's graph and arrow,
// view mode, one message once, the position editor's door, and the small things.
import { app, expect, open, piece, play, settled, square, test } from './fixtures.mjs';

const live = (page) => page.locator('[data-live]');
const row = (page, ply) => page.locator(`[data-ply="${ply}"]`);

// The rooks walk along their ranks and back, with a pawn step between the walks: 44 moves
// that repeat no position often enough to end the game.
const WALK = ['2h3h', '8b7b', '3h4h', '7b6b', '4h5h', '6b5b', '5h6h', '5b4b', '6h7h', '4b3b',
  '7h6h', '3b4b', '6h5h', '4b5b', '5h4h', '5b6b', '4h3h', '6b7b', '3h2h', '7b8b'];
const LONG_GAME = ['7g7f', '3c3d', ...WALK, '1g1f', '9c9d', ...WALK].join(',');

test('up and down move between the variations at the move shown, wherever the focus is but the board', async ({ page, base }) => {
  await open(page, base, { side: 'both', moves: '7g7f,3c3d,2g2f,8c8d', variations: '0@3:6g6f,8c8d' });
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 3)).toHaveClass(/current/);
  await expect(row(page, 3)).toHaveText(/P-2f/);
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 3), 'the other third move, 6g6f').toHaveText(/P-6f/);
  await expect(row(page, 3)).toHaveClass(/current/);
  await expect(piece(page, '6f')).toHaveCount(1);
  await expect(page.locator('.variation-bar')).toBeVisible();
  await expect(live(page), 'said like any move').toHaveText('Move 3: Sente: pawn to 6 f');
  // 6g6f is the last of the two: down again changes nothing.
  await page.keyboard.press('ArrowDown');
  await settled(page);
  await expect(row(page, 3)).toHaveText(/P-6f/);
  await page.keyboard.press('ArrowUp');
  await expect(row(page, 3)).toHaveText(/P-2f/);
  await expect(piece(page, '2f')).toHaveCount(1);
  await expect(page.locator('.variation-bar')).toHaveCount(0);
  // Stepping is said too.
  await page.keyboard.press('ArrowLeft');
  await expect(live(page)).toHaveText('Move 2: Gote: pawn to 3 d');
  await page.keyboard.press('Home');
  await expect(live(page)).toHaveText('The start position');
  // Where there is only one move, up and down do nothing.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await settled(page);
  await expect(row(page, 1)).toHaveClass(/current/);
  await expect(row(page, 3)).toHaveText(/P-2f/);
  // On the board the arrows move the focus between squares.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await square(page, '5e').focus();
  await page.keyboard.press('ArrowDown');
  await expect(square(page, '5f')).toBeFocused();
  await expect(row(page, 3)).toHaveText(/P-2f/);
});

/** Whether `locator` lies wholly inside the window. */
async function inWindow(page, locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height + 0.5 && box.x + box.width <= width + 0.5;
}

async function expectAllInWindow(page, what) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight), { message: `${what}: the page needs no scrolling` }).toBeLessThanOrEqual(0);
  for (const [name, locator] of [
    ['board', page.locator('svg.board')],
    ['step buttons', page.locator('.move-nav')],
    ['current move', page.locator('.move-list .current')],
  ]) {
    expect(await inWindow(page, locator), `${what}: the ${name} in sight`).toBe(true);
  }
}

for (const [width, height] of [[1280, 800], [1366, 768]]) {
  test(`at ${width}×${height} the review and the analysis fit the screen, and a move clicked scrolls only the list`, async ({ page, base }) => {
    await page.setViewportSize({ width, height });
    await open(page, base, { side: 'both', moves: LONG_GAME });
    await page.locator('[data-review-budget]').selectOption('100');
    await page.locator('[data-action="review"]').click();
    await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100', { timeout: 60_000 });
    await expectAllInWindow(page, 'review');
    // A move early in the list: the list scrolls inside its panel, the page not at all.
    await page.locator('.move-list').evaluate((list) => { list.scrollTop = 0; });
    await row(page, 5).click();
    await expect(row(page, 5)).toHaveClass(/current/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAllInWindow(page, 'review, move 5');
    // Stepping to the end keeps the move shown in sight: the list follows.
    await page.keyboard.press('End');
    await expect(row(page, 44)).toHaveClass(/current/);
    await expectAllInWindow(page, 'review, last move');
    await page.locator('[data-action="analyse"]').click();
    await expect(page.locator('[data-eval]')).toBeVisible();
    await row(page, 20).click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAllInWindow(page, 'analysis and review');
  });
}

// Phones held sideways, small phones and the narrowest large screens: before any scrolling the
// board, both hands and both clocks are in the window, each clock's time inside its box, and a
// window wider than tall does not scroll at all (a short window's header keeps to one line).
for (const [width, height] of [[667, 375], [844, 390], [568, 320], [320, 568], [360, 560], [1024, 768], [1150, 700]]) {
  test(`at ${width}×${height} the board, both hands and both clocks are in the window`, async ({ page, base }) => {
    await page.setViewportSize({ width, height });
    for (const lang of ['en', 'ja']) {
      await open(page, base, { lang, side: 'both', clock: '600+30bx3' });
      await play(page, '7g7f');
      for (const [name, locator] of [
        ['board', page.locator('svg.board')],
        ['top hand and clock', page.locator('.hand-slot.top')],
        ['bottom hand and clock', page.locator('.hand-slot.bottom')],
      ]) {
        expect(await inWindow(page, locator), `${lang}: the ${name} in sight`).toBe(true);
      }
      for (const side of ['b', 'w']) {
        const fits = await page.locator(`[data-clock="${side}"]`).evaluate((c) => c.scrollWidth <= c.clientWidth);
        expect(fits, `${lang}: ${side}'s clock holds its time`).toBe(true);
      }
      if (width > height) {
        const below = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
        expect(below, `${lang}: the page needs no scrolling`).toBeLessThanOrEqual(0);
      }
    }
  });
}

test('the tab\'s title says when the engine has answered, in the page\'s language', async ({ page, base }) => {
  await open(page, base, { side: 'b', think: '2000' });
  await expect(page).toHaveTitle('Your move · Shogi');
  await play(page, '7g7f');
  await expect(page, 'while the engine thinks').toHaveTitle('Shogi');
  await expect(page).toHaveTitle('Your move · Shogi', { timeout: 15_000 });
  await page.locator('button[lang="ja"]').click();
  await expect(page).toHaveTitle('あなたの手番・将棋');
  // Two people at one device: no engine to wait for.
  await open(page, base, { side: 'both', lang: 'en' });
  await expect(page).toHaveTitle('Shogi');
});

test('the notices at the top can be put away once read', async ({ page, base }) => {
  await page.setViewportSize({ width: 667, height: 375 });
  await open(page, base, { pieces: 'nope', side: 'both', lang: 'en' });
  await expect(page.locator('.notices li')).toHaveText(/pieces.*nope/);
  const boardTop = async () => (await page.locator('svg.board').boundingBox()).y;
  const before = await boardTop();
  await page.locator('[data-action="dismiss-notices"]').click();
  await expect(page.locator('.notices')).toBeHidden();
  expect(await boardTop(), 'the board moves up into the room').toBeLessThan(before);
  expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeLessThanOrEqual(0);
});

test('a game opened from a link shows its last move in the list, also once the analysis shrinks the list', async ({ page, base }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, base, { side: 'both', moves: LONG_GAME });
  const currentInList = () => page.evaluate(() => {
    const list = document.querySelector('.move-list').getBoundingClientRect();
    const current = document.querySelector('.move-list .current').getBoundingClientRect();
    return current.top >= list.top - 1 && current.bottom <= list.bottom + 1;
  });
  await expect(row(page, 44)).toHaveClass(/current/);
  await expect.poll(currentInList, { message: 'the last move in sight' }).toBe(true);
  await page.locator('[data-action="analyse"]').click();
  await expect(page.locator('[data-eval]')).toBeVisible();
  await expect.poll(currentInList, { message: 'still in sight with the analysis open' }).toBe(true);
});

test('on a phone the step buttons and the moves come before the analysis and the review', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, base, { side: 'both', moves: LONG_GAME });
  await page.locator('[data-review-budget]').selectOption('100');
  await page.locator('[data-action="review"]').click();
  await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100', { timeout: 60_000 });
  await page.locator('[data-action="analyse"]').click();
  const panel = await page.locator('.panel').boundingBox();
  const nav = await page.locator('.move-nav').boundingBox();
  const list = await page.locator('.move-list').boundingBox();
  expect(nav.y - panel.y, 'the step buttons near the panel\'s top').toBeLessThan(200);
  expect(list.y + list.height, 'the moves before the panel\'s end').toBeLessThan(panel.y + panel.height);
});

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`at ${width}×${height} the evaluation bar is wide enough to read, with its number and whose it is`, async ({ page, base }) => {
    await page.setViewportSize({ width, height });
    // Gote starts without its rook.
    await open(page, base, { sfen: 'lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', mode: 'analysis' });
    await expect(page.locator('[data-eval]')).toHaveAttribute('data-depth', /^([3-9]|\d\d)$/);
    const bar = await page.locator('.eval-gote').boundingBox();
    const board = await page.locator('svg.board').boundingBox();
    expect(bar.width).toBeGreaterThanOrEqual(12);
    expect(bar.width).toBeGreaterThanOrEqual(0.015 * board.width);
    // The number sits at sente's end, the bottom, as sente is ahead.
    const number = page.locator('.eval-number');
    await expect(number).toHaveText(/^\+\d+\.\d$/);
    const box = await number.boundingBox();
    expect(box.y + box.height / 2).toBeGreaterThan(bar.y + bar.height / 2);
    await expect(page.locator('.analysis .verdict')).toHaveText(/^☗ Sente is (better|winning) \(\+\d+\.\d\d for ☗ Sente\)$/);
    await page.locator('[lang="ja"]').click();
    await expect(page.locator('.analysis .verdict')).toHaveText(/☗ 先手から見て\+\d+\.\d\d/);
  });
}

test('a quiet king step with the turn passed is no threat', async ({ page, base }) => {
  // Kings and one pawn each, far apart: passing gives gote nothing but king steps.
  await open(page, base, { sfen: '4k4/9/p8/9/9/9/8P/9/4K4 b - 1', side: 'both' });
  await page.locator('[data-action="threat"]').click();
  await expect(page.locator('p.threat')).toHaveText(/^No direct threat: if it were ☖ Gote's move, nothing would take, check, or gain 2 pawns' worth\.$/);
  await expect(page.locator('[data-threat]'), 'no arrow').toHaveCount(0);
  await page.locator('[lang="ja"]').click();
  await expect(page.locator('p.threat')).toHaveText(/^直接の狙いはありません/);
});

test('the review\'s graph is large, with its move numbers, and a judged move shows the better one on the board', async ({ page, base }) => {
  // Sente's rook steps onto the bishop's diagonal; gote takes it.
  await open(page, base, { sfen: '4k4/9/9/9/4b4/9/9/R8/4K4 b - 1', moves: '9h8h,5e8h+,5i4h', side: 'both' });
  await page.locator('[data-action="review"]').click();
  await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100');
  const graph = await page.locator('.review-graph').boundingBox();
  const panel = await page.locator('.panel').boundingBox();
  expect(graph.height).toBeGreaterThanOrEqual(120);
  expect(graph.width).toBeGreaterThan(panel.width - 40);
  await expect(page.locator('.graph-middle'), 'the zero line').toHaveCount(1);
  await expect(page.locator('.graph-ticks span')).toHaveText(['2']);
  // The summary counts one as one, and keeps the accuracy whole.
  await expect(page.locator('[data-summary="b"]')).toHaveText(/^☗ Sente: 0 inaccuracies, 0 mistakes, 1 blunder · accuracy\s\d+\s%$/);
  const accuracy = await page.locator('[data-summary="b"] .accuracy').boundingBox();
  expect(accuracy.height, 'the accuracy on one line').toBeLessThan(30);
  await row(page, 1).click();
  const better = await row(page, 1).getAttribute('data-better');
  await expect(page.locator(`[data-better-move="${better}"]`), 'the better move drawn on the board').toHaveCount(1);
  await row(page, 2).click();
  await expect(page.locator('[data-better-move]'), 'no arrow for a move that was no mistake').toHaveCount(0);
  await page.locator('[lang="ja"]').click();
  await expect(page.locator('[data-summary="b"]')).toHaveText(/^☗ 先手：疑問手 0・悪手 0・大悪手 1 · 正確度\s\d+\s%$/);
});

test('a record read through never says "Your move" and has no move box', async ({ page, base }) => {
  const record = '手合割：平手\n先手：羽生善治\n後手：Trent\n   1 ７六歩(77)\n   2 ３四歩(33)\n';
  const kif = `${record}   3 投了\n`;
  await open(page, base, { kif: record });
  await expect(page.locator('.status')).not.toHaveText(/Your move/);
  await expect(page.locator('.status')).toHaveText('☗ Sente to move');
  await expect(page.locator('[data-move-input]')).toHaveCount(0);
  // The players' names from the record, by their hands.
  await expect(page.locator('[data-hand="b"] .who')).toHaveText('羽生善治');
  await expect(page.locator('[data-hand="w"] .who')).toHaveText('Trent');
  await open(page, base, { kif, mode: 'view', ply: '0' });
  await expect(page.locator('.status'), 'the start, not "looking back"').toHaveText('The start position');
  await expect(page.locator('[data-move-input]')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.status')).toHaveText('Move 1: Sente: pawn to 7 f');
  await page.keyboard.press('End');
  await expect(page.locator('.status')).toHaveText(/^Move 2: Gote: pawn to 3 d\. .*resign/);
  await open(page, base, { kif, mode: 'view', input: '1' });
  await expect(page.locator('[data-move-input]'), 'unless the page asks').toHaveCount(1);
});

test('a refusal is said once and moves neither the board nor the panel', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  // Once the header is filled (the task after the first frame).
  await expect(page.locator('.topbar [lang="ja"]')).toBeVisible();
  // and its labels' font is in: at 1200 px the header wraps once it is (a busy machine loads it late).
  await page.evaluate(() => document.fonts.ready);
  await settled(page);
  const before = await page.locator('svg.board').boundingBox();
  const moves = await page.locator('.move-nav').boundingBox();
  await square(page, '9i').click();
  await square(page, '9f').click();
  await expect(page.locator('.message')).toHaveText(/lance/);
  expect(await page.locator('svg.board').boundingBox()).toEqual(before);
  expect(await page.locator('.move-nav').boundingBox(), 'the panel stays put').toEqual(moves);
  // A refused typed move is said under the box only, also after Enter.
  await page.locator('[data-move-input]').fill('7g7e');
  await page.keyboard.press('Enter');
  await settled(page);
  await expect(page.locator('[data-move-feedback]')).toHaveText(/is not a legal move here/);
  await expect(page.locator('.message')).toHaveCount(0);
});

test('the position editor has a door in the header and in the new-game panel, and a phone-sized palette', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, base, { side: 'both', moves: '7g7f' });
  await page.locator('.topbar [data-action="edit-position"]').click();
  await expect(page.locator('.palette')).toBeVisible();
  await expect(piece(page, '7f'), 'the position shown is set up').toHaveCount(1);
  for (const target of await page.locator('.palette-piece, .palette-tools button, .hand-edit button').all()) {
    const box = await target.boundingBox();
    expect(Math.min(box.width, box.height), 'a target a finger can use').toBeGreaterThanOrEqual(44);
  }
  await page.locator('[data-action="edit-cancel"]').click();
  await expect(page.locator('.palette')).toHaveCount(0);
  await expect(row(page, 1), 'the game is as it was').toHaveCount(1);
  await page.locator('[data-action="new-game"]').click();
  await page.locator('.dialog [data-action="edit-position"]').click();
  await expect(page.locator('.palette')).toBeVisible();
  await page.locator('[data-action="play-from-here"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
});

test('a finished game from a link is kept in Games, once', async ({ page, base }) => {
  // The fool's mate of shogi is long; a quick mate from a set-up position serves.
  const link = { sfen: '4k4/9/4P4/9/9/9/9/9/4K4 b G 1', moves: 'G*5b', side: 'both' };
  await open(page, base, link);
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  await open(page, base, link);
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  // The game-over panel goes first (its code comes on first use, a moment after the board).
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('[data-action="games"]').click();
  await expect(page.locator('[data-action="review-game"]'), 'listed once, though opened twice').toHaveCount(1);
});

test('"All problems" opens at the learner\'s problem', async ({ page, base }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, base);
  await page.locator('.topbar [data-action="problems"]').click();
  const last = page.locator('[data-problem]').last();
  const index = await last.getAttribute('data-problem');
  await last.click();
  await expect(page.locator('.problem-panel')).toBeVisible();
  await page.locator('.problem-panel [data-action="problems"]').click();
  const here = page.locator(`[data-problem="${index}"]`);
  await expect(here).toHaveAttribute('data-here', '');
  await expect(here).toBeFocused();
  await expect(here).toBeInViewport();
});
