// Mating problems: the collection's dialog, solving by clicks, a refused move with its reason,
// progress kept on the device, and a problem given by URL and in an embed.
import { readFile } from 'node:fs/promises';

import { app, board, expect, open, play, site, test } from './fixtures.mjs';

/** The collection as the app fetches it: [{plies, sfen, solution: [usi]}], in file order. */
async function collection() {
  const text = await readFile(new URL('../../public/problems.txt', import.meta.url), 'utf8');
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((line) => {
    const words = line.split(' ');
    return { plies: Number(words[0]), sfen: words.slice(1, 5).join(' '), solution: words.slice(5) };
  });
}

const stage = (page) => page.locator('[data-problem-stage]');
const moves = (page) => page.locator('.move-list [data-ply]');

test('a 3-ply problem of the collection solved by clicks, remembered on the device', async ({ page, base }) => {
  const problems = await collection();
  const index = problems.findIndex((p) => p.plies === 3);
  const problem = problems[index];
  await open(page, base);
  await page.locator('[data-action="problems"]').click();
  const dialog = page.getByRole('dialog');
  for (const plies of [1, 3, 5, 7, 9, 11]) {
    const count = problems.filter((p) => p.plies === plies).length;
    await expect(dialog.locator(`[data-plies="${plies}"] .count`)).toHaveText(`0 of ${count} solved`);
  }
  await dialog.locator(`[data-problem="${index}"]`).click();
  await expect(dialog).toHaveCount(0);
  await expect(app(page)).toHaveAttribute('data-sfen', problem.sfen);
  await expect(page.locator('.problem-panel h2')).toHaveText('Mate in 3: Sente to play');

  // The learner's check; the solver answers with the longest defence.
  await play(page, problem.solution[0]);
  await expect(moves(page)).toHaveCount(2);
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'solving');
  await play(page, problem.solution[2]);
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'solved');
  await expect(page.locator('.problem-panel .message')).toHaveText('Mate! Problem solved.');

  // Remembered: the dialog marks it, after a reload too.
  await page.reload();
  await page.locator('[data-action="problems"]').click();
  const solved = page.getByRole('dialog').locator(`[data-problem="${index}"]`);
  await expect(solved).toHaveClass(/solved/);
  await expect(solved).toHaveAccessibleName(/solved/);
  const count = problems.filter((p) => p.plies === 3).length;
  await expect(page.getByRole('dialog').locator('[data-plies="3"] .count')).toHaveText(`1 of ${count} solved`);
});

test('a check that does not mate is refused with the reason; retry, hint and solution', async ({ page, base }) => {
  // Four golds drive the king to the corner in 7 plies; G*5c is taken by the king.
  await open(page, base, { mode: 'problem', sfen: '9/9/9/4k4/9/4P4/9/9/9 b 4G 1', lang: 'ja' });
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'solving');
  await expect(page.locator('.problem-panel h2')).toHaveText('7手詰・先手の番');
  // Not a check: refused at once, nothing played.
  await play(page, 'G*9a');
  await expect(page.locator('.problem-panel .message')).toHaveText('攻め方の手はすべて王手でなければなりません。');
  await expect(moves(page)).toHaveCount(0);
  // A check the king escapes from: the reply stands on the board, and the reason names it.
  await play(page, 'G*5c');
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'refused');
  await expect(moves(page)).toHaveCount(2);
  await expect(page.locator('.problem-panel .message')).toHaveText(/^△.+ の後、5手以内の詰みはありません。$/);
  await page.locator('[data-action="retry"]').click();
  await expect(moves(page)).toHaveCount(0);
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'solving');
  // The hint is the solution's first move, as an arrow and in words.
  await page.locator('[data-action="problem-hint"]').click();
  await expect(page.locator('[data-hint]')).toHaveAttribute('data-hint', 'G*5e');
  await expect(page.locator('.problem-panel .message')).toHaveText(/^ヒント：▲５五金/);
  await page.locator('[data-action="solution"]').click();
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'shown');
  await expect(moves(page)).toHaveCount(7);
});

