// The end-to-end tests, in the order of issue 4's list, each on a fresh page.
import { join } from 'node:path';

import { assert, attr, click, dests, open, pieceAt, play, sfen, square, STARTPOS, waitAttr } from './helpers.mjs';

export const tests = [];
const test = (name, body) => tests.push([name, body]);

test('start position: 40 pieces, sente to move', async ({ page, base, shots }) => {
  await open(page, base);
  assert.equal(await page.locator('[data-piece]').count(), 40);
  assert.equal(await sfen(page), STARTPOS);
  assert.equal(await attr(page, 'data-turn'), 'b');
  assert.equal(await attr(page, 'data-thinking'), 'false');
  assert.equal(await page.locator('[data-square]').count(), 81);
  assert.equal(await pieceAt(page, '5i'), 'K');
  assert.equal(await pieceAt(page, '8b'), 'r');
  await page.screenshot({ path: join(shots, 'start-desktop.png') });
});

test('picking the 7g pawn marks exactly 7f', async ({ page, base }) => {
  await open(page, base);
  await click(page, '7g');
  assert.deepEqual(await dests(page), ['7f']);
  assert.equal(await square(page, '7g').getAttribute('data-selected'), '');
  assert.equal(await page.locator('[data-selected]').count(), 1);
  await click(page, '7g');
  assert.deepEqual(await dests(page), [], 'a second click puts the pawn down');
});

