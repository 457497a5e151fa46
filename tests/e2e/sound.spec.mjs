// End-to-end tests of the page's sounds (issue 32, part 4): a move's, a capture's and a check's
// sound are made with Web Audio once a person has touched the page; each can be switched off
// and stays off; an embedded board makes none; switching a clock warning on lets one hear it.
// The page's Web Audio and speech calls are observed, not heard.
import { heard, listen } from './clock-helpers.mjs';
import { app, board, expect, open, play, settled, site, test } from './fixtures.mjs';

/** A dragon that takes a pawn, then checks: sente's dragon 1i, gote's pawn 1c, kings 5a and 5i. */
const DRAGON = '4k4/9/8p/9/9/9/9/9/4K3+R b - 1';
const TONES = { move: [440], capture: [330, 220], check: [660, 880] };

test('sound: a move, a capture and a check each sound as a person plays them', async ({ page, base }) => {
  await listen(page);
  await open(page, base, { sfen: DRAGON, side: 'both' });
  expect((await heard(page)).contexts, 'no audio before a gesture').toBe(0);
  await play(page, '1i1c');
  await expect.poll(async () => (await heard(page)).tones).toEqual(TONES.capture);
  await play(page, '5a5b');
  await expect.poll(async () => (await heard(page)).tones).toEqual([...TONES.capture, ...TONES.move]);
  await play(page, '1c1b');
  await expect.poll(async () => (await heard(page)).tones).toEqual([...TONES.capture, ...TONES.move, ...TONES.check]);
  expect((await heard(page)).contexts).toBe(1);
  // Looking back through the moves is silent.
  await page.locator('[data-nav="back"]').click();
  await page.locator('[data-nav="forward"]').click();
  await settled(page);
  expect((await heard(page)).tones).toHaveLength(5);
});

test("sound: the engine's move sounds too", async ({ page, base }) => {
  await listen(page);
  await open(page, base, { side: 'b', think: '100' });
  await play(page, '7g7f');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect.poll(async () => (await heard(page)).tones).toEqual([...TONES.move, ...TONES.move]);
});

test('sound: each switched off stays off and makes none; switching one on plays it', async ({ page, base }) => {
  await listen(page);
  await open(page, base, { sfen: DRAGON, side: 'both' });
  await page.locator('.sound-settings summary').click();
  for (const sound of ['move', 'capture', 'check']) await page.locator(`[data-sound="${sound}"]`).uncheck();
  await page.screenshot({ path: '/tmp/shots/sound-settings-en.png' });
  await page.locator('.sound-settings summary').click();
  for (const m of ['1i1c', '5a5b', '1c1b']) await play(page, m);
  await settled(page);
  expect((await heard(page)).tones, 'no sound with all three off').toEqual([]);
  // Remembered: the page opened again has them off.
  await open(page, base, { sfen: DRAGON, side: 'both' });
  await page.locator('.sound-settings summary').click();
  await expect(page.locator('[data-sound="capture"]')).not.toBeChecked();
  await expect(page.locator('[data-sound="countdown"]')).toBeChecked();
  // Switched on, a sound plays once, so the person hears what it is: the capture's, and the
  // clock's warnings (issue 32: the clock calls the same warnings as they fall due).
  await page.locator('[data-sound="capture"]').check();
  await expect.poll(async () => (await heard(page)).tones).toEqual(TONES.capture);
  await page.locator('[data-sound="countdown"]').uncheck();
  await page.locator('[data-sound="countdown"]').check();
  await expect.poll(async () => (await heard(page)).tones).toEqual([...TONES.capture, 1200]);
  await page.locator('[data-sound="period"]').uncheck();
  await page.locator('[data-sound="period"]').check();
  await expect.poll(async () => (await heard(page)).tones).toEqual([...TONES.capture, 1200, 660, 880, 1320]);
  // The spoken count is off until asked for, and speaks in the page's language.
  await expect(page.locator('[data-sound="voice"]')).not.toBeChecked();
  await page.locator('[data-sound="voice"]').check();
  await expect.poll(async () => (await heard(page)).spoken).toEqual(['en-US 10']);
  await page.locator('.settings button[lang="ja"]').click();
  await page.locator('[data-sound="voice"]').uncheck();
  await page.locator('[data-sound="voice"]').check();
  await expect.poll(async () => (await heard(page)).spoken).toEqual(['en-US 10', 'ja-JP 10']);
});

test('sound: an embedded board makes none by default', async ({ page, dist }) => {
  await listen(page);
  const server = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,">
<iframe name="quiet" src="shogi/index.html?side=both" style="width:480px;height:640px"></iframe>`,
  });
  try {
    await page.goto(`${server.url}post.html`);
    const frame = await board(page, 'quiet');
    await play(frame, '7g7f');
    await expect(app(frame)).toHaveAttribute('data-turn', 'w');
    await play(frame, '3c3d');
    await settled(frame);
    expect(await heard(frame)).toEqual({ contexts: 0, tones: [], spoken: [] });
  } finally {
    await server.close(page);
  }
});
