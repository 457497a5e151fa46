// End-to-end tests of boards in a host page (issue 18, parts 5 and 6): a board as wide as its
// frame and a frame as tall as its board, hands beside or in rows by the width, records given
// inline, and touch drags that move pieces without scrolling the host page.
import { readFile } from 'node:fs/promises';

import { app, board, centre, expect, play, settled, site, square, STARTPOS, test } from './fixtures.mjs';

/** The boxes, in the host page's coordinates, of a frame, its board and its two hands. */
async function boxes(page, name) {
  const frame = page.locator(`iframe[name="${name}"]`);
  const outer = await frame.boundingBox();
  const inner = frame.contentFrame();
  const [board, top, bottom] = await Promise.all(['svg.board', '.hand-slot.top', '.hand-slot.bottom'].map((s) => inner.locator(s).boundingBox()));
  const column = await page.locator(`#${name}`).boundingBox();
  return { column, frame: outer, board, top, bottom };
}

/** Whether the frame shows its whole page: as tall as its content, no scroll bar, little left over. */
async function fitsItsFrame(page, name) {
  const frame = page.locator(`iframe[name="${name}"]`).contentFrame();
  return frame.locator('html').evaluate((html) => html.scrollHeight <= html.clientHeight + 1
    && html.clientHeight - html.getBoundingClientRect().height <= 2);
}

test('the example page: three boards a third of the width each, each board at least 75 % of its column', async ({ page, base }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}embed-example.html`);
  const names = ['replay', 'puzzle', 'game'];
  await Promise.all(names.map((name) => board(page, name)));
  const grid = await page.locator('.boards').boundingBox();
  for (const name of names) {
    await expect.poll(() => fitsItsFrame(page, name), { message: `${name}: the frame is as tall as its board` }).toBe(true);
    const b = await boxes(page, name);
    const all = JSON.stringify(b);
    expect(b.column.width, all).toBeLessThanOrEqual(grid.width / 3);
    expect(b.column.width, all).toBeGreaterThan(grid.width / 3 - 30);
    expect(b.board.width, all).toBeGreaterThanOrEqual(0.75 * b.column.width);
    expect(b.board.y + b.board.height, all).toBeLessThanOrEqual(b.frame.y + b.frame.height);
    // A column this narrow keeps the hands in rows above and below the board.
    expect(b.top.y + b.top.height, all).toBeLessThanOrEqual(b.board.y + 1);
    expect(b.bottom.y, all).toBeGreaterThanOrEqual(b.board.y + b.board.height - 1);
  }
  // The replay's record came inline, indented in a <script type="text/kif">, with its comments.
  const replay = await board(page, 'replay');
  await expect(app(replay)).toHaveAttribute('data-sfen', STARTPOS);
  await replay.locator('[data-nav="forward"]').click();
  await expect(replay.locator('[data-comments]')).toHaveText("Sente opens the bishop's diagonal.");
  await replay.locator('[data-nav="end"]').click();
  await expect(app(replay)).toHaveAttribute('data-sfen', / b - 9$/);
  await expect(replay.locator('[data-square="4b"] [data-piece="r"]'), 'the Fourth-File Rook').toHaveCount(1);
  await expect(replay.locator('[data-comments]')).toHaveText('The Fourth-File Rook.');
});

test('hands beside the board in a wide frame, in rows in a narrow one; the frame follows a change of width', async ({ page, dist }) => {
  const csa = await readFile(new URL('../data/floodgate_style.csa', import.meta.url), 'utf8');
  const attribute = csa.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const host = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="shogi/embed.js" defer></script>
<div style="display:flex;align-items:flex-start;gap:8px">
<div class="shogi-board" id="wide" style="width:640px;flex:none" data-mode="view" data-kif="${attribute}"></div>
<div class="shogi-board" id="narrow" style="width:300px;flex:none" data-clock="600+30b"></div>
<div class="shogi-board" id="bad" style="width:300px;flex:none" data-kif="   1 ７六歩(77)&#10;   2 ７六歩(77)"></div></div>`,
  });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${host.url}post.html`);
    const [wide, narrow, bad] = await Promise.all(['wide', 'narrow', 'bad'].map((name) => board(page, name)));
    for (const name of ['wide', 'narrow']) await expect.poll(() => fitsItsFrame(page, name), { message: name }).toBe(true);
    let b = await boxes(page, 'wide');
    expect(b.top.x + b.top.width, JSON.stringify(b)).toBeLessThanOrEqual(b.board.x + 1);
    expect(b.bottom.x, JSON.stringify(b)).toBeGreaterThanOrEqual(b.board.x + b.board.width - 1);
    expect(b.board.width, JSON.stringify(b)).toBeGreaterThanOrEqual(0.75 * b.column.width);
    b = await boxes(page, 'narrow');
    expect(b.top.y + b.top.height, JSON.stringify(b)).toBeLessThanOrEqual(b.board.y + 1);
    expect(b.board.width, JSON.stringify(b)).toBeGreaterThanOrEqual(0.9 * b.column.width);

    // The CSA record given as data-kif, read to its end: the last position, the moves to step through.
    await expect(app(wide)).not.toHaveAttribute('data-sfen', STARTPOS);
    await wide.locator('[data-nav="start"]').click();
    await expect(app(wide)).toHaveAttribute('data-sfen', STARTPOS);
    // A record that cannot be read is named, with its line, and the board still works.
    await expect(bad.locator('.notices')).toHaveText(/kif[^]*2/, { useInnerText: true });
    await expect(app(bad)).toHaveAttribute('data-sfen', STARTPOS);

    // The host page makes the narrow board wide: the hands move beside it and the frame's height follows.
    const before = (await boxes(page, 'narrow')).frame.height;
    await page.locator('#narrow').evaluate((div) => { div.style.width = '600px'; });
    await expect.poll(async () => { const n = await boxes(page, 'narrow'); return n.top.x + n.top.width <= n.board.x + 1; }).toBe(true);
    await expect.poll(() => fitsItsFrame(page, 'narrow')).toBe(true);
    expect((await boxes(page, 'narrow')).frame.height).not.toBe(before);
    await expect(app(narrow)).toHaveAttribute('data-sfen', STARTPOS);
    // Its clocks go under and over the stands, whatever the window's width: the board and
    // sente's stand stay inside the frame, and each clock's time inside its box.
    b = await boxes(page, 'narrow');
    expect(b.bottom.x + b.bottom.width, JSON.stringify(b)).toBeLessThanOrEqual(b.frame.x + b.frame.width);
    for (const side of ['b', 'w']) {
      const clock = narrow.locator(`[data-clock="${side}"]`);
      expect(await clock.evaluate((c) => c.scrollWidth <= c.clientWidth), side).toBe(true);
    }
  } finally {
    await host.close(page);
  }
});

test('a page of several boards starts an engine worker only for the boards that can ask it', async ({ page, dist }) => {
  const host = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="shogi/embed.js" defer></script>
<div class="shogi-board" id="replay" style="width:300px" data-mode="view" data-moves="7g7f,3c3d"></div>
<div class="shogi-board" id="friends" style="width:300px" data-side="both"></div>
<div class="shogi-board" id="engine" style="width:300px" data-think="200"></div>`,
  });
  try {
    await page.goto(`${host.url}post.html`);
    const [replay, friends, engine] = await Promise.all(['replay', 'friends', 'engine'].map((name) => board(page, name)));
    await expect.poll(() => page.workers().length, { message: 'only the board against the engine' }).toBe(1);
    // Played on, each board still does what it did; the engine answers its own.
    await play(friends, '7g7f');
    await play(engine, '7g7f');
    await expect(app(engine)).toHaveAttribute('data-turn', 'b');
    await replay.locator('[data-nav="start"]').click();
    await expect(app(replay)).toHaveAttribute('data-sfen', STARTPOS);
    expect(page.workers()).toHaveLength(1);
  } finally {
    await host.close(page);
  }
});

