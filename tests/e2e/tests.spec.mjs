// The end-to-end tests, in the order of issue 4's list, each on a fresh page.
import { app, centre, click, dests, expect, open, piece, play, square, started, STARTPOS, test } from './fixtures.mjs';

test('start position: 40 pieces, sente to move', async ({ page, base }) => {
  await open(page, base);
  await expect(page.locator('[data-piece]')).toHaveCount(40);
  await expect(app(page)).toHaveAttribute('data-sfen', STARTPOS);
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(app(page)).toHaveAttribute('data-thinking', 'false');
  await expect(page.locator('[data-square]')).toHaveCount(81);
  await expect(piece(page, '5i')).toHaveAttribute('data-piece', 'K');
  await expect(piece(page, '8b')).toHaveAttribute('data-piece', 'r');
  await page.screenshot({ path: test.info().outputPath('start-desktop.png') });
});

test('picking the 7g pawn marks exactly 7f', async ({ page, base }) => {
  await open(page, base);
  await click(page, '7g');
  await expect.poll(() => dests(page)).toEqual(['7f']);
  await expect(square(page, '7g')).toHaveAttribute('data-selected', '');
  await expect(page.locator('[data-selected]')).toHaveCount(1);
  await click(page, '7g');
  await expect.poll(() => dests(page), { message: 'a second click puts the pawn down' }).toEqual([]);
});

test('two-person play alternates sides and marks the last move', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await play(page, '3c3d');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(app(page)).toHaveAttribute('data-sfen', 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
  await expect.poll(() => page.locator('[data-last]').evaluateAll((els) => els.map((e) => e.dataset.square).sort()))
    .toEqual(['3c', '3d']);
  await play(page, '8h2b+');
  await expect(piece(page, '2b')).toHaveAttribute('data-piece', '+B');
  await expect(page.locator('[data-hand="b"] [data-hand-piece="B"]')).toHaveAttribute('data-count', '1');
  await expect(page.locator('[data-ply]')).toHaveCount(3);
  await expect(page.locator('[data-ply="3"]')).toHaveText(/2b/, { useInnerText: true });
});

test('a move gets an engine reply', async ({ page, base }) => {
  await open(page, base, { think: '200' });
  await play(page, '7g7f');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(page.locator('[data-ply]')).toHaveCount(2);
  await expect(page.locator('[data-ply="2"]'), "the second move is gote's").toHaveText(/☖/, { useInnerText: true });
  await expect(app(page)).toHaveAttribute('data-thinking', 'false');
  await click(page, '2g');
  await expect.poll(() => dests(page), { message: 'the person can move again' }).toEqual(['2f']);
});

test('the engine can be stopped and gives its best move so far', async ({ page, base }) => {
  // A minute a move, the most the app allows: a reply that comes before it came from Stop,
  // however slow the machine.
  await open(page, base, { think: '60000' });
  await play(page, '7g7f');
  await expect(app(page)).toHaveAttribute('data-thinking', 'true');
  await page.locator('.thinking[data-depth]:not([data-depth="0"])').waitFor();
  // Stopped at once: the best move found so far is on the board by the end of the click's own
  // task (state.rs, stop_engine), with no wait for the worker. Read in the page, in the timer
  // task the click queues as it starts, so the check does not depend on the machine's speed.
  await app(page).evaluate((root) => window.addEventListener('click', () => setTimeout(() => {
    window.turnAfterStop = root.dataset.turn;
  }, 0), { capture: true, once: true }));
  await page.locator('[data-action="stop"]').click();
  await expect.poll(() => page.evaluate(() => window.turnAfterStop ?? null)).not.toBeNull();
  expect(await page.evaluate(() => window.turnAfterStop), 'stopped at once: the reply is played by the click').toBe('b');
  await expect(page.locator('[data-ply]')).toHaveCount(2);
  await expect(app(page)).toHaveAttribute('data-thinking', 'false');
  // A fresh worker serves the next move. Stopped before its first iteration ends, it searches
  // for a moment more (a legal move); well within the minute the move was given.
  await play(page, '2g2f');
  await expect(app(page)).toHaveAttribute('data-thinking', 'true');
  await page.locator('[data-action="stop"]').click();
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(page.locator('[data-ply]')).toHaveCount(4);
});

