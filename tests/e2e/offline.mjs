// End-to-end tests of issue 5's offline and embedding promises: the service worker (offline
// play, a new deployment offered), the board embedded in a page served from a sub-folder,
// and markup in parameters. Registered in run.mjs; each test on a fresh browser context.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { assert, attr, dests, open, play, sfen, STARTPOS, waitAttr } from './helpers.mjs';
import { serve } from './serve.mjs';
import { tests } from './tests.mjs';

const test = (name, body) => tests.push([name, body]);
const here = dirname(fileURLToPath(import.meta.url));
// The same dist/ as run.mjs's (its first argument).
const dist = process.argv[2] || join(here, '../../dist');

/**
 * A static site of its own (so a test may change files or stop it): dist/ copied to
 * `folder` inside it, plus `pages` ({path: html}). Resolves to { url, app, root, close }.
 */
async function site(folder, pages = {}) {
  const root = await mkdtemp(join(tmpdir(), 'shogi-site-'));
  await cp(dist, join(root, folder), { recursive: true });
  for (const [path, html] of Object.entries(pages)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), html);
  }
  const server = await serve(root);
  return {
    url: server.url,
    app: `${server.url}${folder}/`,
    root,
    close: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The embedded board in the frame named `name`, once drawn. */
async function board(page, name) {
  const frame = await (await page.waitForSelector(`iframe[name="${name}"]`)).contentFrame();
  await frame.waitForSelector('[data-square="5e"]');
  return frame;
}

/** Waits until the service worker controls the page and returns its cache names. */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  return page.evaluate(() => caches.keys());
}

test('offline: after one visit the app loads and plays the engine with the network off', async ({ page, context }) => {
  const host = await site('shogi');
  try {
    await open(page, host.app, { think: '200' });
    const caches = await controlled(page);
    assert.equal(caches.length, 1, caches.join());
    const [files, cached] = await page.evaluate(async (name) => {
      const text = await (await fetch('sw.js')).text();
      return [JSON.parse(text.match(/PRECACHE = (\{[^;]*\});/)[1]).files.length, (await (await caches.open(name)).keys()).length];
    }, caches[0]);
    assert.ok(files > 10, `${files} files precached`);
    assert.equal(cached, files, 'every file of the build is in the cache');
    // Chromium's own verdict on "install app" (manifest, icons, service worker); test contexts
    // are incognito profiles, the one thing an ordinary window does not report.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
    // The site is gone and the browser is offline.
    await host.close();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('[data-square="5e"]');
    await play(page, '7g7f');
    await waitAttr(page, 'data-turn', (t) => t === 'b');
    assert.equal(await page.locator('[data-ply]').count(), 2, "the engine's reply");
  } finally {
    await context.setOffline(false);
    await host.close().catch(() => {});
  }
});

test('a new deployment is offered, not forced on a game in progress; Reload switches to it', async ({ page }) => {
  const host = await site('shogi');
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
    await offer.waitFor({ timeout: 20000 });
    assert.match(await offer.innerText(), /New version available/);
    assert.equal(await page.locator('[data-ply]').count(), 1, 'the game goes on');
    assert.ok(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null), 'the new version waits');
    assert.deepEqual(await page.evaluate(() => caches.keys()), [before, `${before}0`]);
    await Promise.all([page.waitForEvent('load'), offer.locator('button').click()]);
    await page.waitForSelector('[data-square="5e"]');
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`${before}0`], 'the old cache is removed');
    assert.equal(await page.locator('.update-offer').count(), 0);
  } finally {
    await host.close();
  }
});

// A blog post in /blog/ embedding dist/ copied to /games/shogi/; it records every message and event.
const POST = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Post</title><link rel="icon" href="data:,">
<script src="../games/shogi/embed.js" defer></script></head>
<body>
<div style="display:flex;gap:1rem">
  <div style="width:320px" class="shogi-board" id="replay" data-mode="view" data-moves="7g7f,3c3d,2g2f" data-ply="1"></div>
  <div style="width:320px" class="shogi-board" id="versus" data-side="b" data-think="200"></div>
  <div style="width:320px" class="shogi-board" id="puzzle" data-sfen="7nk/9/8G/9/9/9/9/9/4K4 b G 1" data-side="b"></div>
</div>
<script>
  window.messages = [];
  window.events = [];
  addEventListener('message', (e) => messages.push(e.data));
  for (const type of ['shogi:move', 'shogi:gameover']) {
    document.addEventListener(type, (e) => events.push({ on: e.target.id, detail: e.detail }));
  }
