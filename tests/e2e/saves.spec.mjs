// End-to-end tests of saved state, finished games, records and the share link (issue 5).
import { readFile } from 'node:fs/promises';

import { app, expect, open, play, settled, started, STARTPOS, test } from './fixtures.mjs';

const AFTER_3 = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4';

/** The move list's entries, in order. */
const moveList = (page) => page.locator('[data-ply]');

/** The move list's texts, in order. */
const moveTexts = (page) => moveList(page).allInnerTexts();

async function reload(page) {
  await page.reload();
  await started(page);
}

async function openRecord(page) {
  await page.locator('[data-action="record"]').click();
  await page.locator('[data-export]').waitFor();
}

async function importText(page, text) {
  await openRecord(page);
  await page.locator('textarea[name="import-text"]').fill(text);
  await page.locator('[data-action="import"]').click();
}

/** The exported record in `format` (kif, csa, sfen), as the dialog shows it. */
async function exported(page, format) {
  await page.locator(`[data-format="${format}"]`).click();
  return page.locator('[data-export]').inputValue();
}

/** A KIF record's moves as written (`７六歩(77)`, `同　銀(31)`), without times. */
const kifMoves = (text) => text.split('\n').map((l) => l.trim()).filter((l) => /^\d+ /.test(l)).map((l) => l.split(/ +/)[1]);

/** A CSA record's moves (`+7776FU`) and end (`%TORYO`). */
const csaMoves = (text) => text.split('\n').map((l) => l.trim()).filter((l) => /^([+-]\d{4}[A-Z]{2}|%)/.test(l));

const KIF = `手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２二角成(88)
   4 同　銀(31)
   5 ４五角打
   6 投了
`;
// KIF above in Shift_JIS (as older Windows programs save it); checked against KIF below.
const KIF_SJIS = Buffer.from(
  '8ee88d878a84814695bd8ee80a8ee890942d2d2d2d8e778ee82d2d2d2d2d2d2d2d2d8fc194ef8e9e8ad42d2d0a20202031208256985a95e0283737290a202020322082528e6c95e0283333290a2020203320825193f18a7090ac283838290a202020342093af81408be2283331290a202020352082538cdc8a7091c50a2020203620938a97b90a',
  'hex',
);
const AFTER_KIF = 'lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6';

