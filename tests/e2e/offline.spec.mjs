// End-to-end tests of issue 5's offline and embedding promises: the service worker (offline
// play, a new deployment offered), the board embedded in a page served from a sub-folder,
// and markup in parameters. Each test on a fresh browser context.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { app, board, dests, expect, open, play, site, started, STARTPOS, test } from './fixtures.mjs';

/** Waits until the service worker controls the page and returns its cache names. */
async function controlled(page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20000 }).toBe(true);
  return page.evaluate(() => caches.keys());
}

test('offline: after one visit the app loads and plays the engine with the network off', async ({ page, context, dist }) => {
  const host = await site(dist, 'shogi');
  try {
    await open(page, host.app, { think: '200' });
    const caches = await controlled(page);
    expect(caches, 'one cache').toHaveLength(1);
    const [files, cached] = await page.evaluate(async (name) => {
      const text = await (await fetch('sw.js')).text();
      const paths = (requests) => requests.map((r) => new URL(r.url ?? r, location.href).pathname).sort();
      return [paths(JSON.parse(text.match(/PRECACHE = (\{[^;]*\});/)[1]).files), paths(await (await caches.open(name)).keys())];
    }, caches[0]);
    expect(files.length, 'files precached').toBeGreaterThan(10);
    expect(files.filter((f) => !cached.includes(f)), 'every file of the build is in the cache').toEqual([]);
    expect(cached.filter((f) => !files.includes(f)), 'and besides them only the Japanese font, if drawn').toEqual(
      cached.filter((f) => f.endsWith('/fonts/japanese-ui.woff2')));
    // Chromium's own verdict on "install app" (manifest, icons, service worker); test contexts
    // are incognito profiles, the one thing an ordinary window does not report.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    // The site is gone and the browser is offline.
    await host.close();
    await context.setOffline(true);
    await page.reload();
    await started(page);
    await play(page, '7g7f');
    await expect(app(page)).toHaveAttribute('data-turn', 'b');
    await expect(page.locator('[data-ply]'), "the engine's reply").toHaveCount(2);
  } finally {
    await context.setOffline(false);
    await host.close(page).catch(() => {});
  }
});

test('a new deployment is offered, not forced on a game in progress; Reload switches to it', async ({ page, dist }) => {
  const host = await site(dist, 'shogi');
  try {
    await open(page, host.app, { side: 'both' });
    const [before] = await controlled(page);
    await play(page, '7g7f');
    // Deploy: a new sw.js (its version changes with any file of the build).
    const worker = join(host.root, 'shogi', 'sw.js');
    const text = await readFile(worker, 'utf8');
    const version = text.match(/"version":"(\w+)"/)[1];
    await writeFile(worker, text.replace(version, `${version}0`));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const offer = page.locator('.update-offer');
    await expect(offer).toHaveText(/New version available/, { useInnerText: true, timeout: 20000 });
    await expect(page.locator('[data-ply]'), 'the game goes on').toHaveCount(1);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null), 'the new version waits').toBe(true);
    expect(await page.evaluate(() => caches.keys())).toEqual([before, `${before}0`]);
    await Promise.all([page.waitForEvent('load'), offer.locator('button').click()]);
    await started(page);
    await expect.poll(() => page.evaluate(() => caches.keys()), { message: 'the old cache is removed' }).toEqual([`${before}0`]);
    await expect(page.locator('.update-offer')).toHaveCount(0);
  } finally {
    await host.close(page);
  }
});

// A blog post in /blog/ embedding dist/ copied to /games/shogi/; it records every message and event.
const POST = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Post</title><link rel="icon" href="data:,">
<script src="../games/shogi/embed.js" defer></script></head>
<body>
<div style="display:flex;gap:1rem">
  <div style="width:320px" class="shogi-board" id="replay" data-mode="view" data-moves="7g7f,3c3d,2g2f" data-ply="1"></div>
  <div style="width:320px" class="shogi-board" id="versus" data-side="b" data-think="200" data-input="1"></div>
  <div style="width:320px" class="shogi-board" id="puzzle" data-sfen="7nk/9/8G/9/9/9/9/9/4K4 b G 1" data-side="b"></div>
</div>
<script>
  window.messages = [];
  window.events = [];
  // Game news only: the frames' sizes are embed.js's business.
  addEventListener('message', (e) => { if (e.data.type !== 'shogi:size') messages.push(e.data); });
  for (const type of ['shogi:move', 'shogi:gameover']) {
    document.addEventListener(type, (e) => events.push({ on: e.target.id, detail: e.detail }));
  }
