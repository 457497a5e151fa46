// Issue 32: the clock's warnings reach the sound, and the clock follows the game. The page's
// time is Playwright's fake clock, paused and moved on by the test; the page's Web Audio and
// speech calls are observed (each tone started, its frequency; each text spoken), not heard.
import { clock, heard, listen, ms, openFramePaused, openPaused } from './clock-helpers.mjs';
import { app, expect, open, play, site, test } from './fixtures.mjs';

/** The tones of each sound (browser/sound.rs): a move's, a countdown second's, a period's chime. */
const MOVE = 440;
const COUNTDOWN = 1200;
const CHIME = [660, 880, 1320];

/** How many of the tones heard so far are `frequency`. */
const count = async (page, frequency) => (await heard(page)).tones.filter((f) => f === frequency).length;

test('clock sound: each of the last ten seconds beeps and is counted aloud; a new period chimes', async ({ page, base }) => {
  await listen(page);
  await openPaused(page, base, { side: 'both', clock: '0+15bx2' });
  // The spoken count is off until asked for; switching it on (a gesture) readies the audio.
  await page.locator('.sound-settings summary').click();
  await page.locator('[data-sound="voice"]').check();
  await page.locator('.sound-settings summary').click();
  await expect.poll(async () => (await heard(page)).spoken).toEqual(['en-US 10']);
  const beeps = await count(page, COUNTDOWN);
  await play(page, '7g7f');
  await expect.poll(() => count(page, MOVE)).toBe(1);
  // Gote's period of 15 s runs: nothing until ten seconds are left.
  await page.clock.runFor(4000);
  await expect.poll(() => ms(page, 'w')).toBeLessThanOrEqual(11_000);
  expect(await count(page, COUNTDOWN)).toBe(beeps);
  await page.clock.runFor(3000);
  await expect.poll(() => count(page, COUNTDOWN)).toBe(beeps + 3);
  await expect.poll(async () => (await heard(page)).spoken).toEqual(['en-US 10', 'en-US 10', 'en-US 9', 'en-US 8']);
  // The period runs out: the next (and last) begins with a chime, and counts down again.
  await page.clock.runFor(8500);
  await expect(clock(page, 'w')).toHaveAttribute('data-periods', '1');
  await expect.poll(() => count(page, COUNTDOWN)).toBe(beeps + 10);
  const tones = (await heard(page)).tones;
  const chime = tones.findIndex((f, i) => CHIME.every((c, j) => tones[i + j] === c));
  expect(chime, `a chime among ${tones}`).toBeGreaterThan(0);
  expect((await heard(page)).spoken.at(-1)).toBe('en-US 1');
  await page.screenshot({ path: test.info().outputPath('clock-sound-byoyomi-1280.png') });
  // Sente's own period is whole: its clock has not run.
  expect(await ms(page, 'b')).toBe(15_000);
});

test('clock sound: the count is spoken in Japanese; a countdown switched off beeps no more', async ({ page, base }) => {
  await listen(page);
  await openPaused(page, base, { side: 'both', clock: '0+5b', lang: 'ja' });
  await page.locator('.sound-settings summary').click();
  await page.locator('[data-sound="countdown"]').uncheck();
  await page.locator('[data-sound="voice"]').check();
  await page.locator('.sound-settings summary').click();
  await play(page, '7g7f');
  // A period of 5 s begins at 5 (its start is the move itself): 4, 3 are counted.
  await page.clock.runFor(2100);
  await expect.poll(async () => (await heard(page)).spoken).toEqual(['ja-JP 10', 'ja-JP 4', 'ja-JP 3']);
  expect(await count(page, COUNTDOWN)).toBe(0);
});