test('gote: the engine opens, and undo returns to the person\'s turn', async ({ page, base }) => {
  await open(page, base, { side: 'w', think: '100' });
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  const top = await square(page, '9i').boundingBox();
  const bottom = await square(page, '1a').boundingBox();
  expect(top.y, 'gote sits at the bottom: the board is flipped').toBeLessThan(bottom.y);
  await play(page, '3c3d');
  await expect(page.locator('[data-ply]')).toHaveCount(3);
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await page.locator('[data-action="undo"]').click();
  await expect(page.locator('[data-ply]'), 'the engine\'s reply and the person\'s move are taken back').toHaveCount(1);
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(app(page)).toHaveAttribute('data-thinking', 'false');
});

test('a hint is drawn on the board', async ({ page, base }) => {
  await open(page, base, { side: 'both', think: '300' });
  await page.locator('[data-action="hint"]').click();
  await expect(page.locator('[data-hint]')).toHaveAttribute('data-hint', /^[1-9][a-i][1-9][a-i]\+?$/);
  await play(page, '7g7f');
  await expect(page.locator('[data-hint]'), 'a move clears the hint').toHaveCount(0);
});

test('watching the engine play itself', async ({ page, base }) => {
  await open(page, base, { side: 'none', think: '100' });
  await expect.poll(() => page.locator('[data-ply]').count()).toBeGreaterThanOrEqual(4);
});

test('a drop from hand', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/9/9/9/9/9/9/9/4K4 b 2P 1', side: 'both' });
  const pawn = page.locator('[data-hand="b"] [data-hand-piece="P"]');
  await expect(pawn).toHaveAttribute('data-count', '2');
  // On a wide screen a piece in hand is drawn at the board's size, as on a real komadai.
  const [inHand, onBoard] = await Promise.all([
    pawn.locator('.piece-body').boundingBox(),
    square(page, '5a').locator('.piece-body').boundingBox(),
  ]);
  // A pawn's wedge is 0.84 of a king's (src/ui/text/face.rs); its button's frame may take a little.
  const ratio = inHand.height / onBoard.height;
  const sizes = `pawn in hand ${inHand.height}px, king on board ${onBoard.height}px`;
  expect(ratio, sizes).toBeGreaterThan(0.84 * 0.9);
  expect(ratio, sizes).toBeLessThanOrEqual(0.84 * 1.01);
  await pawn.click();
  await expect(pawn).toHaveAttribute('data-selected', '');
  await expect(page.locator('[data-dest]'), 'every empty square but those of the last rank').toHaveCount(79 - 8);
  await expect(square(page, '5a')).not.toHaveAttribute('data-dest');
  await click(page, '5e');
  await expect(piece(page, '5e')).toHaveAttribute('data-piece', 'P');
  await expect(pawn).toHaveAttribute('data-count', '1');
  await expect(app(page)).toHaveAttribute('data-sfen', '4k4/9/9/9/4P4/9/9/9/4K4 w P 2');
});

test('an optional promotion asks, with both pieces drawn', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/9/9/2P3S2/9/9/9/9/4K4 b - 1', side: 'both' });
  await click(page, '7d');
  await click(page, '7c');
  const dialog = page.locator('[role="dialog"]');
  await expect(dialog.locator('svg')).toHaveCount(2);
  await page.locator('[data-promote="yes"]').click();
  await expect(piece(page, '7c')).toHaveAttribute('data-piece', '+P');
  await expect(dialog).toHaveCount(0);
  await play(page, '5a5b');
  await click(page, '3d');
  await click(page, '3c');
  await page.locator('[data-promote="no"]').click();
  await expect(piece(page, '3c')).toHaveAttribute('data-piece', 'S');
});

test('a forced promotion happens by itself', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/2P6/9/9/9/9/9/9/4K4 b - 1', side: 'both' });
  await click(page, '7b');
  await click(page, '7a');
  await expect(piece(page, '7a')).toHaveAttribute('data-piece', '+P');
  await expect(page.locator('[data-promote]')).toHaveCount(0);
});

