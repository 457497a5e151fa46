// The tests' fixtures and page helpers. Every selector is a SPEC §3 attribute, so the tests
// read the app as users' scripts would.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { expect, test as base } from '@playwright/test';

import { serve } from './serve.mjs';

export { expect };

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export const STARTPOS = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

export const test = base.extend({
  /** The built app's folder, set in playwright.config.mjs. */
  dist: ['', { option: true, scope: 'worker' }],
  /** The URL of `dist` served on localhost, one server per worker. */
  base: [async ({ dist }, use) => {
    const server = await serve(dist);
    await use(server.url);
    await server.close();
  }, { scope: 'worker' }],
  // Every test also checks the page and its workers logged no error or warning: "no console
  // errors" holds throughout.
  page: async ({ page }, use) => {
    const errors = [];
    const listen = (target) => target.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`);
    });
    listen(page);
    page.on('worker', listen);
    page.on('pageerror', (err) => errors.push(String(err)));
    await use(page);
    expect(errors, 'console errors and warnings').toEqual([]);
  },
});

/**
 * Waits until the app in `target` (a page or frame) has started: the board is drawn, and the
 * rest of the page (header, panel, dialogs, live region), which the app builds in the task
 * after the first frame (app.rs, Root), is in place, and the engine asked if it has the move.
 */
export async function started(target) {
  await square(target, '5e').waitFor();
  await target.locator('[data-live]').waitFor({ state: 'attached' });
}

/** The app's address at `base` with URL parameters. */
export function appUrl(base, params = {}) {
  const query = new URLSearchParams(params).toString();
  return base + (query ? `?${query}` : '');
}

/** Opens the app with URL parameters and waits until it has started. */
export async function open(page, base, params = {}) {
  await page.goto(appUrl(base, params));
  await started(page);
}

/** The app root, which carries the game's state as attributes (data-sfen, data-turn, ...). */
export const app = (page) => page.locator('[data-sfen]');

export const square = (page, name) => page.locator(`[data-square="${name}"]`);

/** The middle of what `locator` shows, in its page's coordinates (a frame's boxes are too). */
export async function centre(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The piece on a square (none if the square is empty). */
export const piece = (page, name) => square(page, name).locator('[data-piece]');

export async function click(page, name) {
  await square(page, name).click();
}

/** Plays a move by two clicks, e.g. '7g7f', 'P*5e' (sente's hand unless the side to move is gote). */
export async function play(page, usi) {
  if (usi[1] === '*') {
    const turn = await app(page).getAttribute('data-turn');
    await page.locator(`[data-hand="${turn}"] [data-hand-piece="${usi[0]}"]`).click();
    await click(page, usi.slice(2, 4));
  } else {
    await click(page, usi.slice(0, 2));
    await click(page, usi.slice(2, 4));
  }
  if (usi.length === 5) await page.locator('[data-promote="yes"]').click();
}

/**
 * Resolves once `target` (a page or frame) has run every task it had queued when called: the
 * app saves a change and asks the engine in a timer task after it (state.rs, after_change), so
 * a check that something did *not* happen waits for this rather than for a fixed time.
 * Two timer tasks in a row, not an animation frame, so a tab that is not in front answers too.
 */
export function settled(target) {
  return target.evaluate(() => new Promise((done) => setTimeout(() => setTimeout(done, 0), 0)));
}

/** The squares marked as destinations, sorted: read with `expect.poll`. */
export async function dests(page) {
  return page.locator('[data-dest]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')).sort());
}

/**
 * A static site of its own (so a test may change files or stop it): `dist` copied to
 * `folder` inside it, plus `pages` ({path: html}). Resolves to { url, app, root, close }.
 */
export async function site(dist, folder, pages = {}) {
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
    /** Closes the site; a `page` showing it is taken off it first, so that nothing the app
     * still fetches late (on a busy machine) meets a closed server and logs an error. */
    close: async (page) => {
      if (page) await page.goto('about:blank').catch(() => {});
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The frame named `name` in `page`, as it is now (not started yet, perhaps). */
export async function frameNamed(page, name) {
  return (await page.locator(`iframe[name="${name}"]`).elementHandle()).contentFrame();
}

/** The embedded board in the frame named `name`, once started. */
export async function board(page, name) {
  const frame = await frameNamed(page, name);
  await started(frame);
  return frame;
}

/** Runs axe-core on the page; fails on any serious or critical violation. */
export async function audit(page, what) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, what).toEqual([]);
}

/** What has the focus: a square name (`7g`), a hand piece (`hand:b:P`), or a tag name. */
export async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return null;
    if (el.dataset.square) return el.dataset.square;
    if (el.dataset.handPiece) return `hand:${el.closest('[data-hand]').dataset.hand}:${el.dataset.handPiece}`;
    return el.tagName.toLowerCase();
  });
}

/** Whether the focus is in a dialog. */
export const inDialog = (page) => page.evaluate(() => document.activeElement.closest('[role="dialog"]') !== null);

/** Tabs from the top of the page until the board has the focus; returns how many presses it took. */
export async function tabToBoard(page) {
  for (let presses = 1; presses <= 40; presses++) {
    await page.keyboard.press('Tab');
    if (/^[1-9][a-i]$/.test(await focused(page))) return presses;
  }
  throw new Error('the board is not reachable by Tab');
}

/** Walks the keyboard focus over the (unflipped) board to `target` with the arrow keys. */
export async function arrowTo(page, target) {
  for (let i = 0; i < 20; i++) {
    const here = await focused(page);
    if (here === target) return;
    expect(here, 'the focus is on the board').toMatch(/^[1-9][a-i]$/);
    const key = target[0] > here[0] ? 'ArrowLeft' : target[0] < here[0] ? 'ArrowRight'
      : target[1] < here[1] ? 'ArrowUp' : 'ArrowDown';
    await page.keyboard.press(key);
  }
  throw new Error(`could not reach ${target}`);
}

/** Plays a USI move with keys alone: arrows and Enter, into the hand for drops, Enter on "Promote". */
export async function keyMove(page, usi) {
  if (usi[1] === '*') {
    // The side to move's hand is the one at the bottom: past the right edge of the board.
    const turn = await app(page).getAttribute('data-turn');
    const here = await focused(page);
    await arrowTo(page, `1${here[1]}`);
    await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 8 && (await focused(page)) !== `hand:${turn}:${usi[0]}`; i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await focused(page)).toBe(`hand:${turn}:${usi[0]}`);
    await page.keyboard.press('Enter');
    // Back to the board past the first piece of the hand.
    for (let i = 0; i < 8 && !/^[1-9][a-i]$/.test(await focused(page)); i++) await page.keyboard.press('ArrowUp');
  } else {
    await arrowTo(page, usi.slice(0, 2));
    await page.keyboard.press('Enter');
  }
  await arrowTo(page, usi.slice(2, 4));
  await page.keyboard.press('Enter');
  if (usi.length === 5) {
    await expect(page.locator('[data-promote="yes"]'), '"Promote" has the focus').toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-promote]')).toHaveCount(0);
  }
}