test('on a touch screen a drag on the board moves a piece without scrolling the page; a swipe beside it scrolls', async ({ browser, dist }) => {
  const host = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,">
<script src="shogi/embed.js" defer></script><p style="margin:0;height:60px">A post.</p>
<div class="shogi-board" id="game" data-side="both"></div><p id="after" style="height:3000px">More text.</p>`,
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 700 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await page.goto(`${host.url}post.html`);
    const frame = await board(page, 'game');
    // The frame takes the board's height when the board says it (`shogi:size`), and the app's
    // layout follows the frame's size: aim only once it has. (On a busy machine the finger
    // once rested past the long press before it moved, which dropped the drag; a finger that
    // rests now still drags: tests.spec.mjs, the long press.)
    const iframe = page.locator('iframe[name="game"]');
    await expect.poll(() => iframe.evaluate((f) => f.style.height)).not.toBe('');
    await settled(frame);
    const cdp = await context.newCDPSession(page);
    /** A finger put down at `from`, moved to `to` in steps, and lifted (page coordinates). */
    const swipe = async (from, to) => {
      const at = (t) => [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 10) });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(await centre(square(frame, '7g')), await centre(square(frame, '7f')));
    await expect(app(frame)).toHaveAttribute('data-sfen', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2');
    expect(await page.evaluate(() => window.scrollY), 'the page did not scroll').toBe(0);
    // Upwards on the text under the board: the page scrolls.
    const below = await page.locator('#after').boundingBox();
    const start = { x: 200, y: Math.min(below.y + 100, 650) };
    await swipe(start, { x: 200, y: start.y - 300 });
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'a swipe outside the board scrolls' }).toBeGreaterThan(100);
  } finally {
    await context.close();
    await host.close();
  }
});
