// Issue 32: play on the clock. The page's time is Playwright's fake clock (Date, timers and
// performance.now), paused and moved on by the test, so each figure is exact.
import { clock, ms, openPaused } from './clock-helpers.mjs';
import { app, audit, expect, open, play, started, test } from './fixtures.mjs';

/**
 * Waits until `side`'s clock shows `expected` ms to the display's tick (100 ms): the display
 * is brought up to date each tick, a move or a page shown again.
 */
const near = (page, side, expected) =>
  expect.poll(async () => Math.abs((await ms(page, side)) - expected), { message: `${side} near ${expected}` }).toBeLessThanOrEqual(100);

/**
 * Reloads the page, the fake clock running while it starts again, then paused: resolves to
 * the time that passed meanwhile, which a running clock counts as a real one would.
 */
async function reloadRunning(page) {
  const before = await page.evaluate(() => Date.now());
  await page.clock.resume();
  await page.reload();
  await started(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  return (await page.evaluate(() => Date.now())) - before;
}

/** Runs axe on the page: its own timers need the clock running. */
async function auditRunning(page, what) {
  await page.clock.resume();
  await audit(page, what);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

test('clock: a byoyomi game where a side runs out of time loses on time', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '10+5bx2' });
  // In main time, each clock says what follows it.
  await expect(clock(page, 'b').locator('.clock-periods')).toHaveText('then 5 s ×2');
  await expect(clock(page, 'b')).toHaveAttribute('data-running', '');
  await expect(clock(page, 'w')).not.toHaveAttribute('data-running');
  await play(page, '7g7f');
  await expect(clock(page, 'w')).toHaveAttribute('data-running', '');
  const gote = await ms(page, 'w');
  await page.clock.runFor(3000);
  await near(page, 'w', gote - 3000);
  await play(page, '3c3d');
  const sente = await ms(page, 'b');
  // Sente's main time runs out, then its first period: one period left.
  await page.clock.runFor(sente + 5000 + 1500);
  await expect(clock(page, 'b')).toHaveAttribute('data-byoyomi', '');
  await expect(clock(page, 'b')).toHaveAttribute('data-periods', '1');
  await expect(clock(page, 'b').locator('.clock-periods')).toHaveText('byoyomi ×1');
  await expect(clock(page, 'w').locator('.clock-periods')).toHaveText('then 5 s ×2');
  await near(page, 'b', 3500);
  await expect(clock(page, 'b').locator('.clock-time')).toHaveText(/^[34]$/);
  // A move within the period keeps it whole.
  await play(page, '2g2f');
  await expect.poll(() => ms(page, 'b')).toBe(5000);
  await play(page, '8c8d');
  await page.clock.runFor(5100);
  await expect(app(page)).toHaveAttribute('data-reason', 'timeout');
  await expect(app(page)).toHaveAttribute('data-result', 'w');
  await expect(page.locator('[role="dialog"]')).toContainText('on time');
  await expect(clock(page, 'b')).not.toHaveAttribute('data-running');
  await expect(clock(page, 'w')).not.toHaveAttribute('data-running');
});