test('a problem embedded in a page tells the host when it is failed and solved', async ({ page, dist }) => {
  const host = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="shogi/embed.js" defer></script>
<script>window.heard = []; addEventListener('message', (e) => { if (/solved|failed/.test(e.data.type)) heard.push(e.data.type + ' ' + e.data.id); });</script>
<div class="shogi-board" id="tsume" style="width:400px" data-mode="problem" data-sfen="3k5/9/3S5/9/9/9/9/9/9 b S 1"></div>`,
  });
  try {
    await page.goto(`${host.url}post.html`);
    const frame = await board(page, 'tsume');
    await expect(stage(frame)).toHaveAttribute('data-problem-stage', 'solving');
    // An embed has no way out of the problem, only its own buttons.
    await expect(frame.locator('[data-action="leave-problems"]')).toHaveCount(0);
    await play(frame, 'S*5b');
    await expect(stage(frame)).toHaveAttribute('data-problem-stage', 'refused');
    await frame.locator('[data-action="retry"]').click();
    await play(frame, 'S*6b');
    await expect(stage(frame)).toHaveAttribute('data-problem-stage', 'solved');
    await expect.poll(() => page.evaluate(() => window.heard)).toEqual(['shogi:failed tsume', 'shogi:solved tsume']);
  } finally {
    await host.close(page);
  }
});

test('a position with no mate is no problem, and says so', async ({ page, base }) => {
  await open(page, base, { mode: 'problem', sfen: '4k4/9/9/9/9/9/9/9/9 b P 1' });
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'not-a-problem');
  await expect(page.locator('.problem-panel')).toContainText('There is no mate in this position within 31 plies');
});

test('find the mate: a mate missed in a finished game becomes a problem', async ({ page, base }) => {
  // Sente could mate with G*5b at once, walked the king instead, and resigned later.
  const games = `shogi-games 1

shogi-game 1
id 1763780000000
saved 1763780123456
sfen 4k4/9/4P4/9/9/9/9/r8/4K4 b G 1
moves 5i4i 9h8h
side b
impasse 27
think 1000
end w resign
`;
  await open(page, base);
  await page.evaluate((text) => localStorage.setItem('shogi.games', text), games);
  await page.reload();
  await page.locator('[data-action="problems"]').click();
  const found = page.getByRole('dialog').locator('[data-found="0"]');
  await expect(found).toHaveText('Mate in 1, at move 1');
  await found.click();
  await expect(app(page)).toHaveAttribute('data-sfen', '4k4/9/4P4/9/9/9/9/r8/4K4 b G 1');
  await play(page, 'G*5b');
  await expect(stage(page)).toHaveAttribute('data-problem-stage', 'solved');
  // Looked through once: the game is not looked through again, the problem is marked solved.
  await page.locator('[data-action="problems"]').first().click();
  await expect(page.getByRole('dialog').locator('[data-found="0"]')).toHaveClass(/solved/);
  expect(await page.evaluate(() => localStorage.getItem('shogi.problems'))).toContain('scanned 1763780000000\nfound 1763780000000 0 1 ');
});

test('two tabs solving problems keep both tabs\' progress', async ({ page, base, context }) => {
  const problems = await collection();
  const ones = problems.map((p, i) => ({ ...p, index: i })).filter((p) => p.plies === 1).slice(0, 2);
  const other = await context.newPage();
  for (const tab of [page, other]) await open(tab, base);
  for (const [tab, problem] of [[page, ones[0]], [other, ones[1]]]) {
    await tab.locator('[data-action="problems"]').click();
    await tab.getByRole('dialog').locator(`[data-problem="${problem.index}"]`).click();
    await expect(stage(tab)).toHaveAttribute('data-problem-stage', 'solving');
    await play(tab, problem.solution[0]);
    await expect(stage(tab)).toHaveAttribute('data-problem-stage', 'solved');
  }
  await page.locator('[data-action="problems"]').first().click();
  for (const problem of ones) {
    await expect(page.getByRole('dialog').locator(`[data-problem="${problem.index}"]`)).toHaveClass(/solved/);
  }
  await expect(page.getByRole('dialog').locator('[data-plies="1"] .count')).toHaveText(/^2 of /);
});
