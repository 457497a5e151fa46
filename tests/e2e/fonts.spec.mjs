// End-to-end test of issue 18, part 4: Japanese text is readable on a system without a
// Japanese font (as this machine is), from the app's own subset font, which the page fetches
// only when it draws Japanese.
import { expect, open, play, test } from './fixtures.mjs';

/**
 * The width of `text` in px at 20 px, drawn in the font stack of the element `selector`
 * (the body by default), or in `family` when given. A glyph of Noto Sans CJK is 1 em wide; a
 * missing glyph's box is not.
 */
function width(page, text, { selector = 'body', family } = {}) {
  return page.evaluate(async ([text, selector, family]) => {
    const span = document.createElement('span');
    span.style.font = `20px ${family ?? getComputedStyle(document.querySelector(selector)).fontFamily}`;
    span.style.whiteSpace = 'pre';
    span.textContent = text;
    document.body.append(span);
    // Laid out once, the text asks for the faces it needs (FontFaceSet.load would fetch every
    // face whose range it touches); measured once they are in.
    span.getBoundingClientRect();
    await document.fonts.ready;
    const w = span.getBoundingClientRect().width;
    span.remove();
    return w;
  }, [text, selector, family]);
}

/** The width of the page's own text in `selector`, in ems of its font size (Range boxes). */
function drawnEms(page, selector) {
  return page.locator(selector).first().evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().width / parseFloat(getComputedStyle(element).fontSize);
  });
}

test('Japanese text shows from the app font, fetched only when Japanese is drawn', async ({ page, base }) => {
  const fonts = [];
  page.on('request', (r) => { if (r.url().includes('/fonts/')) fonts.push(r.url().split('/').pop()); });

  // No Japanese font on this system: without the app's font the characters are boxes, not 1 em wide.
  await open(page, base, { lang: 'en' });
  expect(await width(page, '七六歩', { family: '"DejaVu Sans", sans-serif' }), 'this system has no Japanese font').not.toBe(60);

  // English: the buttons 日本語 and ７六歩 drawn from the 2 KB file; the full font is not fetched.
  await expect(page.locator('button', { hasText: '日本語' })).toBeVisible();
  expect(await width(page, '日本語')).toBe(60);
  expect(await width(page, '７六歩')).toBe(60);
  expect(fonts).toEqual(['japanese-labels.woff2']);

  // Japanese: the whole page, the notation in the move list, the coordinates' kanji ranks, a record's text.
  await open(page, base, { lang: 'ja', side: 'both' });
  await play(page, '7g7f');
  await expect(page.locator('[data-ply="1"]')).toContainText('７六歩');
  for (const [text, selector] of [['新しい対局', 'body'], ['▲７六歩', '[data-ply="1"]'], ['一九', '.coord'], ['同　銀右', 'body']]) {
    const japanese = [...text].filter((c) => c >= '\u3000').length;
    const ascii = await width(page, text.replace(/[^\u0000-\u2fff]/g, ''), { selector });
    expect(await width(page, text, { selector }), `${text} in ${selector}`).toBeCloseTo(ascii + 20 * japanese, 0);
  }
  // The move box's feedback names the move in <code>, whose monospace stack alone has no Japanese.
  await page.locator('[data-move-input]').focus();
  await page.locator('[data-move-input]').fill('3c3d');
  await expect(page.locator('[data-move-feedback] code').first()).toContainText('３四歩');
  expect(await width(page, '３四歩', { selector: '[data-move-feedback] code' }), 'the feedback\'s code').toBe(60);
  expect(fonts).toContain('japanese-ui.woff2');
  // The page's own text, drawn when the font was still on its way, is redrawn with it too.
  await expect.poll(() => drawnEms(page, '.topbar h1'), { message: 'the title 将棋' }).toBeCloseTo(2, 1);
});
