// The game review (SPEC §3 data-review-progress, data-judgement, data-better).
import { app, expect, open, play, test } from './fixtures.mjs';

// Sente's rook steps onto the bishop's diagonal; gote takes it.
const ROOK_BLUNDER = { sfen: '4k4/9/9/9/4b4/9/9/R8/4K4 b - 1', moves: '9h8h,5e8h+,5i4h', side: 'both' };

test('a rook given away is marked a blunder, with the better move and why', async ({ page, base }) => {
  await open(page, base, ROOK_BLUNDER);
  await expect(page.locator('[data-review-progress]')).toHaveCount(0);
  await page.locator('[data-action="review"]').click();
  await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100');
  const blunder = page.locator('[data-ply="1"]');
  await expect(blunder).toHaveAttribute('data-judgement', 'blunder');
  await expect(blunder).toHaveAttribute('data-better', /^([1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])$/);
  expect(await blunder.getAttribute('data-better')).not.toBe('9h8h');
  await expect(blunder).toContainText('??');
  await expect(page.locator('[data-ply="2"]'), 'taking the rook is no mistake').not.toHaveAttribute('data-judgement', /./);
  await expect(page.locator('[data-summary="b"]')).toHaveText(/☗ Sente: \d+ inaccurac(y|ies), \d+ mistakes?, [1-9] blunders? · accuracy\s\d+\s%/);
  // The move shown says what it is and why.
  await blunder.click();
  // Why: the rook is lost to ☖Bx8h+, and a search that sees deeper within its 0.3 s also
  // finds the mate that follows; either is the truth, depending on the machine's speed.
  await expect(page.locator('.review-note')).toHaveText(/1\. ☗R-8h: blunder — (loses the rook|allows mate in \d+) \(☖Bx8h\+/);
  await expect(page.locator('.review-note')).toHaveText(/Better: ☗/);
  await page.locator('[lang="ja"]').click();
  await expect(page.locator('.review-note')).toHaveText(/大悪手　(飛車を取られる|\d+手で詰みを許した)/);
  // The graph takes the board to the ply clicked: its left edge is the start.
  const graph = page.locator('.review-graph');
  const box = await graph.boundingBox();
  await graph.click({ position: { x: 1, y: box.height / 2 } });
  await expect(app(page)).toHaveAttribute('data-sfen', ROOK_BLUNDER.sfen);
});

test('a review is kept with the saved game and shown again after a reload', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  // The silver leaves 8h unguarded and gote's bishop takes sente's for nothing.
  for (const m of ['7g7f', '3c3d', '7i6h', '2b8h+']) await play(page, m);
  await expect(page.locator('[data-ply]')).toHaveCount(4);
  await page.locator('[data-review-budget]').selectOption('100');
  await page.locator('[data-action="review"]').click();
  await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100');
  await expect(page.locator('[data-ply="3"]')).toHaveAttribute('data-judgement', 'blunder');
  await page.reload();
  await expect(page.locator('[data-ply="3"]')).toHaveAttribute('data-judgement', 'blunder');
  await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100');
  // A new move is not reviewed: the marks of the old moves go with the review.
  await play(page, '8i7g');
  await expect(page.locator('[data-judgement]')).toHaveCount(0);
  await expect(page.locator('[data-review-progress]')).toHaveCount(0);
});

test('a review under way can be cancelled', async ({ page, base }) => {
  await open(page, base, { side: 'both', moves: '7g7f,3c3d,2g2f,8c8d,2f2e,8d8e' });
  await page.locator('[data-review-budget]').selectOption('1000');
  await page.locator('[data-action="review"]').click();
  await expect(page.locator('[data-action="cancel-review"]')).toBeVisible();
  await page.locator('[data-action="cancel-review"]').click();
  await expect(page.locator('[data-review-progress]')).toHaveCount(0);
  await expect(page.locator('[data-action="review"]')).toBeEnabled();
  await expect(page.locator('[data-judgement]')).toHaveCount(0);
});

test('a finished game is reviewed from the game-over panel', async ({ page, base }) => {
  await open(page, base, { side: 'both', sfen: '4k4/9/4P4/9/9/9/9/9/4K4 b G 1' });
  await play(page, 'G*5b');
  await page.locator('[data-action="game-review"]').click();
  await expect(page.locator('[role="dialog"]')).toHaveCount(0);
  await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100');
  await expect(page.locator('[data-ply="1"]'), 'the mate is the best move').not.toHaveAttribute('data-judgement', /./);
  await expect(page.locator('[data-summary="b"]')).toHaveText(/0 inaccuracies, 0 mistakes, 0 blunders · accuracy\s100\s%/);
});
