// End-to-end tests of saved state, finished games, records and the share link (issue 5).
// Registered in the shared list of tests.mjs; run.mjs imports this file.
import { readFile } from 'node:fs/promises';

import { assert, attr, open, play, sfen, STARTPOS, waitAttr } from './helpers.mjs';
import { tests } from './tests.mjs';

const test = (name, body) => tests.push([name, body]);

const AFTER_3 = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4';

/** The move list's texts, in order. */
const moveTexts = (page) => page.locator('[data-ply]').allInnerTexts();

async function reload(page) {
  await page.reload();
  await page.waitForSelector('[data-square="5e"]');
}

async function openRecord(page) {
  await page.locator('[data-action="record"]').click();
  await page.waitForSelector('[data-export]');
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
  const texts = await moveTexts(page);
  assert.equal(await sfen(page), AFTER_3);
  await reload(page);
  assert.equal(await sfen(page), AFTER_3);
  assert.deepEqual(await moveTexts(page), texts);
  const stored = await page.evaluate(() => localStorage.getItem('shogi.game'));
  assert.match(stored, /^shogi-game 1\n/);
  assert.match(stored, /\nmoves 7g7f 3c3d 2g2f\n/);
  // Gote to move and the person plays sente: opened again, the engine answers.
  await page.evaluate(() => localStorage.setItem('shogi.game', localStorage.getItem('shogi.game').replace('side both', 'side b').replace(/think \d+/, 'think 200')));
  await open(page, base);
  await waitAttr(page, 'data-turn', (t) => t === 'b');
  assert.equal(await page.locator('[data-ply]').count(), 4);
  assert.equal(await attr(page, 'data-thinking'), 'false');
  await reload(page);
  assert.equal(await page.locator('[data-ply]').count(), 4, 'the engine move was saved too');
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
  assert.doesNotMatch(left.before, / 9g9f\n/, 'not yet saved when the page is left');
  assert.match(left.after, /\nmoves 7g7f 3c3d 2g2f \S+ 9g9f\n/);
});

test('saves: an unreadable saved game or games list is kept aside and named', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  await page.evaluate(() => {
    localStorage.setItem('shogi.game', 'shogi-game 1\nmoves 7g7f 7g7f\n');
    localStorage.setItem('shogi.games', '<not a list>');
  });
  await reload(page);
  assert.equal(await sfen(page), STARTPOS, 'a new game');
  assert.match(await page.locator('.notices').innerText(), /shogi\.game\b.*kept aside as shogi\.corrupt\.\d+/);
  await page.locator('[data-action="games"]').click();
  assert.match(await page.locator('.notices').innerText(), /shogi\.games.*kept aside/);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('shogi.corrupt.')));
  const values = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)).sort(), keys);
  assert.deepEqual(values, ['<not a list>', 'shogi-game 1\nmoves 7g7f 7g7f\n'], 'both values kept as they were');
  assert.equal(await page.evaluate(() => localStorage.getItem('shogi.games')), null);
});

test('saves: an unreadable saved setting is kept aside and named in the page\'s language, re-worded when it changes; lang=ja picks Japanese notation', async ({ page, base }) => {
  await open(page, base);
  await page.evaluate(() => localStorage.setItem('shogi.pieces', '{broken'));
  await open(page, base, { lang: 'ja', moves: '7g7f' });
  const notices = page.locator('.notices');
  assert.match(await notices.innerText(), /^保存されていた設定（shogi\.pieces）が読めませんでした。shogi\.corrupt\.\d+ として別に残し、既定の設定を使います。$/);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  assert.ok(keys.some((k) => k.startsWith('shogi.corrupt.')), keys.join(','));
  assert.ok(!keys.includes('shogi.pieces'));
  assert.equal(await page.locator('[data-ply="1"]').innerText(), '1. ▲７六歩');
  // The notice already shown follows a change of language.
  await page.locator('button[lang="en"]').click();
  assert.match(await notices.innerText(), /^The saved setting \(shogi\.pieces\) could not be read; it was kept aside as shogi\.corrupt\.\d+ and the default is used\.$/);
  await page.locator('button[lang="ja"]').click();
  assert.match(await notices.innerText(), /^保存されていた設定/);
  // In English from the start.
  await page.evaluate(() => localStorage.setItem('shogi.notation', 'nonsense'));
  await open(page, base, { lang: 'en' });
  assert.match(await notices.innerText(), /^The saved setting \(shogi\.notation\) could not be read; it was kept aside as shogi\.corrupt\.\d+ and the default is used\.$/);
});

