// The engine's one worker, shared by the game, the problems and the looking through finished
// games for missed mates: a more urgent request pre-empts the running one (the worker is
// replaced), the pre-empted one is sent again once the worker is free, and every part gets
// its own answers.
import { readFile } from 'node:fs/promises';

import { app, expect, open, play, test } from './fixtures.mjs';

/** The first problem of the collection that mates in `plies`: {index, solution: [usi]}. */
async function problemOf(plies) {
  const text = await readFile(new URL('../../public/problems.txt', import.meta.url), 'utf8');
  const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
  const index = lines.findIndex((l) => Number(l.split(' ')[0]) === plies);
  return { index, solution: lines[index].split(' ').slice(5) };
}

/** The id of the game with the missed mate, looked through last. */
const MISSED = 1763780000000;

/**
 * Finished games as the Games list stores them: `slow` games in which sente, holding much in
 * hand against an open king, has checks to try but no mate in each of its 9 positions (a
 * second a game, looked through), then one where sente missed G*5b, mate at once.
 */
function finishedGames(slow) {
  const game = (id, sfen, moves) =>
    `shogi-game 1\nid ${id}\nsaved ${id + 1}\nsfen ${sfen}\nmoves ${moves}\nside b\nimpasse 27\nthink 1000\nend w resign\n`;
  const games = [];
  for (let i = 1; i <= slow; i += 1) games.push(game(MISSED + i, SLOW_SFEN, SLOW_MOVES));
  games.push(game(MISSED, '4k4/9/4P4/9/9/9/9/r8/4K4 b G 1', '5i4i 9h8h'));
  return `shogi-games 1\n\n${games.join('\n')}`;
}

const SLOW_SFEN = 'lnsg1gsnl/9/pppppppp1/4k4/9/9/9/9/4K4 b RBGSNLP 1';
// Sente's king walks (off the 1-file, which gote's lance holds), gote's steps to and fro.
const SLOW_MOVES = '5i4i 5d5e 4i3i 5e5d 3i2i 5d5e 2i2h 5e5d 2h3h 5d5e 3h4h 5e5d 4h5h 5d5e 5h6h 5e5d';
/** Enough to be still looking through when the game's search stops, on a fast machine too. */
const SLOW_GAMES = 30;

const stage = (page) => page.locator('[data-problem-stage]');
const stored = (page) => page.evaluate(() => localStorage.getItem('shogi.problems') ?? '');

test('a game\'s search stopped and a problem judged while games are looked through: all answered', async ({ page, base }) => {
  // The looking through takes half a minute on a busy machine.
  test.setTimeout(150_000);
  const problem = await problemOf(3);
  await open(page, base, { think: '30000' });
  await page.evaluate((text) => localStorage.setItem('shogi.games', text), finishedGames(SLOW_GAMES));
  // The engine workers the page starts: one as it loads, then a fresh one for each pre-empted or
  // cancelled request. Counted in the page, as each is made: Playwright's own worker events may
  // come late, and miss a worker whose page reloads as it starts.
  await page.addInitScript(() => {
    window.workersStarted = 0;
    window.Worker = class extends window.Worker {
      constructor(...args) {
        super(...args);
        window.workersStarted += 1;
      }
    };
  });
  await page.reload();
  const workers = () => page.evaluate(() => window.workersStarted);
  // The dialog starts looking through the games, which goes on in the background once it closes.
  await page.locator('[data-action="problems"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-found-mates] [role="status"]')).toBeVisible();
  await dialog.locator(`[data-problem="${problem.index}"]`).click();
  await expect(dialog).toHaveCount(0);

  // The learner's move pre-empts the looking through; the solver's judgement comes back.
  await expect.poll(workers).toBe(1);
  await play(page, problem.solution[0]);
  await expect(page.locator('.move-list [data-ply]')).toHaveCount(2);
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'solving');
  await expect.poll(workers, { message: 'the judgement pre-empted the looking through' }).toBe(2);

  // Back at the game, the engine's move pre-empts the looking through again; stopped, it plays
  // the best move found so far.
  await page.locator('[data-action="leave-problems"]').click();
  await play(page, '7g7f');
  await expect(app(page)).toHaveAttribute('data-thinking', 'true');
  await expect(page.locator('.thinking[data-depth]')).not.toHaveAttribute('data-depth', '0');
  await expect.poll(workers, { message: 'the search pre-empted the looking through' }).toBe(3);
  expect(await stored(page), 'still looking through when the search stops').not.toContain(`scanned ${MISSED}`);
  await page.locator('[data-action="stop"]').click();
  await expect(app(page)).toHaveAttribute('data-thinking', 'false');
  await expect(app(page)).toHaveAttribute('data-turn', 'b');
  await expect(page.locator('.move-list [data-ply]')).toHaveCount(2);
  await expect.poll(workers, { message: 'the stopped search took its worker with it' }).toBe(4);

  // The looking through, sent again after each pre-emption, ends with the missed mate found.
  await expect.poll(() => stored(page), { timeout: 120_000 }).toContain(`found ${MISSED} 0 1 `);
  const progress = await stored(page);
  for (let i = 0; i <= SLOW_GAMES; i += 1) expect(progress).toContain(`scanned ${MISSED + i}`);
});
