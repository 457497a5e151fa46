// The analysis board (SPEC §3 analysis, §4 mode=analysis) and the threat.
import { app, expect, open, play, settled, test } from './fixtures.mjs';

// Sente mates in 3 plies only by 1f5b+ (4a5b S*4b); the other first moves take 5 or more.
const MATE_IN_3 = '3sks3/9/4S4/9/9/8B/9/9/9 b S 1';
// Sente to move; if gote could move, G*5h (guarded by the pawn on 5g) would mate at once.
const MATE_THREAT = '4k4/9/9/9/9/9/4p4/9/4K4 b g 1';

const evaluation = (page) => page.locator('[data-eval]');
const lines = (page) => page.locator('[data-pv]');

test('analysis by URL finds the mate in 3 and shows it first', async ({ page, base }) => {
  await open(page, base, { sfen: MATE_IN_3, mode: 'analysis' });
  await expect(evaluation(page)).toHaveAttribute('data-score-mate', '3');
  await expect(evaluation(page)).not.toHaveAttribute('data-score-cp', /./);
  await expect(lines(page).first()).toHaveAttribute('data-pv', /^1f5b\+ 4a5b S\*4b/);
  await expect(lines(page)).toHaveCount(3);
  await expect(page.locator('[data-best]')).toHaveAttribute('data-best', '1f5b+');
  await expect(page.locator('.analysis .verdict')).toHaveText('☗ Sente mates: mate in 2');
  // The meter reads the verdict to screen readers.
  await expect(evaluation(page)).toHaveAttribute('aria-valuetext', '☗ Sente mates: mate in 2');
  await page.locator('[lang="ja"]').click();
  await expect(page.locator('.analysis .verdict')).toHaveText('☗ 先手の勝ち（3手で詰み）');
  // Clicking the line's third move plays the line to there: a person moves both sides here.
  await lines(page).first().locator('.line-move').nth(2).click();
  await expect(page.locator('[data-ply]')).toHaveCount(3);
  await expect(app(page)).toHaveAttribute('data-result', 'b');
});