test('two-person play alternates sides and marks the last move', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  assert.equal(await attr(page, 'data-turn'), 'w');
  await play(page, '3c3d');
  assert.equal(await attr(page, 'data-turn'), 'b');
  assert.equal(await sfen(page), 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
  const last = await page.locator('[data-last]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(last, ['3c', '3d']);
  await play(page, '8h2b+');
  assert.equal(await pieceAt(page, '2b'), '+B');
  assert.equal(await page.locator('[data-hand="b"] [data-hand-piece="B"]').getAttribute('data-count'), '1');
  assert.equal(await page.locator('[data-ply]').count(), 3);
  assert.match(await page.locator('[data-ply="3"]').innerText(), /2b/);
});

test('a move gets an engine reply', async ({ page, base }) => {
  await open(page, base, { think: '200' });
  await play(page, '7g7f');
  await waitAttr(page, 'data-turn', (t) => t === 'b');
  assert.equal(await page.locator('[data-ply]').count(), 2);
  assert.match(await page.locator('[data-ply="2"]').innerText(), /☖/, "the second move is gote's");
  assert.equal(await attr(page, 'data-thinking'), 'false');
  await click(page, '2g');
  assert.deepEqual(await dests(page), ['2f'], 'the person can move again');
});

test('the engine can be stopped and gives its best move so far', async ({ page, base }) => {
  await open(page, base, { think: '10000' });
  await play(page, '7g7f');
  await waitAttr(page, 'data-thinking', (t) => t === 'true');
  await page.waitForSelector('.thinking[data-depth]:not([data-depth="0"])');
  const started = Date.now();
  await page.locator('[data-action="stop"]').click();
  await waitAttr(page, 'data-turn', (t) => t === 'b', 2000);
  assert.ok(Date.now() - started < 1500, 'stopped at once');
  assert.equal(await page.locator('[data-ply]').count(), 2);
  // A fresh worker serves the next move.
  await page.evaluate(() => 0);
  await play(page, '2g2f');
  await waitAttr(page, 'data-thinking', (t) => t === 'true');
  await page.locator('[data-action="stop"]').click();
  await waitAttr(page, 'data-turn', (t) => t === 'b', 3000);
  assert.equal(await page.locator('[data-ply]').count(), 4);
});

test('gote: the engine opens, and undo returns to the person\'s turn', async ({ page, base }) => {
  await open(page, base, { side: 'w', think: '100' });
  await waitAttr(page, 'data-turn', (t) => t === 'w');
  assert.equal(await page.locator('[data-ply]').count(), 1);
  const top = await square(page, '9i').boundingBox();
  const bottom = await square(page, '1a').boundingBox();
  assert.ok(top.y < bottom.y, 'gote sits at the bottom: the board is flipped');
  await play(page, '3c3d');
  await waitAttr(page, 'data-turn', (t) => t === 'w');
  assert.equal(await page.locator('[data-ply]').count(), 3);
  await page.locator('[data-action="undo"]').click();
  assert.equal(await page.locator('[data-ply]').count(), 1, 'the engine\'s reply and the person\'s move are taken back');
  assert.equal(await attr(page, 'data-turn'), 'w');
  assert.equal(await attr(page, 'data-thinking'), 'false');
});

test('a hint is drawn on the board', async ({ page, base }) => {
  await open(page, base, { side: 'both', think: '300' });
  await page.locator('[data-action="hint"]').click();
  await page.waitForSelector('[data-hint]', { state: 'attached' });
  const hint = await page.locator('[data-hint]').getAttribute('data-hint');
  assert.match(hint, /^[1-9][a-i][1-9][a-i]\+?$/);
  await play(page, '7g7f');
  assert.equal(await page.locator('[data-hint]').count(), 0, 'a move clears the hint');
});

test('watching the engine play itself', async ({ page, base }) => {
  await open(page, base, { side: 'none', think: '100' });
  const end = Date.now() + 8000;
  while ((await page.locator('[data-ply]').count()) < 4 && Date.now() < end) await page.waitForTimeout(50);
  assert.ok((await page.locator('[data-ply]').count()) >= 4);
});

test('a drop from hand', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/9/9/9/9/9/9/9/4K4 b 2P 1', side: 'both' });
  const pawn = page.locator('[data-hand="b"] [data-hand-piece="P"]');
  assert.equal(await pawn.getAttribute('data-count'), '2');
  // On a wide screen a piece in hand is drawn at the board's size, as on a real komadai.
  const [inHand, onBoard] = await Promise.all([
    pawn.locator('.piece-body').boundingBox(),
    square(page, '5a').locator('.piece-body').boundingBox(),
  ]);
  // A pawn's wedge is 0.84 of a king's (src/ui/text/face.rs); its button's frame may take a little.
  const ratio = inHand.height / onBoard.height;
  assert.ok(ratio > 0.84 * 0.9 && ratio <= 0.84 * 1.01, `pawn in hand ${inHand.height}px, king on board ${onBoard.height}px`);
  await pawn.click();
  assert.equal(await pawn.getAttribute('data-selected'), '');
  const marked = await dests(page);
  assert.equal(marked.length, 79 - 8, 'every empty square but those of the last rank');
  assert.ok(!marked.includes('5a'));
  await click(page, '5e');
  assert.equal(await pieceAt(page, '5e'), 'P');
  assert.equal(await pawn.getAttribute('data-count'), '1');
  assert.equal(await sfen(page), '4k4/9/9/9/4P4/9/9/9/4K4 w P 2');
});

test('an optional promotion asks, with both pieces drawn', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/9/9/2P3S2/9/9/9/9/4K4 b - 1', side: 'both' });
  await click(page, '7d');
  await click(page, '7c');
  const dialog = page.locator('[role="dialog"]');
  assert.equal(await dialog.locator('svg').count(), 2);
  await page.locator('[data-promote="yes"]').click();
  assert.equal(await pieceAt(page, '7c'), '+P');
  assert.equal(await dialog.count(), 0);
  await play(page, '5a5b');
  await click(page, '3d');
  await click(page, '3c');
  await page.locator('[data-promote="no"]').click();
  assert.equal(await pieceAt(page, '3c'), 'S');
});

test('a forced promotion happens by itself', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/2P6/9/9/9/9/9/9/4K4 b - 1', side: 'both' });
  await click(page, '7b');
  await click(page, '7a');
  assert.equal(await page.locator('[data-promote]').count(), 0);
  assert.equal(await pieceAt(page, '7a'), '+P');
});