test('clock: a reload mid-period keeps both clocks, and a paused game stays paused', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '10+30bx3/60+5f' });
  await play(page, '7g7f');
  // Sente's main time as its move left it (the page ran a moment before the clock paused).
  const main = await ms(page, 'b');
  await page.clock.runFor(2000);
  await play(page, '3c3d');
  await page.clock.runFor(22_000);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const before = { b: await ms(page, 'b'), w: await ms(page, 'w') };
  expect(before).toEqual({ b: 30_000 - (22_000 - main), w: 63_000 });
  await expect(clock(page, 'b')).toHaveAttribute('data-byoyomi', '');
  const away = await reloadRunning(page);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect(away, 'the reload is shorter than the period left').toBeLessThan(before.b - 1000);
  expect(Math.abs((await ms(page, 'b')) - (before.b - away))).toBeLessThanOrEqual(100);
  expect(Math.abs((await ms(page, 'w')) - before.w)).toBeLessThanOrEqual(100);
  await expect(clock(page, 'b')).toHaveAttribute('data-periods', '3');
  await expect(clock(page, 'b')).toHaveAttribute('data-running', '');
  // Paused, no time passes, before or after a reload.
  await page.locator('[data-action="pause"]').click();
  await expect(page.locator('[data-action="pause"]')).toHaveAttribute('aria-pressed', 'true');
  const paused = await ms(page, 'b');
  await page.clock.runFor(10_000);
  await reloadRunning(page);
  await expect(page.locator('[data-action="pause"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(clock(page, 'b')).not.toHaveAttribute('data-running');
  await page.clock.runFor(10_000);
  expect(await ms(page, 'b')).toBe(paused);
  await page.locator('[data-action="pause"]').click();
  await page.clock.runFor(1000);
  await near(page, 'b', paused - 1000);
});

test('clock: a tab in the background, its timers held back, loses no time', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '180' });
  await play(page, '7g7f');
  const gote = await ms(page, 'w');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  // The time jumps 50 s with the page's timers run at most once, as a throttled tab's are.
  await page.clock.fastForward(50_000);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => ms(page, 'w')).toBe(gote - 50_000);
  await expect(clock(page, 'w')).toContainText('2:10');
  // Gote's move counts that time too: sente's clock runs from the move on.
  await play(page, '3c3d');
  expect(await ms(page, 'w')).toBe(gote - 50_000);
});

test('clock: the new-game panel sets a preset; a bad clock= is named and ignored', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both' });
  await expect(page.locator('[data-clock]')).toHaveCount(0);
  await page.locator('[data-action="new-game"]').click();
  await expect(page.locator('[data-clock-kind="none"]')).toBeChecked();
  await page.locator('[data-preset="0+10b"]').click();
  await expect(page.locator('[data-clock-kind="byoyomi"]')).toBeChecked();
  await page.locator('[data-sides="both"]').check();
  await page.locator('[data-action="start"]').click();
  await expect(clock(page, 'b')).toHaveAttribute('data-ms', '10000');
  await expect(clock(page, 'b')).toHaveAttribute('data-byoyomi', '');
  await expect(clock(page, 'b')).toHaveAttribute('data-periods', '1');
  await expect(clock(page, 'w')).toHaveAttribute('data-ms', '10000');
  // Each side its own time: sente 3 min sudden death, gote 1 min.
  await page.locator('[data-action="new-game"]').click();
  await page.locator('[data-preset="180"]').click();
  await page.locator('input[name="gote-own"]').check();
  await page.locator('input[name="main-w"]').fill('1');
  await page.locator('input[name="main-w"]').dispatchEvent('change');
  await page.locator('[data-action="start"]').click();
  await expect(clock(page, 'b')).toHaveAttribute('data-ms', '180000');
  await expect(clock(page, 'w')).toHaveAttribute('data-ms', '60000');
  await expect(clock(page, 'b')).not.toHaveAttribute('data-byoyomi');
  // Each side its own kind of time: sente 10 min + 30 s byoyomi, gote 5 min + 10 s Fischer.
  await page.locator('[data-action="new-game"]').click();
  await page.locator('[data-preset="600+30b"]').click();
  await page.locator('input[name="gote-own"]').check();
  await expect(page.locator('select[name="kind-w"]')).toHaveValue('byoyomi');
  await page.locator('select[name="kind-w"]').selectOption('fischer');
  await expect(page.locator('input[name="periods-w"], select[name="periods-w"]')).toBeHidden();
  await page.locator('input[name="main-w"]').fill('5');
  await page.locator('input[name="main-w"]').dispatchEvent('change');
  await page.locator('input[name="extra-w"]').fill('10');
  await page.locator('input[name="extra-w"]').dispatchEvent('change');
  await page.locator('[data-action="start"]').click();
  await expect(clock(page, 'b').locator('.clock-periods')).toHaveText('then 30 s');
  await expect(clock(page, 'w').locator('.clock-periods')).toHaveText('+10 s a move');
  await expect(clock(page, 'w')).toHaveAttribute('data-ms', '300000');
  // The panel offers the same again, gote's kind included.
  await page.locator('[data-action="new-game"]').click();
  await expect(page.locator('select[name="kind-w"]')).toHaveValue('fischer');
  await expect(page.locator('[data-clock-kind="byoyomi"]')).toBeChecked();
  await page.keyboard.press('Escape');
  // None again: no clocks.
  await page.locator('[data-action="new-game"]').click();
  await page.locator('[data-clock-kind="none"]').check();
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-clock]')).toHaveCount(0);
  await openPaused(page, base, { side: 'both', clock: '10 minutes' });
  await expect(page.locator('.notices')).toContainText('10 minutes');
  await expect(page.locator('[data-clock]')).toHaveCount(0);
});

