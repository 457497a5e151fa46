// Issue 6: the game by keyboard alone, typed moves, the screen-reader live region,
// dialogs that hold and return the focus, themes, and an axe-core audit.
import { app, arrowTo, audit, expect, focused, inDialog, keyMove, open, piece, settled, tabToBoard, test } from './fixtures.mjs';

const live = (page) => page.locator('[data-live]');

test('keyboard: a game by keys alone, with a capture, a promotion and a drop', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  const presses = await tabToBoard(page);
  expect(presses, 'the board comes early in the tab order').toBeLessThanOrEqual(25);
  // The focus ring is drawn in the SVG, not by colour of the square alone.
  const ring = await page.evaluate(() => {
    const ring = document.querySelector('.focus-ring');
    const [box, square] = [ring.getBoundingClientRect(), document.activeElement.getBoundingClientRect()];
    const inside = box.left >= square.left && box.right <= square.right && box.top >= square.top && box.bottom <= square.bottom;
    return { display: getComputedStyle(ring).display, inside };
  });
  expect(ring.display, 'the focused square shows its ring').not.toBe('none');
  expect(ring.inside, 'the ring is drawn on the focused square').toBe(true);
  for (const m of ['7g7f', '3c3d', '8h2b+', '3a2b']) await keyMove(page, m);
  await expect(piece(page, '2b')).toHaveAttribute('data-piece', 's');
  // Escape puts a picked-up piece back.
  await arrowTo(page, '2g');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-selected]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-selected]')).toHaveCount(0);
  await keyMove(page, 'B*4e');
  await expect(app(page)).toHaveAttribute('data-sfen', 'lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6');
  await expect(live(page)).toHaveText('Sente: drops a bishop on 4 e');
});

test('keyboard: a mate by keys ends the game; the result is announced and the panel holds the focus', async ({ page, base }) => {
  await open(page, base, { side: 'both', sfen: '4k4/9/4P4/9/9/9/9/9/4K4 b G 1' });
  await tabToBoard(page);
  await keyMove(page, 'G*5b');
  await expect(app(page)).toHaveAttribute('data-result', 'b');
  await expect(app(page)).toHaveAttribute('data-reason', 'checkmate');
  await expect(live(page)).toHaveText('Sente: drops a gold on 5 b, check. Sente wins by checkmate.');
  await page.locator('[role="dialog"]').waitFor();
  await expect.poll(() => inDialog(page), { message: 'the dialog took the focus' }).toBe(true);
  // Tab stays within the dialog: the page behind is inert.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => document.activeElement.closest('[role="dialog"]') !== null
      || document.activeElement === document.body);
    expect(inside, 'the focus stays in the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('[role="dialog"]')).toHaveCount(0);
  await expect.poll(() => focused(page), { message: 'the focus returns to the square it left' }).toBe('5b');
});

test('dialogs: opened by keyboard, closed by Escape, the focus returns to the button', async ({ page, base }) => {
  await open(page, base);
  for (const action of ['new-game', 'guide', 'games', 'record']) {
    await page.locator(`[data-action="${action}"]`).focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role="dialog"][aria-modal="true"]');
    await dialog.waitFor();
    await expect(dialog).toHaveAttribute('aria-label', /./);
    await expect.poll(() => inDialog(page), { message: 'the dialog took the focus' }).toBe(true);
    await expect(page.locator('main[inert]'), 'the page behind is inert').toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(`[data-action="${action}"]`)).toBeFocused();
    await expect(page.locator('main[inert]')).toHaveCount(0);
  }
});

/** Types `text` into the move box key by key. */
async function typeMove(page, text) {
  const box = page.locator('[data-move-input]');
  await box.fill('');
  await box.pressSequentially(text);
}

const feedback = (page) => page.locator('[data-move-feedback]');
/** The completions offered for what is typed: read with `expect.poll`. */
const options = (page) => () => page.locator('#move-options option').evaluateAll((os) => os.map((o) => o.value));