test('the analysis follows the position shown and stops when closed', async ({ page, base }) => {
  await open(page, base, { side: 'both', moves: '7g7f,3c3d' });
  await expect(evaluation(page)).toHaveCount(0);
  await page.locator('[data-action="analyse"]').click();
  await expect(page.locator('[data-action="analyse"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(evaluation(page)).toHaveAttribute('data-score-cp', /^-?\d+$/);
  await expect.poll(async () => Number(await evaluation(page).getAttribute('data-depth'))).toBeGreaterThanOrEqual(6);
  // Sente to move: every line starts with a sente move.
  await expect(lines(page).first()).toHaveAttribute('data-pv', /^[1-9][a-i][1-9][a-i]|^[PLNSGBR]\*/);
  // Back to the start: the analysis starts again on that position.
  await page.locator('[data-nav="start"]').click();
  await expect(evaluation(page)).toHaveAttribute('data-depth', /\d/);
  await expect.poll(async () => Number(await evaluation(page).getAttribute('data-depth'))).toBeGreaterThanOrEqual(6);
  await page.locator('[data-nav="end"]').click();
  // A move tried on the board is analysed in turn.
  await play(page, '2g2f');
  await expect.poll(async () => Number(await evaluation(page).getAttribute('data-depth'))).toBeGreaterThanOrEqual(4);
  await expect(lines(page).first()).toHaveAttribute('data-pv', /^[1-9][a-i][1-9][a-i]\+? |^[PLNSGBR]\* /);
  // Closed by the key A: no evaluation, no arrow, and the worker is free for the game.
  await page.keyboard.press('a');
  await expect(page.locator('[data-action="analyse"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(evaluation(page)).toHaveCount(0);
  await expect(page.locator('[data-best]')).toHaveCount(0);
});

test('the engine waits while its opponent analyses, and plays once the analysis closes', async ({ page, base }) => {
  await open(page, base, { side: 'b', think: '200' });
  await page.locator('[data-action="analyse"]').click();
  await play(page, '7g7f');
  await expect(evaluation(page)).toHaveAttribute('data-score-cp', /./);
  await expect(page.locator('.analysis .note')).toBeVisible();
  // The engine is asked to move in the task after a move (state.rs, save_and_ask_engine): once
  // that task has run it is not thinking, and after several reports of the analysis it still
  // has not moved.
  await settled(page);
  await expect(app(page), 'not asked to move while analysing').toHaveAttribute('data-thinking', 'false');
  await expect.poll(async () => Number(await evaluation(page).getAttribute('data-depth'))).toBeGreaterThanOrEqual(5);
  await expect(page.locator('[data-ply]'), 'no reply while analysing').toHaveCount(1);
  await expect(app(page)).toHaveAttribute('data-thinking', 'false');
  await page.locator('[data-action="analyse"]').click();
  await expect(page.locator('[data-ply]')).toHaveCount(2);
});

test('the threat of a one-move mate is named and drawn', async ({ page, base }) => {
  await open(page, base, { sfen: MATE_THREAT, side: 'both' });
  await page.keyboard.press('t');
  await expect(page.locator('p.threat')).toHaveAttribute('data-threat', 'G*5h');
  await expect(page.locator('p.threat')).toHaveText(/☖ Gote's move: ☖G\*5h \(mate in 1\)/);
  await expect(page.locator('circle[data-threat="G*5h"]')).toHaveCount(1);
  // A move changes the position: the threat goes.
  await play(page, '5i4h');
  await expect(page.locator('[data-threat]')).toHaveCount(0);
});

test('no long task on the page while the analysis runs', async ({ page, base, browser }) => {
  await open(page, base, { side: 'both', mode: 'analysis' });
  await expect(evaluation(page)).toHaveAttribute('data-score-cp', /./);
  // Each task's own thread time, from Chromium's trace: unlike the Long Tasks API's wall time,
  // it does not grow when the shared machine's other work takes the core away.
  // Sampled over the page's handling of fifteen reports of the analysis (one every 200 ms of
  // the worker's clock, and one at each iteration's end), not over a fixed time: on a loaded
  // machine the sample holds as many reports as on an idle one.
  await page.locator('.analysis .depth').evaluate((depth) => {
    window.reports = 0;
    new MutationObserver(() => { window.reports += 1; }).observe(depth, { childList: true, characterData: true, subtree: true });
  });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const before = await page.evaluate(() => window.reports);
  await expect.poll(() => page.evaluate(() => window.reports), { message: 'the analysis reports', timeout: 60_000 })
    .toBeGreaterThanOrEqual(before + 15);
  const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  // Only this page's renderer: the trace covers the whole browser, and any other renderer in
  // it has a main thread also named CrRendererMain, busy with work that is not this page's.
  const frames = trace.find((e) => e.name === 'TracingStartedInBrowser').args.data.frames;
  const pid = frames.find((f) => f.url === page.url()).processId;
  const main = trace.find((e) => e.name === 'thread_name' && e.pid === pid && e.args.name === 'CrRendererMain').tid;
  const onMain = (e) => e.pid === pid && e.tid === main && e.ph === 'X';
  const tasks = trace.filter((e) => e.name === 'RunTask' && onMain(e));
  expect(tasks.length, 'the page handled the reports').toBeGreaterThan(10);
  const ms = (e) => (e.tdur ?? e.dur) / 1000;
  const [longest, next] = [...tasks].sort((a, b) => ms(b) - ms(a));
  // Should it fail, the message names the work inside the task, the heaviest first.
  const inside = (task) => trace.filter((e) => onMain(e) && e !== task && e.ts >= task.ts && e.ts < task.ts + task.dur)
    .sort((a, b) => ms(b) - ms(a)).slice(0, 6).map((e) => `${e.name} ${ms(e).toFixed(1)} ms`).join(', ');
  const clock = longest.tdur === undefined ? 'wall time: this trace has no thread time' : "its thread's time";
  // Handling a report is a task of 4–8 ms here. A slow handler would be slow at each of the
  // fifteen reports; a one-off (a wasm function's compilation at its first call, a collection)
  // is not, so one task may pass 50 ms (a CI run once saw 65 ms), though none 200 ms.
  expect(ms(next), `the second-longest main-thread task, ms of ${clock} (inside: ${inside(next)})`).toBeLessThanOrEqual(50);
  expect(ms(longest), `the longest main-thread task, ms of ${clock} (inside: ${inside(longest)})`).toBeLessThanOrEqual(200);
  // The display moved on meanwhile: reports keep coming between iterations.
  await expect(page.locator('.analysis .depth')).toHaveText(/depth \d+ · \d+ positions/);
});