test('records: KIF import and export, pasted and as a Shift_JIS file, with download and copy', async ({ page, context, base }) => {
  assert.equal(new TextDecoder('shift_jis').decode(KIF_SJIS), KIF);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, base);
  await importText(page, KIF);
  assert.equal(await sfen(page), AFTER_KIF);
  assert.equal(await page.locator('[data-ply]').count(), 5);
  assert.equal(await attr(page, 'data-result'), 'b');
  assert.equal(await attr(page, 'data-reason'), 'resign');
  await page.locator('.backdrop button:has-text("Look at the game")').click();
  await openRecord(page);
  const kif = await exported(page, 'kif');
  assert.deepEqual(kifMoves(kif), kifMoves(KIF));
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action="download"]').click()]);
  assert.match(download.suggestedFilename(), /^shogi-.*\.kif$/);
  assert.equal(await readFile(await download.path(), 'utf8'), kif);
  await page.locator('[data-action="copy"]').click();
  await page.locator('.copied', { hasText: 'Copied' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), kif);
  // The same game from a Shift_JIS file, after a different game was set up.
  await page.locator('.dialog button:has-text("Close")').click();
  await page.locator('[data-action="new-game"]').click();
  await page.locator('[data-action="start"]').click();
  assert.equal(await sfen(page), STARTPOS);
  await openRecord(page);
  await page.locator('[data-action="import-file"]').setInputFiles({ name: 'game.kif', mimeType: 'text/plain', buffer: KIF_SJIS });
  await waitAttr(page, 'data-sfen', (s) => s === AFTER_KIF);
  assert.equal(await page.locator('[data-ply]').count(), 5);
});

test('records: CSA import and export keep the moves and the end', async ({ page, base }) => {
  const csa = 'V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n';
  await open(page, base);
  await importText(page, csa);
  assert.equal(await sfen(page), AFTER_KIF);
  assert.equal(await attr(page, 'data-reason'), 'resign');
  await page.locator('.backdrop button:has-text("Look at the game")').click();
  await openRecord(page);
  const text = await exported(page, 'csa');
  assert.deepEqual(csaMoves(text), csaMoves(csa));
  const usi = await exported(page, 'sfen');
  assert.equal(usi.trim(), `sfen ${STARTPOS} moves 7g7f 3c3d 8h2b+ 3a2b B*4e`);
});

test('records: an import error names the line and leaves the game alone', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  const before = await sfen(page);
  await importText(page, KIF.replace('３四歩(33)', '３四歩(34)'));
  assert.match(await page.locator('.import-error').innerText(), /line 4: .*not legal/);
  await page.locator('textarea[name="import-text"]').fill('position startpos moves 7g7f\n3c3d 9i9h 1a1c');
  await page.locator('[data-action="import"]').click();
  assert.match(await page.locator('.import-error').innerText(), /line 2: move 4: .*1a1c/);
  await page.locator('[data-action="import-file"]').setInputFiles({ name: 'x.csa', mimeType: 'text/plain', buffer: Buffer.from('V2.2\nPI\n+\n+7776FU\n-7776FU\n') });
  await page.locator('.import-error', { hasText: 'line 5' }).waitFor();
  await page.locator('.dialog button:has-text("Close")').click();
  assert.equal(await sfen(page), before);
  assert.equal(await page.locator('[data-ply]').count(), 1);
});