test('clock: against the engine at 3 s byoyomi, the engine moves in time', async ({ page, base }) => {
  // The person has ten minutes, so a slow machine's clicks never flag them; gote, the engine,
  // 3 s: its short searches here leave seconds for a loaded machine (at 1 s byoyomi a worker
  // that waited 1.7 s for a CPU flagged, at a load average of 15 on two cores; the 1 s
  // byoyomi is the native match runner's, and the page's budget for it a unit test's).
  await open(page, base, { side: 'b', clock: '600/0+3b' });
  for (const m of ['7g7f', '2g2f', '6i7h']) {
    await play(page, m);
    await expect(app(page)).toHaveAttribute('data-turn', 'b');
    await expect(clock(page, 'b')).toHaveAttribute('data-running', '');
  }
  await expect(app(page)).not.toHaveAttribute('data-result');
});

test("clock: the engine's worker starting slowly is not the engine's time: it opens at 3 s byoyomi without flagging", async ({ page, base }) => {
  // A service worker that fetches nothing, so the page's route holds the engine's wasm.
  await page.route(/\/sw\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.route(/worker_bg\.wasm$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await route.continue();
  });
  // The engine is sente, with 3 s a move (a margin that holds on a loaded machine); the
  // person has ten minutes. Its worker is ready 5 s after the page asked.
  await open(page, base, { side: 'w', clock: '0+3b/600' });
  await expect(app(page), "the engine's first move, 5 s after the page asked").toHaveAttribute('data-turn', 'w', { timeout: 30_000 });
  await expect(app(page)).not.toHaveAttribute('data-result');
  await play(page, '3c3d');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(app(page)).not.toHaveAttribute('data-result');
});

test('clock: axe finds nothing serious; screenshots in both languages', async ({ page, base }) => {
  // Two sizes, two languages, two audits each: a backstop for a loaded machine.
  test.setTimeout(180_000);
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    for (const lang of ['en', 'ja']) {
      await openPaused(page, base, { lang, side: 'both', clock: '10+30bx3' });
      await play(page, '7g7f');
      await page.clock.runFor(12_000);
      await expect(clock(page, 'w')).toHaveAttribute('data-byoyomi', '');
      await expect(clock(page, 'w')).toHaveAttribute('data-periods', '3');
      await auditRunning(page, `${width}×${height} ${lang}: the clocks`);
      await page.screenshot({ path: test.info().outputPath(`clock-${width}-${lang}.png`) });
      // The next opening starts afresh, not carrying this game's clocks on.
      await page.evaluate(() => localStorage.clear());
      await page.locator('[data-action="new-game"]').click();
      await page.locator('[data-preset="600+30b"]').click();
      await auditRunning(page, `${width}×${height} ${lang}: the new-game panel's time control`);
      await page.screenshot({ path: test.info().outputPath(`clock-new-game-${width}-${lang}.png`), fullPage: true });
      await page.keyboard.press('Escape');
    }
  }
});