test('a mate in one set by URL ends the game', async ({ page, base, shots }) => {
  await open(page, base, { sfen: '7nk/9/8G/9/9/9/9/9/4K4 b G 1', side: 'both' });
  assert.equal(await attr(page, 'data-result'), null);
  assert.equal(await page.locator('.hand.to-move').getAttribute('data-hand'), 'b');
  await play(page, 'G*1b');
  assert.equal(await attr(page, 'data-result'), 'b');
  assert.equal(await attr(page, 'data-reason'), 'checkmate');
  assert.equal(await square(page, '1a').getAttribute('data-check'), '');
  // The game is over: neither hand is marked as the one to move.
  assert.equal(await page.locator('.hand.to-move').count(), 0);
  assert.match(await page.locator('[role="dialog"]').innerText(), /checkmate/i);
  await page.screenshot({ path: join(shots, 'mate.png') });
  // The same mate given as a move in the URL.
  await open(page, base, { sfen: '7nk/9/8G/9/9/9/9/9/4K4 b G 1', moves: 'G*1b' });
  assert.equal(await attr(page, 'data-result'), 'b');
  assert.equal(await attr(page, 'data-reason'), 'checkmate');
});

test('fourfold repetition draws; impasse is counted and declared', async ({ page, base }) => {
  const cycle = '5i5h,5a5b,5h5i,5b5a';
  await open(page, base, { side: 'both', moves: [cycle, cycle, cycle].join(',') });
  assert.equal(await attr(page, 'data-result'), 'draw');
  assert.equal(await attr(page, 'data-reason'), 'repetition');
  // Both kings in the enemy camp; sente has ten pieces there and exactly 28 points.
  await open(page, base, { side: 'both', sfen: 'K+B+R+P+P+P+P+P+P/+P+P7/9/9/9/9/9/9/8k b BR 1' });
  assert.equal(await page.locator('.impasse-count').getAttribute('data-impasse-sente'), '28');
  const declare = page.locator('[data-action="impasse"]');
  assert.ok(await declare.isVisible());
  await declare.click();
  assert.equal(await attr(page, 'data-result'), 'b');
  assert.equal(await attr(page, 'data-reason'), 'impasse');
  // One point short: no declaration button.
  await open(page, base, { side: 'both', sfen: 'K+B+R+P+P+P+P+P+P/+P+P7/9/9/9/9/9/9/8k b R 1' });
  assert.ok(!(await page.locator('[data-action="impasse"]').isVisible()));
});

test('switching piece styles, remembered after reload', async ({ page, base, shots }) => {
  await open(page, base);
  // A kanji is drawn as a path that names its sign; letters are text.
  const text = (sq) => square(page, sq).locator('[data-piece] :is(path[data-sign], text)')
    .evaluateAll((signs) => signs.map((s) => s.dataset.sign ?? s.textContent));
  await page.locator('[data-style="kanji"]').click();
  assert.deepEqual(await text('5i'), ['玉']);
  assert.equal(await page.locator('svg.board [data-piece] text').count(), 0, 'kanji are outlines, needing no Japanese font');
  assert.deepEqual(await text('5a'), ['王']);
  await page.locator('[data-style="latin"]').click();
  assert.deepEqual(await text('5i'), ['K']);
  assert.deepEqual(await text('2h'), ['R']);
  await page.screenshot({ path: join(shots, 'latin.png') });
  await page.locator('[data-style="hybrid"]').click();
  assert.deepEqual(await text('2h'), ['飛', 'R']);
  await page.reload();
  await page.waitForSelector('[data-square="5e"]');
  assert.deepEqual(await text('2h'), ['飛', 'R'], 'the style is remembered');
  await open(page, base, { pieces: 'latin', sfen: '4k4/9/9/9/9/9/9/9/+R3K4 b - 1' });
  assert.deepEqual(await text('9i'), ['+R']);
  await page.locator('[data-style="hybrid"]').click();
  assert.deepEqual(await text('9i'), ['龍', 'R+']);
});

test('undo and redo in two-person play', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  await play(page, '3c3d');
  const after2 = await sfen(page);
  await page.locator('[data-action="undo"]').click();
  assert.equal(await page.locator('[data-ply]').count(), 1);
  assert.equal(await attr(page, 'data-turn'), 'w');
  await page.locator('[data-action="undo"]').click();
  assert.equal(await sfen(page), STARTPOS);
  assert.ok(await page.locator('[data-action="undo"]').isDisabled());
  await page.locator('[data-action="redo"]').click();
  await page.locator('[data-action="redo"]').click();
  assert.equal(await sfen(page), after2);
});