test('records: import errors in Japanese keep the line, the move and the reason', async ({ page, base }) => {
  await open(page, base, { side: 'both', lang: 'ja' });
  const error = page.locator('.import-error');
  await importText(page, KIF.replace('３四歩(33)', '３四歩(34)'));
  assert.equal(await error.innerText(), '読み込めませんでした：4行目：「３四歩(34)」は指せません：３四に駒がありません');
  assert.equal(await error.locator('code').first().innerText(), '３四歩(34)', 'the text read is shown as code');
  await page.locator('textarea[name="import-text"]').fill('V2.2\nPI\n+\n+7776FU\n-7776FU\n');
  await page.locator('[data-action="import"]').click();
  await error.filter({ hasText: '5行目' }).waitFor();
  assert.match(await error.innerText(), /^読み込めませんでした：5行目：「-7776FU」は指せません：/);
  await page.locator('textarea[name="import-text"]').fill('startpos moves 7g7f 7g7f');
  await page.locator('[data-action="import"]').click();
  assert.equal(await error.innerText(), '読み込めませんでした：1行目：2手目：「7g7f」はこの局面では指せません：７七に駒がありません');
  await page.locator('textarea[name="import-text"]').fill('  \n');
  await page.locator('[data-action="import"]').click();
  assert.equal(await error.innerText(), '読み込めませんでした：読み込むものがありません');
  assert.doesNotMatch(await error.innerText(), /[A-Za-z]{3,}/);
  assert.equal(await sfen(page), STARTPOS, 'the game is left alone');
});

test('records: a share link opens the same game, at the same move, in another browser', async ({ page, base, context }) => {
  await open(page, base, { side: 'both' });
  for (const m of ['7g7f', '3c3d', '2g2f']) await play(page, m);
  await page.locator('[data-ply="2"]').click();
  const shown = await sfen(page);
  await openRecord(page);
  const link = await page.locator('[data-share]').inputValue();
  assert.ok(link.startsWith(base), `${link} is under ${base}`);
  const other = await context.browser().newContext();
  try {
    const fresh = await other.newPage();
    await fresh.goto(link);
    await fresh.waitForSelector('[data-square="5e"]');
    assert.equal(await sfen(fresh), shown);
    assert.deepEqual(await moveTexts(fresh), await moveTexts(page));
    await fresh.locator('[data-nav="end"]').click();
    assert.equal(await sfen(fresh), AFTER_3);
    assert.equal(await fresh.evaluate(() => localStorage.getItem('shogi.game')), null, 'a linked game leaves the saved game alone');
  } finally {
    await other.close();
  }
});

test('saves: a resigned game is listed and can be continued from a middle move', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  for (const m of ['7g7f', '3c3d', '2g2f', '8c8d']) await play(page, m);
  await page.locator('[data-action="resign"]').click();
  await page.locator('.backdrop button:has-text("Look at the game")').click();
  await page.locator('[data-action="games"]').click();
  const entry = page.locator('[data-action="review-game"]');
  assert.equal(await entry.count(), 1);
  assert.match(await entry.innerText(), /Gote wins by resignation · 4 moves/);
  await entry.click();
  assert.equal(await attr(page, 'data-reason'), 'resign');
  assert.ok(await page.locator('[data-action="undo"]').isHidden(), 'no undo on a reviewed game');
  await page.locator('[data-ply="3"]').click();
  await page.locator('[data-action="continue-here"]').click();
  assert.equal(await sfen(page), AFTER_3);
  assert.equal(await page.locator('[data-ply]').count(), 3);
  assert.equal(await attr(page, 'data-result'), null, 'the game is on');
  await play(page, '8c8d');
  await reload(page);
  assert.equal(await page.locator('[data-ply]').count(), 4, 'the continued game is the one saved');
  await page.locator('[data-action="games"]').click();
  assert.equal(await page.locator('[data-action="review-game"]').count(), 1, 'the finished game is still listed once');
});
