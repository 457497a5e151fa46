// End-to-end tests of the pieces' slides (issue 32, part 5): the engine's move and each step
// through the moves slide the piece from where it came, in under 200 ms; the person's own move
// does not; with reduced motion nothing slides. The page's Web Animations calls are observed.
import { app, expect, open, piece, play, settled, test } from './fixtures.mjs';

/** Records each animation started on a piece: its square, length and first frame. */
async function watch(page) {
  await page.addInitScript(() => {
    window.slides = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
      const square = this.closest('[data-square]')?.getAttribute('data-square');
      if (this.hasAttribute('data-piece')) window.slides.push({ square, ms: options, from: frames[0].transform });
      return animate.call(this, frames, options);
    };
  });
}

const slides = (page) => page.evaluate(() => window.slides);

test("slide: the engine's move slides its piece from its square; the person's does not", async ({ page, base }) => {
  await watch(page);
  await open(page, base, { side: 'w', think: '100' });
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  const [move] = await page.locator('[data-ply="1"]').allInnerTexts();
  expect(move).toBeTruthy();
  await expect.poll(() => slides(page)).toHaveLength(1);
  const [slide] = await slides(page);
  expect(slide.ms).toBeLessThan(200);
  // The piece that slid stands on the last move's destination, and its slide ran there.
  const destination = await page.locator('[data-last] [data-piece]').evaluateAll((els) => els.map((e) => e.closest('[data-square]').getAttribute('data-square')));
  expect(destination).toEqual([slide.square]);
  expect(slide.from).toMatch(/^translate\(-?[\d.]+px, -?[\d.]+px\)$/);
  expect(slide.from).not.toBe('translate(50px, 54.5px)');
  // The person's reply does not slide; the engine's next move does.
  await play(page, '3c3d');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect.poll(() => slides(page)).toHaveLength(2);
  expect((await slides(page))[1].square).not.toBe('3d');
  // A step back slides the piece home, a step forward slides it again.
  await page.locator('[data-nav="back"]').click();
  await expect.poll(() => slides(page)).toHaveLength(3);
  await page.locator('[data-nav="forward"]').click();
  await expect.poll(() => slides(page)).toHaveLength(4);
  await page.locator('[data-nav="forward"]').click();
  await settled(page);
});

test('slide: a running animation on the piece, seen from the page', async ({ page, base }) => {
  await open(page, base, { moves: '7g7f,3c3d', side: 'both' });
  await expect(piece(page, '3d')).toHaveCount(1);
  await page.locator('[data-nav="back"]').click();
  await expect(piece(page, '3d')).toHaveCount(0);
  // Read in the page straight after the step, well within the slide's 150 ms.
  const running = await page.evaluate(async () => {
    document.querySelector('[data-nav="forward"]').click();
    await new Promise((done) => setTimeout(done, 0));
    return document.querySelector('[data-square="3d"] [data-piece]').getAnimations().length;
  });
  expect(running).toBe(1);
});

test('slide: nothing slides with reduced motion', async ({ page, base }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await watch(page);
  await open(page, base, { side: 'w', think: '100' });
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await page.locator('[data-nav="back"]').click();
  await page.locator('[data-nav="forward"]').click();
  await settled(page);
  expect(await slides(page)).toEqual([]);
  expect(await page.locator('[data-piece]').evaluateAll((els) => els.filter((e) => e.getAnimations().length).length)).toBe(0);
});