test('a mate in one set by URL ends the game', async ({ page, base }) => {
  await open(page, base, { sfen: '7nk/9/8G/9/9/9/9/9/4K4 b G 1', side: 'both' });
  await expect(app(page)).not.toHaveAttribute('data-result');
  await expect(page.locator('.hand.to-move')).toHaveAttribute('data-hand', 'b');
  await play(page, 'G*1b');
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  await expect(app(page)).toHaveAttribute('data-reason', 'checkmate');
  await expect(square(page, '1a')).toHaveAttribute('data-check', '');
  // The game is over: neither hand is marked as the one to move.
  await expect(page.locator('.hand.to-move')).toHaveCount(0);
  await expect(page.locator('[role="dialog"]')).toHaveText(/checkmate/i, { useInnerText: true });
  await page.screenshot({ path: test.info().outputPath('mate.png') });
  // The same mate given as a move in the URL.
  await open(page, base, { sfen: '7nk/9/8G/9/9/9/9/9/4K4 b G 1', moves: 'G*1b' });
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  await expect(app(page)).toHaveAttribute('data-reason', 'checkmate');
});

test('fourfold repetition draws; impasse is counted and declared', async ({ page, base }) => {
  const cycle = '5i5h,5a5b,5h5i,5b5a';
  await open(page, base, { side: 'both', moves: [cycle, cycle, cycle].join(',') });
  await expect(app(page)).toHaveAttribute('data-result', 'draw');
  await expect(app(page)).toHaveAttribute('data-reason', 'repetition');
  // Both kings in the enemy camp; sente has ten pieces there and exactly 28 points.
  await open(page, base, { side: 'both', sfen: 'K+B+R+P+P+P+P+P+P/+P+P7/9/9/9/9/9/9/8k b BR 1' });
  await expect(page.locator('.impasse-count')).toHaveAttribute('data-impasse-sente', '28');
  const declare = page.locator('[data-action="impasse"]');
  await expect(declare).toBeVisible();
  await declare.click();
  await page.locator('[data-action="confirm"]').click();
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  await expect(app(page)).toHaveAttribute('data-reason', 'impasse');
  // One point short: no declaration button.
  await open(page, base, { side: 'both', sfen: 'K+B+R+P+P+P+P+P+P/+P+P7/9/9/9/9/9/9/8k b R 1' });
  await expect(page.locator('[data-action="impasse"]')).toBeHidden();
});

test('switching piece styles, remembered after reload', async ({ page, base }) => {
  // A kanji is drawn from its outline in the page, by a `use` that names its sign; letters are text.
  const signs = (sq) => () => square(page, sq).locator('[data-piece] :is(use[data-sign], text)')
    .evaluateAll((els) => els.map((s) => s.dataset.sign ?? s.textContent));
  // Before any choice: kanji alone in Japanese, kanji with their letters in English.
  await open(page, base, { lang: 'ja' });
  await expect.poll(signs('2h')).toEqual(['飛']);
  await open(page, base, { lang: 'en' });
  await expect.poll(signs('2h')).toEqual(['飛', 'R']);
  await page.locator('[data-style="kanji"]').click();
  await expect.poll(signs('5i')).toEqual(['玉']);
  await expect(page.locator('svg.board [data-piece] text'), 'kanji are outlines, needing no Japanese font').toHaveCount(0);
  await expect.poll(signs('5a')).toEqual(['王']);
  await page.locator('[data-style="latin"]').click();
  await expect.poll(signs('5i')).toEqual(['K']);
  await expect.poll(signs('2h')).toEqual(['R']);
  await page.screenshot({ path: test.info().outputPath('latin.png') });
  await page.locator('[data-style="hybrid"]').click();
  await expect.poll(signs('2h')).toEqual(['飛', 'R']);
  await page.reload();
  await started(page);
  await expect.poll(signs('2h'), { message: 'the style is remembered' }).toEqual(['飛', 'R']);
  await open(page, base, { pieces: 'latin', sfen: '4k4/9/9/9/9/9/9/9/+R3K4 b - 1' });
  await expect.poll(signs('9i')).toEqual(['+R']);
  await page.locator('[data-style="hybrid"]').click();
  await expect.poll(signs('9i')).toEqual(['龍', 'R+']);
});