test('move box: typed moves in USI, western and Japanese notation, validated as typed', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await typeMove(page, '7g7');
  await expect.poll(options(page), { message: 'completions of what is typed' }).toEqual(['7g7f']);
  await page.keyboard.type('f');
  await expect(feedback(page)).toHaveText(/^Enter plays P-7f \(7g7f\)$/);
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(page.locator('[data-move-input]'), 'the box empties').toHaveValue('');
  await typeMove(page, 'P-3');
  await expect.poll(options(page)).toEqual(['P-3d']);
  await expect(feedback(page), 'an unfinished move says what is expected').toHaveText(/column/);
  await page.keyboard.type('d');
  await page.keyboard.press('Enter');
  await typeMove(page, '▲２六歩');
  await expect(feedback(page)).toHaveText(/Enter plays P-2f \(2g2f\)/);
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-sfen', 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4');
  // Both of gote's golds can reach 5b: the box says so and names both spellings.
  await typeMove(page, 'G-5b');
  await expect(feedback(page)).toHaveText(/^ambiguous: gold (6a or 4a|4a or 6a) can reach 5b; write G[46]a-5b or G[46]a-5b$/);
  await expect(page.locator('[data-move-input]')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(app(page), 'an unclear move is not played').toHaveAttribute('data-turn', 'w');
  await typeMove(page, '84歩');
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(live(page)).toHaveText('Gote: pawn to 8 d');
  await expect(page.locator('[data-ply]')).toHaveCount(4);
  await expect(app(page)).toHaveAttribute('data-sfen', /^lnsgkgsnl\/1r5b1\/p1pppp1pp\/1p4p2\//);
});

test('live region: the engine\'s reply is announced in words', async ({ page, base }) => {
  await open(page, base, { think: '200' });
  await expect(page.locator('[aria-live="polite"][data-live]')).toHaveCount(1);
  await typeMove(page, '2g2f');
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(live(page)).toHaveText(/^Gote: [a-z ]+ to [1-9] [a-i](, check)?$/);
  await page.locator('[data-action="undo"]').click();
  await expect(live(page)).toHaveText('Move taken back');
});

test('board is an ARIA grid with named cells; hands are labelled', async ({ page, base }) => {
  await open(page, base);
  await expect(page.locator('[role="grid"] > [role="row"]')).toHaveCount(9);
  await expect(page.locator('[role="row"] > [role="gridcell"][data-square]')).toHaveCount(81);
  await expect(page.locator('[data-square="7g"]')).toHaveAttribute('aria-label', '7 g, sente pawn, 歩 P');
  await expect(page.locator('[data-square="5e"]')).toHaveAttribute('aria-label', '5 e, empty');
  await expect(page.locator('[data-square="8b"]')).toHaveAttribute('aria-label', '8 b, gote rook, 飛 R');
  await expect(page.locator('[data-square][tabindex="0"]'), 'one tab stop for the board').toHaveCount(1);
  await expect(page.locator('[data-hand="b"]')).toHaveAttribute('aria-label', "Sente's hand");
  await page.locator('[data-square="7g"]').click();
  await expect(page.locator('[data-square="7g"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-square="7f"]')).toHaveAttribute('aria-label', /legal move/);
  // A square's name follows the pieces' style and the language, marked or not.
  await page.locator('[data-style="latin"]').click();
  await expect(page.locator('[data-square="8b"]')).toHaveAttribute('aria-label', '8 b, gote rook, R');
  await expect(page.locator('[data-square="7f"]')).toHaveAttribute('aria-label', /legal move/);
  await page.locator('button', { hasText: '日本語' }).click();
  await expect(page.locator('[data-square="8b"]')).toHaveAttribute('aria-label', /^８二、後手の飛車、R$/);
  await expect(page.locator('[data-square="5e"]')).toHaveAttribute('aria-label', /^５五/);
});