test('saves: a reload mid-game returns to the same game; the engine resumes its turn', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  for (const m of ['7g7f', '3c3d', '2g2f']) await play(page, m);
  await expect(app(page)).toHaveAttribute('data-sfen', AFTER_3);
  const texts = await moveTexts(page);
  await reload(page);
  await expect(app(page)).toHaveAttribute('data-sfen', AFTER_3);
  await expect(moveList(page)).toHaveText(texts, { useInnerText: true });
  const stored = await page.evaluate(() => localStorage.getItem('shogi.game'));
  expect(stored).toMatch(/^shogi-game 1\n/);
  expect(stored).toMatch(/\nmoves 7g7f 3c3d 2g2f\n/);
  // Gote to move and the person plays sente: opened again, the engine answers.
  await page.evaluate(() => localStorage.setItem('shogi.game', localStorage.getItem('shogi.game').replace('side both', 'side b').replace(/think \d+/, 'think 200')));
  await open(page, base);
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(moveList(page)).toHaveCount(4);
  await expect(app(page)).toHaveAttribute('data-thinking', 'false');
  await reload(page);
  await expect(moveList(page), 'the engine move was saved too').toHaveCount(4);
  // A move is saved in the task after its click; a page left before that task runs (a reload
  // or a closed tab at once) still saves it. The move, the leaving and the reading happen in
  // one task here, so the save's own task cannot have run.
  const left = await page.evaluate(() => {
    const click = (sq) => document.querySelector(`[data-square="${sq}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    click('9g');
    click('9f');
    const before = localStorage.getItem('shogi.game');
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    return { before, after: localStorage.getItem('shogi.game') };
  });
  expect(left.before, 'not yet saved when the page is left').not.toMatch(/ 9g9f\n/);
  expect(left.after).toMatch(/\nmoves 7g7f 3c3d 2g2f \S+ 9g9f\n/);
});

/** The values of the keys that begin with `prefix` in the page's local storage, sorted. */
const storedUnder = (page, prefix) => page.evaluate((prefix) =>
  Object.keys(localStorage).filter((k) => k.startsWith(prefix)).map((k) => localStorage.getItem(k)).sort(), prefix);

test('saves: an unreadable saved game or games list is kept aside and named', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  await expect(moveList(page)).toHaveCount(1);
  // The page saves in the task after the move: corrupting the value before that save would
  // have the save overwrite it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shogi.game')), { message: 'the move saved' })
    .toMatch(/\nmoves 7g7f\n/);
  await page.evaluate(() => {
    localStorage.setItem('shogi.game', 'shogi-game 1\nmoves 7g7f 7g7f\n');
    localStorage.setItem('shogi.games', '<not a list>');
  });
  await reload(page);
  await expect(app(page), 'a new game').toHaveAttribute('data-sfen', STARTPOS);
  const notices = page.locator('.notices');
  await expect(notices).toHaveText(/shogi\.game\) could not be read \(line 2: the “id” line is missing\); it was kept aside as shogi\.corrupt\.\d+/, { useInnerText: true });
  await page.locator('[data-action="games"]').click();
  await expect(notices).toHaveText(/shogi\.games\) could not be read \(line 1: it does not begin with “shogi-games 1”\); it was kept aside/, { useInnerText: true });
  expect(await storedUnder(page, 'shogi.corrupt.'), 'both values kept as they were')
    .toEqual(['<not a list>', 'shogi-game 1\nmoves 7g7f 7g7f\n']);
  expect(await page.evaluate(() => localStorage.getItem('shogi.games'))).toBeNull();
});

test('saves: an unreadable saved setting is kept aside and named in the page\'s language, re-worded when it changes; lang=ja picks Japanese notation', async ({ page, base }) => {
  await open(page, base);
  await page.evaluate(() => localStorage.setItem('shogi.pieces', '{broken'));
  await open(page, base, { lang: 'ja', moves: '7g7f' });
  const notices = page.locator('.notices');
  await expect(notices).toHaveText(/^保存されていた設定（shogi\.pieces）が読めませんでした。shogi\.corrupt\.\d+ として別に残し、既定の設定を使います。$/, { useInnerText: true });
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.some((k) => k.startsWith('shogi.corrupt.')), keys.join(',')).toBe(true);
  expect(keys).not.toContain('shogi.pieces');
  await expect(page.locator('[data-ply="1"]')).toHaveText('1. ▲７六歩', { useInnerText: true });
  // The notice already shown follows a change of language.
  await page.locator('button[lang="en"]').click();
  await expect(notices).toHaveText(/^The saved setting \(shogi\.pieces\) could not be read; it was kept aside as shogi\.corrupt\.\d+ and the default is used\.$/, { useInnerText: true });
  await page.locator('button[lang="ja"]').click();
  await expect(notices).toHaveText(/^保存されていた設定/, { useInnerText: true });
  // In English from the start.
  await page.evaluate(() => localStorage.setItem('shogi.notation', 'nonsense'));
  await open(page, base, { lang: 'en' });
  await expect(notices).toHaveText(/^The saved setting \(shogi\.notation\) could not be read; it was kept aside as shogi\.corrupt\.\d+ and the default is used\.$/, { useInnerText: true });
});

/** Closes the game-over panel to look at the finished game. */
async function lookAtTheGame(page) {
  await page.locator('.backdrop button:has-text("Look at the game")').click();
}

test('saves: a full storage is said once, the game goes on and exports, and saving catches up', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  const stored = () => page.evaluate(() => localStorage.getItem('shogi.game'));
  await expect.poll(stored).toContain('moves 7g7f\n');
  // Fill the page's storage to its last character: halving chunks, then one-letter keys.
  await page.evaluate(() => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
      const chunk = 'x'.repeat(size);
      try { for (;;) localStorage.setItem(`filler.${n++}`, chunk); } catch { /* full at this size */ }
    }
    for (const key of 'abcdefghijklmnopqrstuvwxyz') {
      try { localStorage.setItem(key, ''); } catch { /* full */ }
    }
  });
  const notice = page.locator('.notices li');
  await play(page, '3c3d');
  await expect(notice).toHaveText(/could not be saved on this device/, { useInnerText: true });
  await play(page, '2g2f');
  await expect(moveList(page)).toHaveCount(3);
  await expect(notice, 'said once').toHaveCount(1);
  expect(await stored(), 'the last save that went through').toContain('moves 7g7f\n');
  // The game is whole in the page: its export has every move.
  await openRecord(page);
  expect(await exported(page, 'sfen')).toContain('moves 7g7f 3c3d 2g2f');
  await page.keyboard.press('Escape');
  // Space again: the next move saves the whole game, and the notice goes.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (!key.startsWith('shogi.')) localStorage.removeItem(key);
  });
  await play(page, '8c8d');
  await expect(notice).toHaveCount(0);
  await expect.poll(stored).toContain('moves 7g7f 3c3d 2g2f 8c8d\n');
});

test('saves: storage that throws on access gives a working app that says games are not kept', async ({ page, base }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'localStorage', {
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
  }));
  await open(page, base, { side: 'both' });
  const notice = page.locator('.notices li');
  await expect(notice).toHaveText(/could not be saved on this device/, { useInnerText: true });
  await play(page, '7g7f');
  await play(page, '3c3d');
  await expect(moveList(page)).toHaveCount(2);
  await expect(notice).toHaveCount(1);
  await page.locator('[lang="ja"]').click();
  await expect(notice).toHaveText(/この対局をこの端末に保存できません/, { useInnerText: true });
});

test('saves: two tabs: the older one never saves over the newer game, and offers it', async ({ context, base }) => {
  const [first, second] = [await context.newPage(), await context.newPage()];
  await open(first, base, { side: 'both' });
  await open(second, base, { side: 'both' });
  const stored = () => first.evaluate(() => localStorage.getItem('shogi.game'));
  await play(first, '7g7f');
  await expect.poll(stored).toContain('moves 7g7f\n');
  // The second tab hears of it, and its own move is not saved over the first tab's game.
  await expect(second.locator('[data-action="load-newer"]')).toBeVisible();
  await play(second, '2g2f');
  await expect(moveList(second)).toHaveCount(1);
  // The move's save runs in the task after its click: once that task has run, it must not
  // have written over the first tab's game.
  await settled(second);
  expect(await stored()).toContain('moves 7g7f\n');
  // Keeping both: the second tab's game goes to the Games list, and it takes the newer game.
  await second.locator('[data-action="keep-both"]').click();
  await expect(second.locator('[data-action="load-newer"]')).toHaveCount(0);
  await expect(app(second)).toHaveAttribute('data-sfen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
  const list = await second.evaluate(() => localStorage.getItem('shogi.games'));
  expect(list).toContain('moves 2g2f\n');
  // Both tabs now hold the same game: a move in either saves, and the other is offered it.
  await play(first, '3c3d');
  await expect.poll(stored).toContain('moves 7g7f 3c3d\n');
  await expect(second.locator('[data-action="load-newer"]')).toBeVisible();
  await second.locator('[data-action="load-newer"]').click();
  await expect(moveList(second)).toHaveCount(2);
  await expect(first.locator('[data-action="load-newer"]'), 'the tab that wrote last has nothing newer to take').toHaveCount(0);
});

test('records: KIF import and export, pasted and as a Shift_JIS file, with download and copy', async ({ page, context, base }) => {
  expect(new TextDecoder('shift_jis').decode(KIF_SJIS)).toBe(KIF);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, base);
  await importText(page, KIF);
  await expect(app(page)).toHaveAttribute('data-sfen', AFTER_KIF);
  await expect(moveList(page)).toHaveCount(5);
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  await expect(app(page)).toHaveAttribute('data-reason', 'resign');
  await lookAtTheGame(page);
  await openRecord(page);
  const kif = await exported(page, 'kif');
  expect(kifMoves(kif)).toEqual(kifMoves(KIF));
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action="download"]').click()]);
  expect(download.suggestedFilename()).toMatch(/^shogi-.*\.kif$/);
  expect(await readFile(await download.path(), 'utf8')).toBe(kif);
  await page.locator('[data-action="copy"]').click();
  await page.locator('.copied', { hasText: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kif);
  // The same game from a Shift_JIS file, after a different game was set up.
  await page.locator('.dialog button:has-text("Close")').click();
  await page.locator('[data-action="new-game"]').click();
  await page.locator('[data-action="start"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', STARTPOS);
  await openRecord(page);
  await page.locator('[data-action="import-file"]').setInputFiles({ name: 'game.kif', mimeType: 'text/plain', buffer: KIF_SJIS });
  await expect(app(page)).toHaveAttribute('data-sfen', AFTER_KIF);
  await expect(moveList(page)).toHaveCount(5);
});

test('records: CSA import and export keep the moves and the end', async ({ page, base }) => {
  const csa = 'V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n';
  await open(page, base);
  await importText(page, csa);
  await expect(app(page)).toHaveAttribute('data-sfen', AFTER_KIF);
  await expect(app(page)).toHaveAttribute('data-reason', 'resign');
  await lookAtTheGame(page);
  await openRecord(page);
  const text = await exported(page, 'csa');
  expect(csaMoves(text)).toEqual(csaMoves(csa));
  const usi = await exported(page, 'sfen');
  expect(usi.trim()).toBe(`sfen ${STARTPOS} moves 7g7f 3c3d 8h2b+ 3a2b B*4e`);
});

test('records: a real game in KI2 (the seed’s sample game) read and replayed move by move to its end', async ({ page, base }) => {
  const ki2 = await readFile(new URL('../data/trent_murphy.ki2', import.meta.url), 'utf8');
  const end = 'ln6l/1ks+N+R4/pppp5/4p1p1p/n8/1PP1P1P1P/P2P5/2KG5/LN6L w RB2G3S2Pbg2p 72';
  await open(page, base, { side: 'both' });
  await importText(page, ki2);
  await expect(moveList(page)).toHaveCount(71);
  await expect(app(page)).toHaveAttribute('data-sfen', end);
  await expect(app(page), 'gote resigned').toHaveAttribute('data-result', 'b');
  await lookAtTheGame(page);
  await page.locator('[data-nav="start"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', STARTPOS);
  for (let ply = 1; ply <= 71; ply++) {
    await page.locator('[data-nav="forward"]').click();
    await expect(moveList(page).nth(ply - 1)).toHaveClass(/current/);
  }
  await expect(app(page)).toHaveAttribute('data-sfen', end);
  await expect(moveList(page).nth(70)).toHaveText('71. ☗K-7h');
});

test('records: KI2 written and read back to the end; comments shown with their move', async ({ page, base }) => {
  const kif = await readFile(new URL('../data/kfw_game.kif', import.meta.url), 'utf8');
  await open(page, base, { side: 'both' });
  await importText(page, kif);
  await expect(moveList(page)).toHaveCount(11);
  const end = await app(page).getAttribute('data-sfen');
  await lookAtTheGame(page);
  await openRecord(page);
  const ki2 = await exported(page, 'ki2');
  expect(ki2).toContain('▲７六歩');
  expect(ki2, 'no KIF move numbers in KI2').not.toMatch(/^ +1 /m);
  expect(ki2).toContain('*角交換');
  await page.keyboard.press('Escape');
  // Another game on the board (one the URL gives), then the KI2 in: the same game to its end,
  // with its comments.
  await open(page, base, { side: 'both', moves: '2g2f' });
  await expect(moveList(page)).toHaveCount(1);
  await importText(page, ki2);
  await expect(moveList(page)).toHaveCount(11);
  await expect(page.locator('.elsewhere'), 'an import replaces the stored game knowingly').toHaveCount(0);
  await expect(app(page)).toHaveAttribute('data-sfen', end);
  await lookAtTheGame(page);
  await page.locator('[data-ply="3"]').click();
  await expect(page.locator('[data-comments]')).toHaveText('角交換');
  await page.locator('.start-position').click();
  await expect(page.locator('[data-comments]')).toHaveText('対局前のコメント');
  await page.locator('[data-ply="4"]').click();
  await expect(page.locator('[data-comments]')).toHaveCount(0);
  // Kept with the saved game: the page opened again (no game in its URL) shows them again.
  await open(page, base, { side: 'both' });
  // The game was resigned: the game-over panel greets it.
  await lookAtTheGame(page);
  await page.locator('[data-ply="3"]').click();
  await expect(page.locator('[data-comments]')).toHaveText('角交換');
  // And written out again in KIF.
  await openRecord(page);
  expect(await exported(page, 'kif')).toContain('\n*角交換\n');
});

test('records: an import error names the line and leaves the game alone', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  await expect(moveList(page)).toHaveCount(1);
  const before = await app(page).getAttribute('data-sfen');
  const error = page.locator('.import-error');
  await importText(page, KIF.replace('３四歩(33)', '３四歩(34)'));
  await expect(error).toHaveText(/line 4: .*not legal/, { useInnerText: true });
  await page.locator('textarea[name="import-text"]').fill('position startpos moves 7g7f\n3c3d 9i9h 1a1c');
  await page.locator('[data-action="import"]').click();
  await expect(error).toHaveText(/line 2: move 4: .*1a1c/, { useInnerText: true });
  await page.locator('[data-action="import-file"]').setInputFiles({ name: 'x.csa', mimeType: 'text/plain', buffer: Buffer.from('V2.2\nPI\n+\n+7776FU\n-7776FU\n') });
  await expect(error).toHaveText(/line 5/, { useInnerText: true });
  await page.locator('.dialog button:has-text("Close")').click();
  await expect(app(page)).toHaveAttribute('data-sfen', before);
  await expect(moveList(page)).toHaveCount(1);
});

test('records: import errors in Japanese keep the line, the move and the reason', async ({ page, base }) => {
  await open(page, base, { side: 'both', lang: 'ja' });
  const error = page.locator('.import-error');
  await importText(page, KIF.replace('３四歩(33)', '３四歩(34)'));
  await expect(error).toHaveText('読み込めませんでした：4行目：「３四歩(34)」は指せません：３四に駒がありません', { useInnerText: true });
  await expect(error.locator('code').first(), 'the text read is shown as code').toHaveText('３四歩(34)', { useInnerText: true });
  await page.locator('textarea[name="import-text"]').fill('V2.2\nPI\n+\n+7776FU\n-7776FU\n');
  await page.locator('[data-action="import"]').click();
  await expect(error).toHaveText(/^読み込めませんでした：5行目：「-7776FU」は指せません：/, { useInnerText: true });
  await page.locator('textarea[name="import-text"]').fill('startpos moves 7g7f 7g7f');
  await page.locator('[data-action="import"]').click();
  await expect(error).toHaveText('読み込めませんでした：1行目：2手目：「7g7f」はこの局面では指せません：７七に駒がありません', { useInnerText: true });
  await page.locator('textarea[name="import-text"]').fill('  \n');
  await page.locator('[data-action="import"]').click();
  await expect(error).toHaveText('読み込めませんでした：読み込むものがありません', { useInnerText: true });
  await expect(error).not.toHaveText(/[A-Za-z]{3,}/, { useInnerText: true });
  await expect(app(page), 'the game is left alone').toHaveAttribute('data-sfen', STARTPOS);
});

test('records: a share link opens the same game, at the same move, in another browser', async ({ page, base, browser }) => {
  await open(page, base, { side: 'both' });
  for (const m of ['7g7f', '3c3d', '2g2f']) await play(page, m);
  await page.locator('[data-ply="2"]').click();
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  const shown = await app(page).getAttribute('data-sfen');
  await openRecord(page);
  const link = await page.locator('[data-share]').inputValue();
  expect(link.startsWith(base), `${link} is under ${base}`).toBe(true);
  const other = await browser.newContext();
  try {
    const fresh = await other.newPage();
    await fresh.goto(link);
    await started(fresh);
    await expect(app(fresh)).toHaveAttribute('data-sfen', shown);
    await expect(moveList(fresh)).toHaveText(await moveTexts(page), { useInnerText: true });
    await fresh.locator('[data-nav="end"]').click();
    await expect(app(fresh)).toHaveAttribute('data-sfen', AFTER_3);
    expect(await fresh.evaluate(() => localStorage.getItem('shogi.game')), 'a linked game leaves the saved game alone').toBeNull();
  } finally {
    await other.close();
  }
});

test('saves: a resigned game is listed and can be continued from a middle move', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  for (const m of ['7g7f', '3c3d', '2g2f', '8c8d']) await play(page, m);
  await page.locator('[data-action="resign"]').click();
  await page.locator('[data-action="confirm"]').click();
  await lookAtTheGame(page);
  await page.locator('[data-action="games"]').click();
  const entry = page.locator('[data-action="review-game"]');
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveText(/Gote wins by resignation · 4 moves/, { useInnerText: true });
  await entry.click();
  await expect(app(page)).toHaveAttribute('data-reason', 'resign');
  await expect(page.locator('[data-action="undo"]'), 'no undo on a reviewed game').toBeHidden();
  await page.locator('[data-ply="3"]').click();
  await page.locator('[data-action="continue-here"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', AFTER_3);
  await expect(moveList(page)).toHaveCount(3);
  await expect(app(page), 'the game is on').not.toHaveAttribute('data-result');
  await play(page, '8c8d');
  await reload(page);
  await expect(moveList(page), 'the continued game is the one saved').toHaveCount(4);
  await page.locator('[data-action="games"]').click();
  await expect(page.locator('[data-action="review-game"]'), 'the finished game is still listed once').toHaveCount(1);
});