test('refused moves say why in plain words', async ({ page, base }) => {
  await open(page, base, { sfen: '7nk/9/8G/9/9/9/4P4/9/4K4 b P 1', side: 'both' });
  await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
  await click(page, '5c');
  assert.match(await page.locator('.message').innerText(), /two pawns on one file/);
  await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
  await click(page, '1b');
  assert.match(await page.locator('.message').innerText(), /a pawn drop may not give checkmate/);
  await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
  await click(page, '4a');
  assert.match(await page.locator('.message').innerText(), /could never move again/);
  await open(page, base, { sfen: '4r3k/9/9/9/9/9/9/4G4/4K4 b - 1', side: 'both' });
  await click(page, '5h');
  await click(page, '4h');
  assert.match(await page.locator('.message').innerText(), /your king would be in check/);
  // The remark is kept as what happened, so it follows a change of language.
  await page.locator('button[lang="ja"]').click();
  assert.match(await page.locator('.message').innerText(), /王手/);
  assert.doesNotMatch(await page.locator('.message').innerText(), /king would be in check/);
});

test('drag a piece with the mouse, and a drop by dragging from hand', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/9/9/9/9/9/6P2/9/4K4 b P 1', side: 'both' });
  const drag = async (from, to) => {
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 3 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
    await page.mouse.up();
  };
  await drag(square(page, '3g'), square(page, '3f'));
  assert.equal(await pieceAt(page, '3f'), 'P');
  await play(page, '5a4a');
  await drag(page.locator('[data-hand="b"] [data-hand-piece="P"]'), square(page, '5e'));
  assert.equal(await pieceAt(page, '5e'), 'P');
  assert.equal(await page.locator('[data-hand="b"] [data-hand-piece]').count(), 0);
});