test('themes: dark follows the system, marks have shapes, reduced motion stops the spinner', async ({ page, base, browser }) => {
  await open(page, base, { side: 'both' });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background, { message: 'the dark theme applies' }).not.toBe(light);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.locator('[data-square="7g"]').click();
  await page.locator('[data-square="7f"]').click();
  // The last move's squares have a frame (a shape), not only a tint.
  await expect.poll(() => page.locator('.frame.last').evaluateAll((els) =>
    els.filter((e) => getComputedStyle(e).display !== 'none' && getComputedStyle(e).stroke !== 'none').map((e) => e.dataset.at).sort()))
    .toEqual(['7f', '7g']);
  // A fresh context: this one's saved game (sente has moved) would make gote the person's turn.
  const context2 = await browser.newContext();
  const page2 = await context2.newPage();
  await page2.emulateMedia({ reducedMotion: 'reduce' });
  await open(page2, base, { think: '3000', side: 'w' });
  await expect(page2.locator('.spinner')).toHaveCSS('animation-name', 'none');
  await context2.close();
});

test('axe-core audit: no serious or critical violation, light and dark, with dialogs open', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await audit(page, 'main page');
  await page.locator('[data-square="7g"]').click();
  await audit(page, 'a piece picked up');
  await page.emulateMedia({ colorScheme: 'dark' });
  await audit(page, 'dark theme');
  await page.emulateMedia({ colorScheme: 'light' });
  // Each panel's code comes on first use: audited once it is drawn.
  await page.locator('[data-action="new-game"]').click();
  await page.locator('[data-action="start"]').waitFor();
  await audit(page, 'new-game dialog');
  await page.keyboard.press('Escape');
  await page.locator('[data-action="guide"]').click();
  await page.locator('.guide-row').first().waitFor();
  await audit(page, 'piece guide');
  await page.keyboard.press('Escape');
  await open(page, base, { side: 'both', sfen: '4k4/9/4P4/9/9/9/9/9/4K4 b 2G 1' });
  await audit(page, 'pieces in hand');
  await page.locator('[data-hand="b"] [data-hand-piece="G"]').click();
  await page.locator('[data-square="5b"]').click();
  await page.locator('[role="dialog"]').waitFor();
  await audit(page, 'game-over dialog');
  // The learning panels: a finished review (a judged move shown) beside a running analysis.
  await open(page, base, { side: 'both', moves: '7g7f,3c3d,7i6h,2b8h+' });
  await page.locator('[data-review-budget]').selectOption('100');
  await page.locator('[data-action="review"]').click();
  await expect(page.locator('[data-review-progress]')).toHaveAttribute('data-review-progress', '100');
  await page.locator('[data-ply="3"]').click();
  await expect(page.locator('.review-note')).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.locator('[data-pv]').first()).toBeVisible();
  await page.keyboard.press('t');
  await expect(page.locator('p.threat')).toBeVisible();
  await audit(page, 'review, analysis and threat');
  await page.emulateMedia({ colorScheme: 'dark' });
  await audit(page, 'review, analysis and threat, dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

// Axe-core at four window sizes, light and dark, English and Japanese, with each dialog open.
// Every pair of the three is audited (each size in both languages and both themes, each
// language in both themes) in eight runs rather than all sixteen: a fault that shows only in
// one size, language and theme together is far rarer than the time the other eight took
// (36 s each, a fifth of the suite's). One test for each, so that any two run side by side.
const SIZES = [[1280, 800], [1366, 768], [1920, 1080], [390, 844]];
for (const [index, [width, height]] of SIZES.entries()) {
  const themes = index % 2 ? ['dark', 'light'] : ['light', 'dark'];
  for (const [lang, scheme] of [['en', themes[0]], ['ja', themes[1]]]) {
    const at = `${width}×${height} ${lang} ${scheme}`;
    test(`axe-core at ${at}, with each dialog open`, async ({ page, base }) => {
      // 18-44 s each at a load average of 7-12 on two cores: a backstop for a loaded machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      // Against the engine, so the hands name who holds them ("you", "engine"). The pawn on
      // 5d may promote on 5c: the promotion question is one more panel.
      await open(page, base, { lang, side: 'b', sfen: '4k4/9/9/4P4/9/9/9/9/4K4 b G 1' });
      await expect(page.locator('.hand-owner .who').first()).toBeVisible();
      await audit(page, `${at}: main page`);
      for (const action of ['new-game', 'guide', 'games', 'record', 'problems', 'learn']) {
        await page.locator(`[data-action="${action}"]`).click();
        await page.locator('[role="dialog"]').waitFor();
        if (action === 'problems') await page.locator('[data-problem="0"]').waitFor();
        if (action === 'learn') await page.locator('[data-lesson-level="king:1"]').waitFor();
        await audit(page, `${at}: ${action} dialog`);
        await page.keyboard.press('Escape');
        await expect(page.locator('[role="dialog"]')).toHaveCount(0);
      }
      await page.locator('[data-square="5d"]').click();
      await page.locator('[data-square="5c"]').click();
      await page.locator('[data-promote="yes"]').waitFor();
      await audit(page, `${at}: promotion question`);
      // G*5b mates (guarded by the pawn): the game-over panel.
      await open(page, base, { lang, side: 'both', sfen: '4k4/9/4P4/9/9/9/9/9/4K4 b G 1' });
      await page.locator('[data-hand="b"] [data-hand-piece="G"]').click();
      await page.locator('[data-square="5b"]').click();
      await page.locator('[role="dialog"]').waitFor();
      await audit(page, `${at}: game-over dialog`);
      // A mating problem with a refused check: its panel, the reason, the defender's hand.
      await open(page, base, { lang, mode: 'problem', sfen: '3k5/9/3S5/9/9/9/9/9/9 b S 1' });
      await page.locator('[data-problem-stage="solving"]').waitFor();
      await page.locator('[data-hand="b"] [data-hand-piece="S"]').click();
      await page.locator('[data-square="5b"]').click();
      await expect(page.locator('[data-problem-stage="refused"]')).toBeVisible();
      await audit(page, `${at}: problem refused`);
      // A lesson with a refused pawn-drop mate: its panel and the reason.
      await open(page, base, { lang, mode: 'lesson', lesson: 'drops:7' });
      // The lesson is on the board once its course is read (a busy machine reads it late).
      await expect(app(page)).toHaveAttribute('data-lesson', 'drops:7');
      await page.locator('[data-hand="b"] [data-hand-piece="P"]').click();
      await page.locator('[data-square="5b"]').click();
      await expect(page.locator('.lesson-panel .message')).not.toBeEmpty();
      await audit(page, `${at}: lesson, a move refused`);
    });
  }
}

/**
 * The visible text of the page (text nodes, and with `labels` the aria-labels too) that is
 * not marked as another language, not drawn in the board's SVG (piece faces, coordinates),
 * not a notation example of the notation switch and not code (a URL parameter or value,
 * a move as typed or to type), which is in no language.
 */
async function visibleTexts(page, { labels }) {
  return page.evaluate((labels) => {
    const lang = document.documentElement.lang;
    const foreign = (el) => el.closest('svg, [data-notation], code')
      || [...ancestors(el)].some((a) => a.hasAttribute('lang') && a !== document.documentElement && a.lang !== lang);
    function* ancestors(el) { for (let a = el; a; a = a.parentElement) yield a; }
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.data.trim() || !el.checkVisibility() || el.closest('.sr-only') || foreign(el)) continue;
      texts.push(node.data.trim());
    }
    if (labels) {
      for (const el of document.querySelectorAll('[aria-label]')) {
        if (!el.closest('[inert]') && !foreign(el.parentElement || el)) texts.push(el.getAttribute('aria-label'));
      }
    }
    return texts;
  }, labels);
}