</script>
</body></html>`;

test('boards embedded by embed.js in a page of a sub-folder: a replay, a game against the engine, a mate in one', async ({ page, dist }) => {
  const host = await site(dist, 'games/shogi', { 'blog/post.html': POST });
  try {
    await page.goto(`${host.url}blog/post.html`);
    const [replay, versus, puzzle] = await Promise.all(['replay', 'versus', 'puzzle'].map((name) => board(page, name)));
    expect(new URL(versus.url()).pathname).toBe('/games/shogi/index.html');

    // Only the board: no header, no game buttons, no move list; the frame shows all of it.
    for (const frame of [replay, versus]) {
      await expect(frame.locator('.topbar')).toBeHidden();
      await expect(frame.locator('[data-action="resign"]')).toBeHidden();
      const board = await frame.locator('svg.board').boundingBox();
      const iframe = await page.locator(`#${frame.name()} iframe`).boundingBox();
      const boxes = JSON.stringify({ board, iframe });
      expect(board.width, boxes).toBeGreaterThan(200);
      expect(board.y + board.height, boxes).toBeLessThanOrEqual(iframe.y + iframe.height + 1);
    }
    await expect(versus.locator('.move-nav')).toBeHidden();
    // The move box only where the host asks for it (data-input="1"), and no notice about it.
    await expect(replay.locator('.move-box')).toHaveCount(0);
    await expect(puzzle.locator('.move-box')).toHaveCount(0);
    await expect(versus.locator('.move-box')).toBeVisible();
    await expect(versus.locator('.notices')).toBeHidden();

    // The replay: view mode from ply 1, stepped with the navigation buttons; no moves.
    await expect(app(replay)).toHaveAttribute('data-sfen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
    await replay.locator('[data-nav="forward"]').click();
    await expect(app(replay)).toHaveAttribute('data-turn', 'b');
    await replay.locator('[data-nav="end"]').click();
    await replay.locator('[data-nav="start"]').click();
    await expect(app(replay)).toHaveAttribute('data-sfen', STARTPOS);
    await replay.locator('[data-square="7g"]').click();
    await expect.poll(() => dests(replay), { message: 'view mode: no moves' }).toEqual([]);

    // The game: a move, the engine's reply, both told to the page.
    await play(versus, '7g7f');
    await expect(app(versus)).toHaveAttribute('data-turn', 'b');
    await expect(versus.locator('[data-ply="2"]'), "the engine's reply").toHaveCount(1);
    await expect.poll(() => page.evaluate(() => window.events.length), { message: 'the page is told of both moves' }).toBeGreaterThanOrEqual(2);
    const { messages, events } = await page.evaluate(() => ({ messages: window.messages, events: window.events }));
    expect(events.map((e) => [e.on, e.detail.type, e.detail.ply])).toEqual([['versus', 'shogi:move', 1], ['versus', 'shogi:move', 2]]);
    expect(messages[0]).toStrictEqual({ type: 'shogi:move', id: 'versus', ply: 1, usi: '7g7f', sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2' });
    await expect(app(versus)).toHaveAttribute('data-sfen', messages[1].sfen);
    await expect(app(replay), 'the boards are independent').toHaveAttribute('data-sfen', STARTPOS);

    // The problem solved: the end of the game is told too.
    await play(puzzle, 'G*1b');
    await expect.poll(() => page.evaluate(() => window.events.some((e) => e.on === 'puzzle' && e.detail.type === 'shogi:gameover')),
      { message: 'the page is told the game is over' }).toBe(true);
    const over = await page.evaluate(() => window.messages.find((m) => m.type === 'shogi:gameover'));
    expect(over).toStrictEqual({ type: 'shogi:gameover', id: 'puzzle', result: 'b', reason: 'checkmate' });
    await expect(puzzle.locator('.status'), 'the result on the board, no dialog').toHaveText(/checkmate/, { useInnerText: true });
    await expect(puzzle.locator('[role="dialog"]')).toHaveCount(0);
  } finally {
    await host.close(page);
  }
});

test('markup in a URL sfen or a data-sfen is shown as text, never inserted or run', async ({ page, dist }) => {
  const attempts = ['<script>window.injected = 1</script>', '"><img src=x onerror="window.injected = 2">'];
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  const boards = attempts.map((text, i) => `<div style="width:300px" class="shogi-board" id="b${i}" data-sfen='${text.replace(/'/g, '&#39;')}' data-moves="${text.replace(/"/g, '&quot;')}" data-thnik="9"></div>`);
  const host = await site(dist, 'shogi', { 'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="shogi/embed.js" defer></script><div style="display:flex">${boards.join('')}</div>` });
  try {
    for (const text of attempts) {
      await open(page, host.app, { sfen: text, moves: text });
      await expect(app(page)).toHaveAttribute('data-sfen', STARTPOS);
      await expect(page.locator('.notices')).toHaveText(/sfen/, { useInnerText: true });
      await expect(page.locator('.notices img, .notices script')).toHaveCount(0);
    }
    await page.goto(`${host.url}post.html`);
    for (let i = 0; i < attempts.length; i++) {
      const frame = await board(page, `b${i}`);
      await expect(app(frame)).toHaveAttribute('data-sfen', STARTPOS);
      await expect(frame.locator('.notices'), 'the board says what it ignored').toHaveText(/sfen[^]*thnik/, { useInnerText: true });
      await expect(frame.locator('img, .notices script')).toHaveCount(0);
    }
    await expect(page.locator('img, iframe + *'), 'nothing inserted next to the boards').toHaveCount(0);
    expect(await page.evaluate(() => window.injected)).toBeUndefined();
    for (const frame of page.frames()) expect(await frame.evaluate(() => window.injected)).toBeUndefined();
    expect(dialogs).toEqual([]);
  } finally {
    await host.close(page);
  }
});