test('undo and redo in two-person play', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  await play(page, '3c3d');
  await expect(page.locator('[data-ply]')).toHaveCount(2);
  const after2 = await app(page).getAttribute('data-sfen');
  await page.locator('[data-action="undo"]').click();
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await page.locator('[data-action="undo"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', STARTPOS);
  await expect(page.locator('[data-action="undo"]')).toBeDisabled();
  await page.locator('[data-action="redo"]').click();
  await page.locator('[data-action="redo"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', after2);
});

test('refused moves say why in plain words', async ({ page, base }) => {
  await open(page, base, { sfen: '7nk/9/8G/9/9/9/4P4/9/4K4 b P 1', side: 'both' });
  const message = page.locator('.message');
  await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
  await click(page, '5c');
  await expect(message).toHaveText(/two pawns on one file/, { useInnerText: true });
  await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
  await click(page, '1b');
  await expect(message).toHaveText(/a pawn drop may not give checkmate/, { useInnerText: true });
  await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
  await click(page, '4a');
  await expect(message).toHaveText(/could never move again/, { useInnerText: true });
  await open(page, base, { sfen: '4r3k/9/9/9/9/9/9/4G4/4K4 b - 1', side: 'both' });
  await click(page, '5h');
  await click(page, '4h');
  await expect(message).toHaveText(/your king would be in check/, { useInnerText: true });
  // The remark is kept as what happened, so it follows a change of language.
  await page.locator('button[lang="ja"]').click();
  await expect(message).toHaveText(/王手/, { useInnerText: true });
  await expect(message).not.toHaveText(/king would be in check/, { useInnerText: true });
});

test('drag a piece with the mouse, and a drop by dragging from hand', async ({ page, base }) => {
  await open(page, base, { sfen: '4k4/9/9/9/9/9/6P2/9/4K4 b P 1', side: 'both' });
  const drag = async (from, to) => {
    const a = await centre(from);
    const b = await centre(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + 10, a.y - 10, { steps: 3 });
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
  };
  await drag(square(page, '3g'), square(page, '3f'));
  await expect(piece(page, '3f')).toHaveAttribute('data-piece', 'P');
  await play(page, '5a4a');
  await drag(page.locator('[data-hand="b"] [data-hand-piece="P"]'), square(page, '5e'));
  await expect(piece(page, '5e')).toHaveAttribute('data-piece', 'P');
  await expect(page.locator('[data-hand="b"] [data-hand-piece]')).toHaveCount(0);
});

