// Page helpers: every selector is a SPEC §3 attribute, so the tests read the app as users' scripts would.
import assert from 'node:assert/strict';

export const STARTPOS = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

/** Opens the app with URL parameters and waits until the board is drawn. */
export async function open(page, base, params = {}) {
  const query = new URLSearchParams(params).toString();
  await page.goto(base + (query ? `?${query}` : ''));
  await page.waitForSelector('[data-square="5e"]');
}

export const square = (page, name) => page.locator(`[data-square="${name}"]`);

export async function click(page, name) {
  await square(page, name).click();
}

/** Plays a move by two clicks, e.g. '7g7f', 'P*5e' (sente's hand unless the side to move is gote). */
export async function play(page, usi) {
  if (usi[1] === '*') {
    const turn = await attr(page, 'data-turn');
    await page.locator(`[data-hand="${turn}"] [data-hand-piece="${usi[0]}"]`).click();
    await click(page, usi.slice(2, 4));
  } else {
    await click(page, usi.slice(0, 2));
    await click(page, usi.slice(2, 4));
  }
  if (usi.length === 5) await page.locator('[data-promote="yes"]').click();
}

/** An attribute of the app root. */
export async function attr(page, name) {
  return page.locator('[data-sfen]').getAttribute(name);
}

export async function sfen(page) {
  return attr(page, 'data-sfen');
}

export async function dests(page) {
  return page.locator('[data-dest]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')).sort());
}

export async function pieceAt(page, name) {
  const piece = square(page, name).locator('[data-piece]');
  return (await piece.count()) ? piece.getAttribute('data-piece') : null;
}

/** Waits until the app root's attribute satisfies `ok`. */
export async function waitAttr(page, name, ok, timeout = 15000) {
  const end = Date.now() + timeout;
  let value;
  while (Date.now() < end) {
    value = await attr(page, name);
    if (ok(value)) return value;
    await page.waitForTimeout(25);
  }
  assert.fail(`${name} stayed ${JSON.stringify(value)}`);
}

export { assert };
