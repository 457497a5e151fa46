// The app's first frame written into the page (index.html, first-frame.mjs): the app's own,
// drawn before the app runs for a first visitor, and only where it is what the app will draw.
import { expect, started, test } from './fixtures.mjs';
import { FRAME_VIEWS, committedFirstFrame, liveFirstFrame } from './first-frame.mjs';

/** The app's main wasm, which the tests hold back to see the page before the app runs. */
const APP_WASM = /\/app-[^/]*\/app_bg\.wasm$/;

test('the frame written into the page is the app\'s first frame, at each window size', async ({ browser, base }) => {
  const written = await committedFirstFrame();
  for (const view of FRAME_VIEWS) {
    const { width, height } = view.viewport;
    expect(await liveFirstFrame(browser, base, view),
      `${width}×${height}, ${view.colorScheme}: write it again (node tests/e2e/first-frame.mjs) and rebuild`).toBe(written);
  }
});

test('a first visitor sees the board before the app runs, and the app takes its place', async ({ page, base }) => {
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route(APP_WASM, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(base, { waitUntil: 'domcontentloaded' });
  const frame = page.locator('[data-first-frame]');
  await expect(frame.locator('svg.board .piece')).toHaveCount(40);
  await expect(frame, 'a picture only: no clicks, nothing read out').toHaveAttribute('inert', '');
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('[data-sfen]'), 'the app is not running yet').toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('before-the-app.png') });
  release();
  await started(page);
  await expect(frame).toHaveCount(0);
  await expect(page.locator('.app')).toHaveCount(1);
});

test('the frame is drawn only where the app will draw the same', async ({ browser, base }) => {
  const cases = [
    { name: 'a first visit', shown: true },
    { name: 'URL parameters', path: '?side=w' },
    { name: 'a hash', path: '#moves=7g7f' },
    { name: 'a saved setting', init: () => localStorage.setItem('shogi.pieces', 'latin') },
    { name: 'a Japanese browser', locale: 'ja-JP' },
    {
      name: 'storage that cannot be read',
      init: () => Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
      }),
    },
    { name: 'in another page\'s frame', framed: true },
  ];
  for (const { name, path = '', init, locale = 'en-US', framed, shown = false } of cases) {
    const context = await browser.newContext({ locale });
    // The app never runs here: what is seen is the page's own.
    await context.route(APP_WASM, () => {});
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    let target = page;
    if (framed) {
      await page.setContent(`<iframe src="${base}"></iframe>`, { waitUntil: 'domcontentloaded' });
      await expect.poll(() => page.frame({ url: (address) => address.href.startsWith(base) })).toBeTruthy();
      target = page.frame({ url: (address) => address.href.startsWith(base) });
      await target.waitForLoadState('domcontentloaded');
    } else {
      await page.goto(base + path, { waitUntil: 'domcontentloaded' });
    }
    await expect(target.locator('[data-first-frame] svg.board .piece'), name).toHaveCount(shown ? 40 : 0);
    await context.close();
  }
});