/** The squares marked as a preview of a piece's moves, sorted. */
const previewed = (page) => () => page.locator('[data-preview]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());

test('hovering a piece previews its moves, the opponent\'s too', async ({ page, base }) => {
  await open(page, base);
  await square(page, '2b').hover();
  await expect.poll(previewed(page), { message: 'gote\'s bishop is hemmed in at the start' }).toEqual([]);
  await square(page, '3c').hover();
  await expect.poll(previewed(page)).toEqual(['3d']);
});

test('a long press on a touch screen previews a piece\'s moves; a finger that rests before moving still drags', async ({ page, base }) => {
  await open(page, base);
  const clientCentre = async (name) => {
    const { x, y } = await centre(square(page, name));
    return { clientX: x, clientY: y };
  };
  const touch = (type, at) => page.evaluate(([type, at]) => {
    const target = document.elementFromPoint(at.clientX, at.clientY);
    target.dispatchEvent(new PointerEvent(type, { ...at, pointerType: 'touch', isPrimary: true, bubbles: true, button: 0 }));
  }, [type, at]);
  const rook = await clientCentre('2h');
  const rookMoves = ['1h', '3h', '4h', '5h', '6h', '7h'];
  await touch('pointerdown', rook);
  // The press counts as long after 450 ms (src/ui/board/drag.rs). No tighter deadline: on a
  // loaded machine the timer fires late, and that is not what this test is about.
  await expect.poll(previewed(page), { message: 'the rook along rank h', intervals: [50] }).toEqual(rookMoves);
  await touch('pointerup', rook);
  await expect(page.locator('[data-preview]')).toHaveCount(0);
  await expect(app(page)).toHaveAttribute('data-sfen', STARTPOS);

  // Held until its preview shows, then moved: the rook goes where the finger lifts.
  await touch('pointerdown', rook);
  await expect.poll(previewed(page), { intervals: [50] }).toEqual(rookMoves);
  const target = await clientCentre('4h');
  await touch('pointermove', { clientX: (rook.clientX + target.clientX) / 2, clientY: rook.clientY });
  await touch('pointermove', target);
  await touch('pointerup', target);
  await expect(piece(page, '4h')).toHaveAttribute('data-piece', 'R');
  await expect(page.locator('[data-preview]')).toHaveCount(0);
});

test('new-game panel, resignation and the Japanese move list', async ({ page, base }) => {
  await open(page, base, { think: '100' });
  await page.locator('[data-action="new-game"]').click();
  await page.locator('input[data-sides="w"]').check();
  // The ladder's 20 steps, the strongest also at 3 and 10 s.
  await expect(page.locator('select[name="level"] option')).toHaveCount(22);
  await expect(page.locator('select[name="level"] option').first()).toHaveText('Level 1 (beginner)');
  await expect(page.locator('select[name="level"] option').nth(19)).toHaveText('Level 20 (master), 1 s a move');
  await page.locator('select[name="level"]').selectOption({ index: 0 });
  await page.locator('[data-action="start"]').click();
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(page.locator('[data-hand="w"]')).toHaveText(/you/, { useInnerText: true });
  await page.locator('[data-notation="japanese"]').click();
  await expect(page.locator('[data-ply="1"]')).toHaveText(/▲[１-９][一二三四五六七八九]/, { useInnerText: true });
  await expect(page.locator('svg.board .coords'), 'ranks in kanji').toHaveText(/一/);
  await page.locator('[data-action="resign"]').click();
  await page.locator('[data-action="confirm"]').click();
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  await expect(app(page)).toHaveAttribute('data-reason', 'resign');
  await expect(page.locator('[role="dialog"]')).toHaveText(/engine wins by resignation/i, { useInnerText: true });
});

test('resign asks first: Escape or Cancel plays on, Enter resigns', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  const resign = page.locator('[data-action="resign"]');
  const dialog = page.locator('.dialog.confirm');
  await resign.click();
  await expect(dialog).toHaveText(/Resign this game\?/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await resign.click();
  await dialog.locator('[data-action="cancel"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(app(page), 'still playing').not.toHaveAttribute('data-result', /./);
  await resign.click();
  await expect(dialog.locator('[data-action="confirm"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-reason', 'resign');
  await expect(page.locator('[role="dialog"]')).toHaveText(/Sente wins by resignation\./, { useInnerText: true });
  // The Japanese result names the side with its mark, the reason in brackets.
  await page.keyboard.press('Escape');
  await page.locator('button[lang="ja"]').click();
  await expect(page.locator('.status')).toHaveText(/☗ 先手の勝ち（投了）/, { useInnerText: true });
});

test('handicaps by URL and in the new-game panel: the giver (gote) moves first', async ({ page, base }) => {
  await open(page, base, { handicap: 'two-piece', think: '100' });
  // Gote's opening move may already be on the board (it may be S-2b): look for the given pieces, not their squares.
  await expect(page.locator('[data-piece]')).toHaveCount(38);
  await expect(page.locator('[data-piece="r"], [data-piece="b"]'), 'gote gives its rook and bishop').toHaveCount(0);
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(page.locator('[data-ply]'), 'the engine, giving the handicap, opened').toHaveCount(1);
  await page.locator('[data-action="new-game"]').click();
  await page.locator('input[data-sides="both"]').check();
  await page.locator('select[name="handicap"]').selectOption('lance');
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-piece]')).toHaveCount(39);
  await expect(app(page)).toHaveAttribute('data-sfen', 'lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
});

test('edit mode: set up a position, the rules check it, then play it', async ({ page, base }) => {
  await open(page, base, { mode: 'edit', side: 'both' });
  await page.locator('[data-action="edit-clear"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', '4k4/9/9/9/9/9/9/9/4K4 b - 1');
  await page.locator('[data-palette="G"]').click();
  await click(page, '5b');
  await expect(piece(page, '5b')).toHaveAttribute('data-piece', 'G');
  await page.locator('[data-hand-edit="bP"] button[aria-label="one pawn more"]').click();
  await expect(page.locator('[data-hand="b"] [data-hand-piece="P"]')).toHaveAttribute('data-count', '1');
  await page.locator('[data-action="play-from-here"]').click();
  await expect(page.locator('.message')).toHaveText(/cannot be played: .*check/i, { useInnerText: true });
  await page.locator('[data-turn-choice="w"]').click();
  await page.locator('[data-action="play-from-here"]').click();
  await expect(app(page)).toHaveAttribute('data-sfen', '4k4/4G4/9/9/9/9/9/9/4K4 w P 1');
  await play(page, '5a5b');
  await expect(piece(page, '5b'), 'the king takes the gold: a game is on').toHaveAttribute('data-piece', 'k');
});

test('the piece guide shows every piece in the chosen style', async ({ page, base }) => {
  await open(page, base, { pieces: 'latin' });
  await page.locator('[data-action="guide"]').click();
  await expect(page.locator('[data-guide]')).toHaveCount(14);
  await expect(page.locator('[data-guide="dragon"] .piece text')).toHaveText(['+R']);
  await expect(page.locator('[data-guide="knight"]')).toHaveText(/two ahead/, { useInnerText: true });
  await page.locator('.dialog.guide button', { hasText: 'Close' }).click();
  await expect(page.locator('[data-guide]')).toHaveCount(0);
});

test('the guide states the goal, check and the drop rules the app enforces', async ({ page, base }) => {
  for (const [lang, goal, bans] of [
    ['en', /checkmate the opponent's king/, [/two pawns/, /pawn drop that checkmates/, /could never move again/]],
    ['ja', /相手の玉を詰ます/, [/二歩/, /打ち歩詰め/, /行き所のない駒/]],
  ]) {
    await open(page, base, { lang });
    await page.locator('[data-action="guide"]').click();
    const rules = page.locator('[data-guide-rule]');
    await expect(rules).toHaveCount(6);
    await expect(page.locator('[data-guide-rule="checkmate"]')).toHaveText(goal);
    const drop = page.locator('[data-guide-rule="drop"]');
    for (const [i, name] of ['two-pawns', 'pawn-drop-mate', 'dead-piece'].entries()) {
      await expect(drop.locator(`[data-guide-rule="${name}"]`), 'each ban listed under the drops').toHaveText(bans[i]);
    }
    await expect(page.locator('.dialog.guide')).not.toHaveText(/any empty square/);
  }
  // The board refusing these drops is 'refused moves say why in plain words'; the guide's
  // example of each rule is held to the rules core natively (src/ui/model/guide.rs).
});

test('bad URL parameters show the default and a plain message', async ({ page, base }) => {
  await open(page, base, { sfen: 'not a position', pieces: '<b>bold</b>', think: 'fast' });
  await expect(app(page)).toHaveAttribute('data-sfen', STARTPOS);
  const notices = page.locator('.notices');
  await expect(notices).toHaveText(/sfen/, { useInnerText: true });
  await expect(notices, 'shown as text, not markup').toHaveText(/<b>bold<\/b>/, { useInnerText: true });
  await expect(notices).toHaveText(/think/, { useInnerText: true });
  await expect(page.locator('.notices b')).toHaveCount(0);
});

test('flip, move list browsing and view mode', async ({ page, base }) => {
  await open(page, base, { moves: '7g7f,3c3d,2g2f', ply: '1', flip: '1', mode: 'view' });
  await expect(app(page)).toHaveAttribute('data-sfen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
  const top = await square(page, '1i').boundingBox();
  const bottom = await square(page, '9a').boundingBox();
  expect(top.y, 'flipped: 1i at the top').toBeLessThan(bottom.y);
  expect(top.x, 'flipped: 1i at the left').toBeLessThan(bottom.x);
  await page.locator('[data-ply="3"]').click();
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(piece(page, '2f')).toHaveAttribute('data-piece', 'P');
  await click(page, '3d');
  await expect.poll(() => dests(page), { message: 'view mode: no moves' }).toEqual([]);
});

test('narrow phone screen: board and hands fit', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, base, { sfen: 'lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p5P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1', side: 'both' });
  const board = await page.locator('svg.board').boundingBox();
  expect(board.width, 'board width').toBeLessThanOrEqual(390);
  expect(board.width, 'board width').toBeGreaterThan(330);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling').toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('phone.png') });
});
