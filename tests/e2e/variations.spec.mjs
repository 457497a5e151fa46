// Variations: a move played while looking back starts a branch that the move list shows, the
// board follows, a saved game keeps, KIF writes and reads back, and a share link carries.
import { app, expect, open, piece, play, square, test } from './fixtures.mjs';

const rows = (page) => page.locator('.move-list [data-ply]');
const variation = (page) => page.locator('.variations .variation-move');

async function openRecord(page) {
  await page.locator('[data-action="record"]').click();
  await page.locator('[data-export]').waitFor();
}

async function exportedKif(page) {
  await openRecord(page);
  await page.locator('[data-format="kif"]').click();
  const text = await page.locator('[data-export]').inputValue();
  await page.keyboard.press('Escape');
  return text;
}

test('a branch created, saved, reloaded, exported to KIF and imported back identical', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  for (const m of ['7g7f', '3c3d', '2g2f', '8c8d']) await play(page, m);
  // Back to after 3c3d and another third move: a branch, not a cut game.
  await page.locator('[data-ply="2"]').click();
  await play(page, '6g6f');
  await expect(rows(page)).toHaveText(['1. ☗P-7f', '2. ☖P-3d', '3. ☗P-6f']);
  await expect(variation(page)).toHaveText(['3. ☗P-2f', '☖P-8d']);
  await expect(page.locator('.variation-bar')).toBeVisible();
  const branched = await app(page).getAttribute('data-sfen');

  // Saved with the game: after a reload the same lines, the same one followed.
  await page.reload();
  await expect(rows(page)).toHaveText(['1. ☗P-7f', '2. ☖P-3d', '3. ☗P-6f']);
  await expect(variation(page)).toHaveText(['3. ☗P-2f', '☖P-8d']);
  await expect(app(page)).toHaveAttribute('data-sfen', branched);

  // The board follows the line picked in the list.
  await variation(page).nth(1).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.locator('[data-ply="4"]')).toHaveClass(/current/);
  await expect(variation(page)).toHaveText(['3. ☗P-6f']);
  await expect(page.locator('.variation-bar'), 'the main line is followed').toHaveCount(0);

  // KIF out and in again: the same record, every line.
  const kif = await exportedKif(page);
  expect(kif).toContain('変化：3手');
  expect(kif).toMatch(/^ +3 ６六歩\(67\)/m);
  await openRecord(page);
  await page.locator('textarea[name="import-text"]').fill(kif);
  await page.locator('[data-action="import"]').click();
  await expect(rows(page)).toHaveCount(4);
  await expect(variation(page)).toHaveText(['3. ☗P-6f']);
  expect(await exportedKif(page)).toBe(kif);

  // The variation made the main line, then deleted.
  await variation(page).first().click();
  await page.locator('[data-action="promote-line"]').click();
  await expect(page.locator('.variation-bar')).toHaveCount(0);
  expect(await exportedKif(page)).toMatch(/^ +3 ６六歩\(67\)[^]*変化：3手\n +3 ２六歩\(27\)/m);
  await variation(page).first().click();
  await page.locator('[data-action="delete-line"]').click();
  await expect(variation(page)).toHaveCount(0);
  // Back on the main line, at the position the deleted line began from.
  await expect(rows(page)).toHaveText(['1. ☗P-7f', '2. ☖P-3d', '3. ☗P-6f']);
  await expect(page.locator('[data-ply="2"]')).toHaveClass(/current/);
});

test('the share link carries the variations and the line followed', async ({ page, base, context }) => {
  await open(page, base, { side: 'both', moves: '7g7f,3c3d,2g2f' });
  await page.locator('[data-ply="1"]').click();
  await play(page, '8c8d');
  await expect(rows(page)).toHaveText(['1. ☗P-7f', '2. ☖P-8d']);
  await openRecord(page);
  const link = await page.locator('[data-share]').inputValue();
  expect(link).toContain('variations=');
  const other = await context.newPage();
  await other.goto(link);
  await expect(rows(other)).toHaveText(['1. ☗P-7f', '2. ☖P-8d']);
  await expect(variation(other)).toHaveText(['2. ☖P-3d', '☗P-2f']);
  await expect(app(other)).toHaveAttribute('data-sfen', await app(page).getAttribute('data-sfen'));
});

test('in a game against the engine, a move while looking back at the engine\'s turn is refused with why', async ({ page, base }) => {
  await open(page, base, { side: 'b', think: '100' });
  await play(page, '7g7f');
  await expect(rows(page)).toHaveCount(2);
  await page.locator('[data-ply="1"]').click();
  await page.locator('[data-square="3c"]').click();
  await expect(page.locator('.message')).toHaveText(/the engine is to move/);
});

test('records step by keyboard and mouse wheel, except on the board and in text fields', async ({ page, base }) => {
  await open(page, base, { side: 'both', moves: '7g7f,3c3d,2g2f,8c8d' });
  const current = page.locator('.move-list .current');
  await expect(page.locator('[data-ply="4"]')).toHaveClass(/current/);
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-ply="3"]')).toHaveClass(/current/);
  await expect(piece(page, '8d'), 'the board shows the position before 8c8d').toHaveCount(0);
  await page.keyboard.press('Home');
  await expect(page.locator('.start-position')).toHaveClass(/current/);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-ply="1"]')).toHaveClass(/current/);
  await page.keyboard.press('End');
  await expect(page.locator('[data-ply="4"]')).toHaveClass(/current/);
  // The wheel over the move list: up goes back, down forward.
  await page.locator('.move-list').hover();
  await page.mouse.wheel(0, -100);
  await expect(page.locator('[data-ply="3"]')).toHaveClass(/current/);
  await page.mouse.wheel(0, 100);
  await expect(page.locator('[data-ply="4"]')).toHaveClass(/current/);
  // On the board the arrows move the focus between squares, not through the moves.
  await square(page, '5e').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(square(page, '6e')).toBeFocused();
  await expect(current).toHaveCount(1);
  await expect(page.locator('[data-ply="4"]')).toHaveClass(/current/);
  // In the move box the arrows edit the text.
  await page.locator('[data-move-input]').focus();
  await page.keyboard.type('7g');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-ply="4"]')).toHaveClass(/current/);
});