</script>
</body></html>`;

test('boards embedded by embed.js in a page of a sub-folder: a replay, a game against the engine, a mate in one', async ({ page }) => {
  const host = await site('games/shogi', { 'blog/post.html': POST });
  try {
    await page.goto(`${host.url}blog/post.html`);
    const [replay, versus, puzzle] = await Promise.all(['replay', 'versus', 'puzzle'].map((name) => board(page, name)));
    assert.equal(new URL(versus.url()).pathname, '/games/shogi/index.html');

    // Only the board: no header, no game buttons, no move list; the frame shows all of it.
    for (const frame of [replay, versus]) {
      assert.equal(await frame.locator('.topbar').isVisible(), false);
      assert.equal(await frame.locator('[data-action="resign"]').isVisible(), false);
      const board = await frame.locator('svg.board').boundingBox();
      const iframe = await page.locator(`#${frame.name()} iframe`).boundingBox();
      assert.ok(board.width > 200 && board.y + board.height <= iframe.y + iframe.height + 1, JSON.stringify({ board, iframe }));
    }
    assert.equal(await versus.locator('.move-nav').isVisible(), false);

    // The replay: view mode from ply 1, stepped with the navigation buttons; no moves.
    assert.equal(await sfen(replay), 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
    await replay.locator('[data-nav="forward"]').click();
    assert.equal(await attr(replay, 'data-turn'), 'b');
    await replay.locator('[data-nav="end"]').click();
    await replay.locator('[data-nav="start"]').click();
    assert.equal(await sfen(replay), STARTPOS);
    await replay.locator('[data-square="7g"]').click();
    assert.deepEqual(await dests(replay), [], 'view mode: no moves');

    // The game: a move, the engine's reply, both told to the page.
    await play(versus, '7g7f');
    await waitAttr(versus, 'data-turn', (t) => t === 'b');
    assert.equal(await versus.locator('[data-ply="2"]').count(), 1, "the engine's reply");
    await page.waitForFunction(() => window.events.length >= 2);
    const { messages, events } = await page.evaluate(() => ({ messages: window.messages, events: window.events }));
    assert.deepEqual(events.map((e) => [e.on, e.detail.type, e.detail.ply]), [['versus', 'shogi:move', 1], ['versus', 'shogi:move', 2]]);
    assert.deepEqual(messages[0], { type: 'shogi:move', id: 'versus', ply: 1, usi: '7g7f', sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2' });
    assert.equal(messages[1].sfen, await sfen(versus));
    assert.equal(await sfen(replay), STARTPOS, 'the boards are independent');

    // The problem solved: the end of the game is told too.
    await play(puzzle, 'G*1b');
    await page.waitForFunction(() => window.events.some((e) => e.on === 'puzzle' && e.detail.type === 'shogi:gameover'));
    const over = await page.evaluate(() => window.messages.find((m) => m.type === 'shogi:gameover'));
    assert.deepEqual(over, { type: 'shogi:gameover', id: 'puzzle', result: 'b', reason: 'checkmate' });
    assert.match(await puzzle.locator('.status').innerText(), /checkmate/, 'the result on the board, no dialog');
    assert.equal(await puzzle.locator('[role="dialog"]').count(), 0);
  } finally {
    await host.close();
  }
});

test('markup in a URL sfen or a data-sfen is shown as text, never inserted or run', async ({ page }) => {
  const attempts = ['<script>window.injected = 1</script>', '"><img src=x onerror="window.injected = 2">'];
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  const boards = attempts.map((text, i) => `<div style="width:300px" class="shogi-board" id="b${i}" data-sfen='${text.replace(/'/g, '&#39;')}' data-moves="${text.replace(/"/g, '&quot;')}" data-thnik="9"></div>`);
  const host = await site('shogi', { 'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="shogi/embed.js" defer></script><div style="display:flex">${boards.join('')}</div>` });
  try {
    for (const text of attempts) {
      await open(page, host.app, { sfen: text, moves: text });
      assert.equal(await sfen(page), STARTPOS);
      assert.match(await page.locator('.notices').innerText(), /sfen/);
      assert.equal(await page.locator('.notices img, .notices script').count(), 0);
    }
    await page.goto(`${host.url}post.html`);
    for (let i = 0; i < attempts.length; i++) {
      const frame = await board(page, `b${i}`);
      assert.equal(await sfen(frame), STARTPOS);
      assert.match(await frame.locator('.notices').innerText(), /sfen[^]*thnik/, 'the board says what it ignored');
      assert.equal(await frame.locator('img, .notices script').count(), 0);
    }
    assert.equal(await page.locator('img, iframe + *').count(), 0, 'nothing inserted next to the boards');
    assert.equal(await page.evaluate(() => window.injected), undefined);
    for (const frame of page.frames()) assert.equal(await frame.evaluate(() => window.injected), undefined);
    assert.deepEqual(dialogs, []);
  } finally {
    await host.close();
  }
});