test('hovering a piece previews its moves, the opponent\'s too', async ({ page, base }) => {
  await open(page, base);
  await square(page, '2b').hover();
  const previewed = await page.locator('[data-preview]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  assert.ok(previewed.length === 0, `gote's bishop is hemmed in at the start: ${previewed}`);
  await square(page, '3c').hover();
  const pawn = await page.locator('[data-preview]').evaluateAll((els) => els.map((e) => e.dataset.square));
  assert.deepEqual(pawn, ['3d']);
});

test('a long press on a touch screen previews a piece\'s moves', async ({ page, base }) => {
  await open(page, base);
  const box = await square(page, '2h').boundingBox();
  const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
  await page.evaluate((at) => {
    const target = document.elementFromPoint(at.clientX, at.clientY);
    target.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'touch', isPrimary: true, bubbles: true, button: 0 }));
  }, at);
  await page.waitForTimeout(700);
  const previewed = await page.locator('[data-preview]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(previewed, ['1h', '3h', '4h', '5h', '6h', '7h'], 'the rook along rank h');
  await page.evaluate((at) => window.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'touch', bubbles: true })), at);
  assert.equal(await page.locator('[data-preview]').count(), 0);
});

test('new-game panel, resignation and the Japanese move list', async ({ page, base }) => {
  await open(page, base, { think: '100' });
  await page.locator('[data-action="new-game"]').click();
  await page.locator('input[data-sides="w"]').check();
  await page.locator('select[name="level"]').selectOption('300');
  await page.locator('[data-action="start"]').click();
  await waitAttr(page, 'data-turn', (t) => t === 'w');
  assert.match(await page.locator('[data-hand="w"]').innerText(), /you/);
  await page.locator('[data-notation="japanese"]').click();
  assert.match(await page.locator('[data-ply="1"]').innerText(), /▲[１-９][一二三四五六七八九]/);
  assert.match(await page.locator('svg.board .coords').textContent(), /一/, 'ranks in kanji');
  await page.locator('[data-action="resign"]').click();
  assert.equal(await attr(page, 'data-result'), 'b');
  assert.equal(await attr(page, 'data-reason'), 'resign');
  assert.match(await page.locator('[role="dialog"]').innerText(), /engine wins by resignation/i);
});

test('handicaps by URL and in the new-game panel: the giver (gote) moves first', async ({ page, base }) => {
  await open(page, base, { handicap: 'two-piece', think: '100' });
  assert.equal(await pieceAt(page, '8b'), null);
  assert.equal(await pieceAt(page, '2b'), null);
  await waitAttr(page, 'data-turn', (t) => t === 'b');
  assert.equal(await page.locator('[data-ply]').count(), 1, 'the engine, giving the handicap, opened');
  await page.locator('[data-action="new-game"]').click();
  await page.locator('input[data-sides="both"]').check();
  await page.locator('select[name="handicap"]').selectOption('lance');
  await page.locator('[data-action="start"]').click();
  assert.equal(await page.locator('[data-piece]').count(), 39);
  assert.equal(await sfen(page), 'lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
});

test('edit mode: set up a position, the rules check it, then play it', async ({ page, base }) => {
  await open(page, base, { mode: 'edit', side: 'both' });
  await page.locator('[data-action="edit-clear"]').click();
  assert.equal(await sfen(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
  await page.locator('[data-palette="G"]').click();
  await click(page, '5b');
  assert.equal(await pieceAt(page, '5b'), 'G');
  await page.locator('[data-hand-edit="bP"] button[aria-label="one pawn more"]').click();
  assert.equal(await page.locator('[data-hand="b"] [data-hand-piece="P"]').getAttribute('data-count'), '1');
  await page.locator('[data-action="play-from-here"]').click();
  assert.match(await page.locator('.message').innerText(), /cannot be played: .*check/i);
  await page.locator('[data-turn-choice="w"]').click();
  await page.locator('[data-action="play-from-here"]').click();
  assert.equal(await sfen(page), '4k4/4G4/9/9/9/9/9/9/4K4 w P 1');
  await play(page, '5a5b');
  assert.equal(await pieceAt(page, '5b'), 'k', 'the king takes the gold: a game is on');
});

test('the piece guide shows every piece in the chosen style', async ({ page, base }) => {
  await open(page, base, { pieces: 'latin' });
  await page.locator('[data-action="guide"]').click();
  assert.equal(await page.locator('[data-guide]').count(), 14);
  assert.deepEqual(await page.locator('[data-guide="dragon"] .piece text').allTextContents(), ['+R']);
  assert.match(await page.locator('[data-guide="knight"]').innerText(), /two ahead/);
  await page.locator('.dialog.guide button', { hasText: 'Close' }).click();
  assert.equal(await page.locator('[data-guide]').count(), 0);
});

test('bad URL parameters show the default and a plain message', async ({ page, base }) => {
  await open(page, base, { sfen: 'not a position', pieces: '<b>bold</b>', think: 'fast' });
  assert.equal(await sfen(page), STARTPOS);
  const notices = await page.locator('.notices').innerText();
  assert.match(notices, /sfen/);
  assert.match(notices, /<b>bold<\/b>/, 'shown as text, not markup');
  assert.match(notices, /think/);
  assert.equal(await page.locator('.notices b').count(), 0);
});

test('flip, move list browsing and view mode', async ({ page, base }) => {
  await open(page, base, { moves: '7g7f,3c3d,2g2f', ply: '1', flip: '1', mode: 'view' });
  assert.equal(await sfen(page), 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
  const top = await square(page, '1i').boundingBox();
  const bottom = await square(page, '9a').boundingBox();
  assert.ok(top.y < bottom.y && top.x < bottom.x, 'flipped: 1i at the top left');
  await page.locator('[data-ply="3"]').click();
  assert.equal(await attr(page, 'data-turn'), 'w');
  assert.equal(await pieceAt(page, '2f'), 'P');
  await click(page, '3d');
  assert.deepEqual(await dests(page), [], 'view mode: no moves');
});

test('narrow phone screen: board and hands fit', async ({ page, base, shots }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, base, { sfen: 'lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p5P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1', side: 'both' });
  const board = await page.locator('svg.board').boundingBox();
  assert.ok(board.width <= 390 && board.width > 330, `board width ${board.width}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width})`);
  await page.screenshot({ path: join(shots, 'phone.png') });
});
