// End-to-end test of a record's times and headers (issue 32, part 6): a pasted KIF's times
// are shown beside its moves and in the review panel, come back unchanged on export (not
// `( 0:00/00:00:00)`), and go into CSA as T lines with the record's comment; its headers stay
// with the saved game and are written back.
import { readFile } from 'node:fs/promises';

import { expect, open, started, test } from './fixtures.mjs';

const KIF = await readFile(new URL('../data/timed_game.kif', import.meta.url), 'utf8');

async function openRecord(page) {
  await page.locator('[data-action="record"]').click();
  await page.locator('[data-export]').waitFor();
}

async function exported(page, format) {
  await page.locator(`[data-format="${format}"]`).click();
  return page.locator('[data-export]').inputValue();
}

/** The lines of a KIF from the moves' title on. */
const movesOf = (kif) => kif.slice(kif.indexOf('手数----'));

test('times: a pasted KIF keeps its times and headers through the save, back out in KIF and CSA', async ({ page, base }) => {
  await open(page, base, { side: 'both' });
  await openRecord(page);
  await page.locator('textarea[name="import-text"]').fill(KIF);
  await page.locator('[data-action="import"]').click();
  // The game was resigned: the game-over panel greets it.
  await page.locator('.backdrop button:has-text("Look at the game")').click();
  await expect(page.locator('[data-ply]')).toHaveCount(4);
  await expect(page.locator('.move-time')).toHaveText(['0:12', '0:03', '1:05', '12:34']);
  await page.locator('[data-ply="3"]').click();
  await expect(page.locator('[data-move-time]')).toHaveText('Move 3 took 1:05 (1:17 in all for its side)');
  await page.screenshot({ path: '/tmp/shots/times-en.png' });
  // Kept with the saved game: the page opened again has the same record.
  await page.goto(base);
  await started(page);
  await page.locator('.backdrop button:has-text("Look at the game")').click();
  await expect(page.locator('.move-time')).toHaveText(['0:12', '0:03', '1:05', '12:34']);
  await openRecord(page);
  const kif = await exported(page, 'kif');
  expect(movesOf(kif)).toBe(movesOf(KIF));
  for (const header of ['開始日時：2026/11/20 19:00:00', '棋戦：練習対局', '先手：Hanako', '後手：Taro']) {
    expect(kif).toContain(`${header}\n`);
  }
  const csa = await exported(page, 'csa');
  expect(csa).toContain("\n+7776FU\nT12\n-3334FU\nT3\n'*角道を開ける\n+2726FU\nT65\n-8384FU\nT754\n");
  expect(csa).toContain('N+Hanako\nN-Taro\n');
  expect(csa).toContain('$EVENT:練習対局\n');
  await page.keyboard.press('Escape');
  await page.locator('.settings button[lang="ja"]').click();
  await page.locator('[data-ply="4"]').click();
  await expect(page.locator('[data-move-time]')).toHaveText('4手目の消費時間 12:34（累計 12:37）');
  await page.screenshot({ path: '/tmp/shots/times-ja.png' });
});