/** Fails if the page (and each dialog opened by `dialogs`) shows a text `bad` matches. */
async function scanLanguage(page, bad, what, labels) {
  const found = (await visibleTexts(page, { labels })).filter((t) => bad.test(t));
  expect(found.slice(0, 8), what).toEqual([]);
}

const ENGLISH_WORD = /[A-Za-z]{3,}/;
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** Opens each dialog in turn (new game, guide, games, record, promotion, game over) and scans it. */
async function scanDialogs(page, base, lang, bad, labels) {
  for (const action of ['new-game', 'guide', 'games', 'record', 'problems', 'learn']) {
    await page.locator(`[data-action="${action}"]`).click();
    await page.locator('[role="dialog"]').waitFor();
    if (action === 'problems') await page.locator('[data-problem="0"]').waitFor();
    if (action === 'learn') await page.locator('[data-lesson-level="king:1"]').waitFor();
    await scanLanguage(page, bad, `${lang} ${action} dialog`, labels);
    await page.keyboard.press('Escape');
    await expect(page.locator('[role="dialog"]')).toHaveCount(0);
  }
  await open(page, base, { lang, side: 'both', sfen: '4k4/9/9/4P4/9/9/9/9/4K4 b G 1', pieces: 'kanji' });
  await page.locator('[data-square="5d"]').click();
  await page.locator('[data-square="5c"]').click();
  await page.locator('[data-promote="yes"]').waitFor();
  await scanLanguage(page, bad, `${lang} promotion dialog`, labels);
  await page.keyboard.press('Escape');
  await open(page, base, { lang, side: 'both', sfen: '4k4/9/4P4/9/9/9/9/9/4K4 b G 1', pieces: 'kanji' });
  await page.locator('[data-hand="b"] [data-hand-piece="G"]').click();
  await page.locator('[data-square="5b"]').click();
  await page.locator('[role="dialog"]').waitFor();
  await scanLanguage(page, bad, `${lang} game-over dialog`, labels);
  // A lesson passed, with its stars.
  await open(page, base, { lang, mode: 'lesson', lesson: 'rook:1', pieces: 'kanji' });
  await expect(app(page), 'the lesson is on the board once its course is read').toHaveAttribute('data-lesson', 'rook:1');
  await page.locator('[data-square="5e"]').click();
  await page.locator('[data-square="2e"]').click();
  await expect(app(page)).toHaveAttribute('data-stars', '3');
  await scanLanguage(page, bad, `${lang} lesson passed`, labels);
  // A problem whose check was refused, with the reason; then a branch in the move list.
  await open(page, base, { lang, mode: 'problem', sfen: '3k5/9/3S5/9/9/9/9/9/9 b S 1', pieces: 'kanji' });
  await page.locator('[data-problem-stage="solving"]').waitFor();
  await page.locator('[data-hand="b"] [data-hand-piece="S"]').click();
  await page.locator('[data-square="5b"]').click();
  await expect(page.locator('[data-problem-stage="refused"]')).toBeVisible();
  await scanLanguage(page, bad, `${lang} refused problem`, labels);
  await open(page, base, { lang, side: 'both', moves: '7g7f,3c3d,2g2f', ply: '2', pieces: 'kanji' });
  await page.locator('[data-square="6g"]').click();
  await page.locator('[data-square="6f"]').click();
  await page.locator('.variation-bar').waitFor();
  await scanLanguage(page, bad, `${lang} variation`, labels);
}

