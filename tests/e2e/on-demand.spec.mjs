// Issue 28: the views a first game does not need (src/ui/on_demand.rs) are files of their own,
// fetched the first time they are wanted, and precached, so they open offline too.
import { app, click, expect, open, piece, settled, site, started, test } from './fixtures.mjs';

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
  // The first press also brings the sounds' code (browser/sound.rs): sounds are on by default.
  expect(fetched, 'each dialog fetched its own file, once').toEqual(['listen', 'guide', 'games', 'record', 'problems']);
  await openEachDialog(page);
  expect(fetched, 'and not again').toHaveLength(5);
  await page.keyboard.press('a');
  await expect(page.locator('.analysis')).toBeVisible();
  expect(fetched).toContain('panel');
});

test('Escape while a panel\'s code is still coming closes it; the focus goes back to its button', async ({ page, base }) => {
  // A service worker that fetches nothing itself, so the page's route sees the panel's file.
  await page.route(/\/sw\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  let arrive;
  const held = new Promise((resolve) => { arrive = resolve; });
  let arrived;
  const came = new Promise((resolve) => { arrived = resolve; });
  await page.route(/split_new_game_on_demand_\d+\.wasm$/, async (route) => {
    await held;
    await route.continue();
    arrived();
  });
  await open(page, base, { side: 'both' });
  await page.locator('[data-action="new-game"]').focus();
  const asked = page.waitForRequest(/split_new_game_on_demand/);
  await page.keyboard.press('Enter');
  await asked;
  await page.keyboard.press('Escape');
  arrive();
  await came;
  await settled(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement.dataset.action)).toBe('new-game');
  // The page behind is live again, and the panel opens as usual when asked again.
  await click(page, '7g');
  await expect(page.locator('[data-square="7f"][data-dest]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await page.locator('[data-action="new-game"]').click();
  await expect(page.locator('[data-action="start"]')).toBeVisible();
});

test('the move box reads what is typed once its code has come: a move typed and entered before then is played', async ({ page, base }) => {
  // As above: the page's route sees the file, held until the move is typed and entered.
  await page.route(/\/sw\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  const fetched = splitFiles(page);
  let arrive;
  const held = new Promise((resolve) => { arrive = resolve; });
  await page.route(/split_reading_on_demand_\d+\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, base, { side: 'both' });
  await click(page, '7g');
  await click(page, '7f');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  expect(fetched, 'a move played on the board needs no reading (only the sounds, at the first press)').toEqual(['listen']);
  const box = page.locator('[data-move-input]');
  const asked = page.waitForRequest(/split_reading_on_demand/);
  await box.focus();
  await asked;
  await page.keyboard.type('3c3d');
  await page.keyboard.press('Enter');
  await expect(box, 'the text waits in the box').toHaveValue('3c3d');
  arrive();
  await expect(app(page), 'then the move is played').toHaveAttribute('data-turn', 'b');
  await expect(box).toHaveValue('');
  await page.keyboard.type('P-2f');
  await expect(page.locator('[data-move-feedback]')).toHaveText(/^Enter plays P-2f \(2g2f\)$/);
  expect(fetched.filter((name) => name === 'reading'), 'fetched once').toHaveLength(1);
});

test('offline, every view loaded on demand still opens', async ({ page, context, dist }) => {
  const host = await site(dist, 'shogi');
  try {
    await open(page, host.app, { side: 'both' });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20000 }).toBe(true);
    // The guide's Japanese names bring the Japanese font, which the service worker keeps only
    // once fetched (precache.mjs, on demand): fetched here, while online, and waited for to the
    // end (the service worker answers once it has kept it), or closing the site cuts it off.
    const fonts = [];
    page.on('request', (request) => request.url().endsWith('/fonts/japanese-ui.woff2') && fonts.push(request));
    await page.locator('[data-action="guide"]').click();
    await expect(page.locator('.guide-row').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await Promise.all(fonts.map(async (request) => (await request.response())?.finished()));
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
    await host.close(page).catch(() => {});
  }
});

test("a first game's own panels, the clocks, a URL's record, the notices and the lessons load when first wanted, offline too", async ({ page, context, dist }) => {
  const host = await site(dist, 'shogi');
  const fetched = splitFiles(page);
  try {
    // A pawn that may promote, then resigning's panels.
    await open(page, host.app, { sfen: '4k4/9/9/2P3S2/9/9/9/9/4K4 b - 1', side: 'both' });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20000 }).toBe(true);
    expect(fetched, 'none of them fetched for a game without them').toEqual([]);
    await host.close();
    await context.setOffline(true);
    await page.reload();
    await started(page);
    await click(page, '7d');
    await click(page, '7c');
    await page.locator('[data-promote="yes"]').click();
    await expect(piece(page, '7c')).toHaveAttribute('data-piece', '+P');
    await page.locator('[data-action="resign"]').click();
    await page.locator('[data-action="confirm"]').click();
    await expect(page.getByRole('dialog')).toHaveText(/resignation/i, { useInnerText: true });
    await page.getByRole('dialog').getByRole('button', { name: 'New game' }).click();
    await page.locator('[data-preset="180"]').click();
    await page.locator('[data-action="start"]').click();
    await expect(page.locator('[data-clock="b"]'), 'three minutes, running').toHaveAttribute('data-ms', /^1[0-8]\d{4}$/);
    // A record in the URL, and a parameter there is none of, which a notice names.
    await open(page, host.app, { kif: 'startpos moves 7g7f 3c3d', colour: 'red' });
    await expect(page.locator('.notices')).toContainText('colour');
    await expect(app(page), "the record's moves").toHaveAttribute('data-sfen',
      'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
    await open(page, host.app, { mode: 'lesson', lesson: 'rook:1' });
    await expect(page.locator('.lesson-panel h2'), "a lesson's panel").toContainText('1');
    for (const view of ['confirm', 'game_over', 'new_game', 'clock', 'url_with_record', 'notices', 'course', 'lesson_panel']) {
      expect(fetched, `${view}, fetched when first wanted`).toContain(view);
    }
  } finally {
    await context.setOffline(false);
    await host.close(page).catch(() => {});
  }
});