test('clock sound: an embedded board on the clock is silent by default', async ({ page, dist }) => {
  await listen(page);
  const server = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,">
<iframe name="quiet" src="shogi/index.html?side=both&clock=0%2B8b" style="width:480px;height:640px"></iframe>`,
  });
  try {
    const frame = await openFramePaused(page, `${server.url}post.html`, 'quiet');
    await play(frame, '7g7f');
    await expect(app(frame)).toHaveAttribute('data-turn', 'w');
    // Gote's period counts down and runs out, without a sound.
    await page.clock.runFor(9000);
    await expect(app(frame)).toHaveAttribute('data-reason', 'timeout');
    expect(await heard(frame)).toEqual({ contexts: 0, tones: [], spoken: [] });
  } finally {
    await server.close(page);
  }
});

test('clock: a move in a position looked back at starts a new line and presses the clock', async ({ page, base }) => {
  await openPaused(page, base, { side: 'both', clock: '60+10f' });
  for (const m of ['7g7f', '3c3d', '2g2f', '8c8d']) await play(page, m);
  await page.clock.runFor(3000);
  // Two moves back, sente to move: a different move starts a new line, and the game goes on
  // from it, so sente's clock is pressed (its increment earned) and gote's runs.
  await page.locator('[data-nav="back"]').click();
  await page.locator('[data-nav="back"]').click();
  await expect(clock(page, 'b')).toHaveAttribute('data-running', '');
  const sente = await ms(page, 'b');
  await play(page, '6g6f');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  await expect(clock(page, 'w')).toHaveAttribute('data-running', '');
  await expect(clock(page, 'b')).not.toHaveAttribute('data-running');
  expect(await ms(page, 'b')).toBe(sente + 10_000);
  const gote = await ms(page, 'w');
  await page.clock.runFor(2000);
  await expect.poll(() => ms(page, 'w')).toBe(gote - 2000);
  expect(await ms(page, 'b')).toBe(sente + 10_000);
});

test("clock: a move taken back against the engine gives no time back; the person's clock runs", async ({ page, base }) => {
  await openPaused(page, base, { side: 'b', clock: '60+10b' });
  await play(page, '7g7f');
  // The engine's clock runs while it thinks (in its worker, on the real clock: it may have
  // answered by now); taken back, the person is to move and the person's clock runs.
  await page.clock.runFor(1000);
  await page.locator('[data-action="undo"]').click();
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(clock(page, 'b')).toHaveAttribute('data-running', '');
  await expect(clock(page, 'w')).not.toHaveAttribute('data-running');
  const taken = { b: await ms(page, 'b'), w: await ms(page, 'w') };
  await page.clock.runFor(2000);
  await expect.poll(() => ms(page, 'b')).toBe(taken.b - 2000);
  expect(await ms(page, 'w')).toBe(taken.w);
});

test('clock: the display ticks only while a clock runs', async ({ page, base }) => {
  // The page's 100 ms timers, counted as they are set and cleared (on the real clock).
  await page.addInitScript(() => {
    window.ticking = new Set();
    const [set, clear] = [window.setInterval, window.clearInterval];
    window.setInterval = function (handler, ms, ...rest) {
      const id = set.call(window, handler, ms, ...rest);
      if (ms === 100) window.ticking.add(id);
      return id;
    };
    window.clearInterval = function (id) {
      window.ticking.delete(id);
      return clear.call(window, id);
    };
  });
  const ticking = () => page.evaluate(() => window.ticking.size);
  await open(page, base, { side: 'both' });
  await play(page, '7g7f');
  await expect(app(page)).toHaveAttribute('data-turn', 'w');
  expect(await ticking(), 'no clock, no timer').toBe(0);
  await open(page, base, { side: 'both', clock: '4' });
  await expect.poll(ticking).toBe(1);
  await page.locator('[data-action="pause"]').click();
  await expect.poll(ticking, 'paused').toBe(0);
  await page.locator('[data-action="pause"]').click();
  await expect.poll(ticking).toBe(1);
  // Sente's 4 s run out: the game is over, and the timer stops.
  await expect(app(page)).toHaveAttribute('data-reason', 'timeout', { timeout: 10_000 });
  await expect.poll(ticking, 'over').toBe(0);
});