/** URL parameters the page ignores, each with a notice: an unknown piece style (then a good one), a bad SFEN, an illegal move, an unknown parameter. */
const IGNORED = [['pieces', 'nope'], ['sfen', 'lnsgkgsnl/9 b - 1'], ['moves', '7g7f,7g7f'], ['utm_source', 'mail']];

test('languages: the Japanese page shows no English words, the English page no Japanese', async ({ page, base }) => {
  // Every panel in both languages: a backstop for a loaded machine (60 s did not hold at a
  // load average of 14 on two cores).
  test.setTimeout(180_000);
  await open(page, base, [['lang', 'ja'], ['side', 'both'], ...IGNORED, ['pieces', 'kanji']]);
  const notices = page.locator('.notices li');
  await expect(notices).toHaveText([
    '「pieces」を無視しました：「nope」は使えません。使えるのは kanji・latin・hybrid です',
    '「sfen」を無視しました：ＳＦＥＮの盤面：段の数が9でなく2です。代わりに初期局面を表示します',
    '「utm_source」を無視しました：この盤では使えないパラメータです',
    '「moves」を無視しました：2手目：「7g7f」はこの局面では指せません：７七に駒がありません。指し手は一つも再生しません',
  ], { useInnerText: true });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('h1')).toHaveText('将棋', { useInnerText: true });
  await page.locator('[data-square="7g"]').click();
  await page.locator('[data-square="7f"]').click();
  await expect(live(page)).toHaveText('先手：歩兵を７六へ');
  await expect(page.locator('[data-square="7f"]')).toHaveAttribute('aria-label', '７六、先手の歩兵、歩、直前の手');
  await page.locator('[data-square="9a"]').click();
  await page.locator('[data-square="9d"]').click();
  await expect(page.locator('.message')).toHaveText('香車は他の駒を飛び越せません。', { useInnerText: true });
  await typeMove(page, '3c3e');
  await expect(feedback(page)).toHaveText('「3c3e」はこの局面では指せません：３三の歩兵は３五へ動けません');
  // A refused move says as much in Japanese as in English: which pieces fit and what to write.
  await typeMove(page, 'G-5b');
  await expect(feedback(page)).toHaveText(/^どの駒か分かりません：[６４]一・[６４]一の金将が５二へ動けます。G[46]a-5b・G[46]a-5b と書いてください$/);
  await page.keyboard.press('Enter');
  await settled(page);
  await expect(page.locator('.message'), 'Enter says the reason no second time: it is under the box').toHaveCount(0);
  await expect(feedback(page)).toHaveText(/^どの駒か分かりません/);
  await scanLanguage(page, ENGLISH_WORD, 'ja main page', true);
  await audit(page, 'Japanese page');
  await scanDialogs(page, base, 'ja', ENGLISH_WORD, true);

  await open(page, base, [['lang', 'en'], ['side', 'both'], ...IGNORED, ['pieces', 'latin']]);
  await expect(notices).toHaveCount(4);
  await expect(notices.first()).toHaveText(/^Ignored “pieces”: “nope” is not kanji, latin or hybrid$/, { useInnerText: true });
  await page.locator('[data-square="7g"]').click();
  await page.locator('[data-square="7f"]').click();
  await typeMove(page, '３三角');
  await scanLanguage(page, JAPANESE, 'en main page', false);
  await scanDialogs(page, base, 'en', JAPANESE, false);
});

