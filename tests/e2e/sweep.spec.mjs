// Issue 18, part 7: a robustness sweep. Thousands of random clicks, drags and key presses, on
// the full app and on an embedded board: no console error (the fixture's check), the page
// still answers, and after every batch the drawn board and hands agree with data-sfen.
// Random but repeatable: the seed is in the test's name, and a failure names the action.
//
// Paced by the page, not by the clock: each action waits for the page to have handled its
// input (the browser acknowledges an input event once the page's handlers have run), and no
// action waits for a fixed time. So the sweep takes longer on a loaded machine but does the
// same thing: only a page that stops answering for ANSWER_MS fails it.
import { app, board, expect, open, settled, site, test } from './fixtures.mjs';

// The README's test command sweeps 2,000 actions on each (3.3-3.7 minutes each on two cores
// beside the rest of the suite at a load average of 7-15); the long form runs outside it, before a release:
// SWEEP_ACTIONS=5000 npx playwright test sweep.spec.mjs (or 20000 for a longer one).
const ACTIONS = Number(process.env.SWEEP_ACTIONS || 2000);
const CHECK_EVERY = 250;
/** How long one action may take before the page counts as hung: far more than any action needs, even on a loaded machine. */
const ANSWER_MS = 60_000;
const KEYS = ['Escape', 'Enter', ' ', 'Tab', 'Shift+Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight',
  'Home', 'End', 'a', 't', 'x', '7', 'Backspace'];

/** `promise`, or a failure naming `what` if the page has not answered within ANSWER_MS. */
async function answered(what, promise) {
  let timer;
  const hung = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page did not answer within ${ANSWER_MS / 1000} s: ${what}`)), ANSWER_MS);
  });
  try {
    return await Promise.race([promise, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The mouse, as real input (the browser's Input.dispatchMouseEvent, as page.mouse uses), with
 * each action's events sent together: the page gets them in order and the promise settles once
 * it has handled the last. page.mouse waits for each event in turn, and a move is handled at
 * the page's next frame, so a click cost a frame and a drag three.
 */
function mouse(cdp) {
  const send = (type, { x, y }, held) => cdp.send('Input.dispatchMouseEvent', {
    type, x, y, button: type === 'mouseMoved' && !held ? 'none' : 'left', buttons: held ? 1 : 0,
    clickCount: type === 'mouseMoved' ? 0 : 1, pointerType: 'mouse',
  });
  return {
    click: (at) => Promise.all([send('mouseMoved', at, false), send('mousePressed', at, true), send('mouseReleased', at, false)]),
    drag: (start, end) => Promise.all([
      send('mouseMoved', start, false), send('mousePressed', start, true),
      send('mouseMoved', { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 }, true),
      send('mouseMoved', end, true), send('mouseReleased', end, false),
    ]),
  };
}

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
 * board and anywhere on the page, drags from a piece, key presses. The input goes to the
 * page; `area` is the box the actions fall in (page coordinates).
 */
async function sweep(page, target, area, seed) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const point = (box) => ({ x: box.x + next() * box.width, y: box.y + next() * box.height });
  const offset = target === page ? { x: 0, y: 0 } : await page.locator(`iframe[name="${target.name()}"]`).boundingBox();
  const inPage = (box) => ({ x: box.x + offset.x, y: box.y + offset.y, width: box.width, height: box.height });
  const { click, drag } = mouse(await page.context().newCDPSession(page));
  let action = ['start'];
  const began = Date.now();
  for (let i = 1; i <= ACTIONS; i++) {
    const kind = next();
    // Where the board and its pieces are now, in one call (pieces move, dialogs come and go).
    const { boardBox, pieceBoxes, destBoxes } = await answered(`reading the board after action ${i - 1} (${JSON.stringify(action)})`, target.evaluate(() => {
      const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
      const svg = document.querySelector('svg.board');
      const all = (selector) => [...document.querySelectorAll(selector)].map(box);
      return { boardBox: svg && box(svg), pieceBoxes: all('[data-piece], [data-hand-piece]'), destBoxes: all('[data-dest]') };
    }));
    let input;
    if (kind < 0.3 && destBoxes.length) {
      // A picked-up piece goes to one of its destinations: games go on, with captures, drops and promotions.
      action = ['click a destination', point(inPage(pick(destBoxes)))];
      input = click(action[1]);
    } else if (kind < 0.45 && pieceBoxes.length) {
      action = ['click a piece', point(inPage(pick(pieceBoxes)))];
      input = click(action[1]);
    } else if (kind < 0.6 && boardBox) {
      action = ['click the board', point(inPage(boardBox))];
      input = click(action[1]);
    } else if (kind < 0.72) {
      action = ['click', point(area)];
      input = click(action[1]);
    } else if (kind < 0.85 && boardBox) {
      const start = point(inPage(pieceBoxes.length ? pick(pieceBoxes) : boardBox));
      const end = point(inPage(boardBox));
      action = ['drag', start, end];
      input = drag(start, end);
    } else {
      action = ['key', pick(KEYS)];
      input = page.keyboard.press(action[1]);
    }
    await answered(`action ${i} (${JSON.stringify(action)})`, input);
    if (i % CHECK_EVERY === 0) {
      // Once the tasks the action queued have run (a save, the engine asked to move).
      await answered(`after action ${i} (${JSON.stringify(action)})`, settled(target));
      const root = app(target);
      await expect(root, `after action ${i} (${JSON.stringify(action)})`).toHaveCount(1);
      expect(await drawnMatchesSfen(root), `the board agrees with data-sfen after action ${i}`).toBe('ok');
      // SWEEP_LOG=1: the sweep's progress, to see where its time goes.
      if (process.env.SWEEP_LOG) console.log(`seed ${seed}: ${i} actions in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    }
  }
}

// A backstop only: a page that hangs fails within ANSWER_MS. Measured on the shared 2-core
// machine with the rest of the suite beside it: 45-80 ms an action under a load average of
// 12-15, 65-75 ms with one core also kept busy, and up to 200 ms with one core busy while the
// other developers' builds ran too (both sweeps 16.8 minutes); the budget allows 400.
const SWEEP_TIMEOUT_MS = ACTIONS * 400;

test(`${ACTIONS} random clicks, drags and keys on the full app (seed 18)`, async ({ page, base }) => {
  test.setTimeout(SWEEP_TIMEOUT_MS);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The engine answers fast, so the sweep also meets its moves, game ends and new games.
  await open(page, base, { think: '50' });
  // Downloads (a record's export) are cancelled, and a file chooser is left unanswered.
  page.on('filechooser', () => {});
  await sweep(page, page, { x: 0, y: 0, width: 1280, height: 800 }, 18);
});

test(`${ACTIONS} random clicks, drags and keys on an embedded board (seed 7)`, async ({ page, dist }) => {
  test.setTimeout(SWEEP_TIMEOUT_MS);
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
    await host.close(page);
  }
});
