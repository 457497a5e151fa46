// Issue 18, part 7: a robustness sweep. Thousands of random clicks, drags and key presses, on
// the full app and on an embedded board: no console error (the fixture's check), the page
// still answers, and after every batch the drawn board and hands agree with data-sfen.
// Random but repeatable: the seed is in the test's name, and a failure names the action.
import { app, board, expect, open, site, test } from './fixtures.mjs';

const ACTIONS = 5000;
const CHECK_EVERY = 250;
const KEYS = ['Escape', 'Enter', ' ', 'Tab', 'Shift+Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight',
  'Home', 'End', 'a', 't', 'x', '7', 'Backspace'];

/** A small seeded generator (mulberry32): the same seed gives the same sweep. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether the board's squares and hands show exactly the position of the root's data-sfen. */
function drawnMatchesSfen(root) {
  return root.evaluate((app) => {
    const [board, , hands] = app.getAttribute('data-sfen').split(' ');
    const expected = {};
    board.split('/').forEach((row, r) => {
      let file = 9;
      for (const token of row.match(/\+?[a-zA-Z]|\d/g)) {
        if (/\d/.test(token)) { file -= Number(token); continue; }
        expected[`${file}${'abcdefghi'[r]}`] = token;
        file -= 1;
      }
    });
    const drawn = {};
    for (const square of app.querySelectorAll('[data-square]')) {
      const piece = square.querySelector('[data-piece]');
      if (piece) drawn[square.getAttribute('data-square')] = piece.getAttribute('data-piece');
    }
    const inHand = {};
    if (hands !== '-') {
      for (const [, count, letter] of hands.matchAll(/(\d*)([a-zA-Z])/g)) inHand[letter] = Number(count || 1);
    }
    const drawnHands = {};
    for (const piece of app.querySelectorAll('[data-hand-piece]')) {
      const side = piece.closest('[data-hand]').getAttribute('data-hand');
      const letter = piece.getAttribute('data-hand-piece');
      drawnHands[side === 'b' ? letter.toUpperCase() : letter.toLowerCase()] = Number(piece.getAttribute('data-count'));
    }
    const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
    return same(expected, drawn) && same(inHand, drawnHands) ? 'ok' : JSON.stringify({ expected, drawn, inHand, drawnHands });
  });
}

/**
 * `ACTIONS` random actions on `target` (a page, or an embedded board's frame): clicks on the
 * board and anywhere on the page, drags from a piece, key presses. `mouse` and `keyboard` are
 * the page's; `area` is the box the actions fall in (page coordinates).
 */
async function sweep(page, target, area, seed) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const point = (box) => ({ x: box.x + next() * box.width, y: box.y + next() * box.height });
  const offset = target === page ? { x: 0, y: 0 } : await page.locator(`iframe[name="${target.name()}"]`).boundingBox();
  const inPage = (box) => ({ x: box.x + offset.x, y: box.y + offset.y, width: box.width, height: box.height });
  for (let i = 1; i <= ACTIONS; i++) {
    const kind = next();
    // Where the board and its pieces are now, in one call (pieces move, dialogs come and go).
    const { boardBox, pieceBoxes, destBoxes } = await target.evaluate(() => {
      const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
      const svg = document.querySelector('svg.board');
      const all = (selector) => [...document.querySelectorAll(selector)].map(box);
      return { boardBox: svg && box(svg), pieceBoxes: all('[data-piece], [data-hand-piece]'), destBoxes: all('[data-dest]') };
    });
    let action;
    if (kind < 0.3 && destBoxes.length) {
      // A picked-up piece goes to one of its destinations: games go on, with captures, drops and promotions.
      action = ['click a destination', point(inPage(pick(destBoxes)))];
      await page.mouse.click(action[1].x, action[1].y);
    } else if (kind < 0.45 && pieceBoxes.length) {
      action = ['click a piece', point(inPage(pick(pieceBoxes)))];
      await page.mouse.click(action[1].x, action[1].y);
    } else if (kind < 0.6 && boardBox) {
      action = ['click the board', point(inPage(boardBox))];
      await page.mouse.click(action[1].x, action[1].y);
    } else if (kind < 0.72) {
      action = ['click', point(area)];
      await page.mouse.click(action[1].x, action[1].y);
    } else if (kind < 0.85 && boardBox) {
      const start = point(inPage(pieceBoxes.length ? pick(pieceBoxes) : boardBox));
      const end = point(inPage(boardBox));
      action = ['drag', start, end];
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2);
      await page.mouse.move(end.x, end.y);
      await page.mouse.up();
    } else {
      action = ['key', pick(KEYS)];
      await page.keyboard.press(action[1]);
    }
    if (i % CHECK_EVERY === 0) {
      const root = app(target);
      await expect(root, `after action ${i} (${JSON.stringify(action)})`).toHaveCount(1);
      expect(await drawnMatchesSfen(root), `the board agrees with data-sfen after action ${i}`).toBe('ok');
    }
  }
}

test('5,000 random clicks, drags and keys on the full app (seed 18)', async ({ page, base }) => {
  // About 30 ms an action on an idle machine, 70 on a loaded one.
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The engine answers fast, so the sweep also meets its moves, game ends and new games.
  await open(page, base, { think: '50' });
  // Downloads (a record's export) are cancelled, and a file chooser is left unanswered.
  page.on('filechooser', () => {});
  await sweep(page, page, { x: 0, y: 0, width: 1280, height: 800 }, 18);
});

test('5,000 random clicks, drags and keys on an embedded board (seed 7)', async ({ page, dist }) => {
  test.setTimeout(600_000);
  const host = await site(dist, 'shogi', {
    'post.html': `<!DOCTYPE html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="shogi/embed.js" defer></script>
<p>Before the board.</p><div class="shogi-board" id="game" style="width:420px" data-side="b" data-think="50" data-input="1"></div><p>After.</p>`,
  });
  try {
    await page.setViewportSize({ width: 900, height: 900 });
    await page.goto(`${host.url}post.html`);
    const frame = await board(page, 'game');
    await sweep(page, frame, { x: 0, y: 0, width: 500, height: 900 }, 7);
  } finally {
    await host.close();
  }
});