test('languages: a refused impasse declaration says why in Japanese, with its numbers', async ({ page, base }) => {
  // Sente's king is in the enemy camp with three pieces beside it: too few to declare.
  await open(page, base, { lang: 'ja', side: 'both', sfen: '4K4/3GGG3/9/9/9/9/9/9/4k4 b - 1' });
  // The button shows only when a declaration would win; a script's click still gets the reason.
  await page.locator('[data-action="impasse"]').evaluate((button) => button.click());
  await page.locator('[data-action="confirm"]').click();
  await expect(page.locator('.message')).toHaveText('持将棋の条件を満たしていません：敵陣にある玉以外の駒が3枚で、10枚必要です。', { useInnerText: true });
  await open(page, base, { lang: 'en', side: 'both', sfen: '4K4/3GGG3/9/9/9/9/9/9/4k4 b - 1' });
  await page.locator('[data-action="impasse"]').evaluate((button) => button.click());
  await page.locator('[data-action="confirm"]').click();
  await expect(page.locator('.message')).toHaveText('No impasse: 3 pieces in the enemy camp besides the king, 10 needed.', { useInnerText: true });
});

test('languages: from the browser, switched in the header, remembered', async ({ page, base, browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const japanese = await context.newPage();
  await open(japanese, base);
  await expect(japanese.locator('h1'), 'navigator.language ja-JP chooses Japanese').toHaveText('将棋', { useInnerText: true });
  await context.close();
  await open(page, base);
  await expect(page.locator('h1')).toHaveText('Shogi', { useInnerText: true });
  await page.locator('button[lang="ja"]').click();
  await expect(page.locator('h1')).toHaveText('将棋', { useInnerText: true });
  await expect(page.locator('[data-action="new-game"]')).toHaveText('新しい対局', { useInnerText: true });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shogi.lang'))).toBe('ja');
  await open(page, base);
  await expect(page.locator('[data-action="undo"]'), 'remembered after reload').toHaveText('待った', { useInnerText: true });
  await open(page, base, { lang: 'en' });
  await expect(page.locator('[data-action="undo"]'), 'lang= wins over the saved choice').toHaveText('Undo', { useInnerText: true });
});
