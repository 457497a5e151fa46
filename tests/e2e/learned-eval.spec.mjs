// The engine's learned evaluation in the browser (issue 29): the page fetches its weights only
// after the engine's first answer, gives them to the worker, and where they cannot be used the
// engine keeps playing with its built-in evaluation and the page says so, once.
import { engineMovedAt, noteEngineMove } from './first-load.mjs';
import { app, expect, open, play, test } from './fixtures.mjs';

const WEIGHTS = /learned-eval\.bin$/;
const NOTICE = 'its learned evaluation could not be loaded';

/** Opens a game where the engine (sente) moves first, and resolves when its move is on the board. */
async function engineMovesFirst(page, base) {
  await open(page, base, { side: 'w', think: '200' });
  await expect(app(page)).toHaveAttribute('data-turn', 'w', { timeout: 30000 });
}

test('the weights are fetched after the engine has answered, and the engine plays on with them', async ({ page, base }) => {
  await noteEngineMove(page);
  const weights = page.waitForResponse(WEIGHTS);
  await engineMovesFirst(page, base);
  const fetched = await weights;
  expect(fetched.status()).toBe(200);
  const movedAt = await engineMovedAt(page);
  expect(fetched.request().timing().startTime, 'the first load does not wait for the weights').toBeGreaterThan(movedAt);
  // The worker took them (a file it could not read would be reported): the game goes on.
  await play(page, '3c3d');
  await expect(page.locator('[data-ply="3"]')).toBeAttached({ timeout: 30000 });
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

test('weights the worker cannot read leave the built-in evaluation, said once', async ({ browser, base }) => {
  // No service worker: it would fetch the file itself, past the page's route.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route(WEIGHTS, (route) => route.fulfill({ status: 200, body: 'not weights' }));
  await engineMovesFirst(page, base);
  const notice = page.getByRole('alert').filter({ hasText: NOTICE });
  await expect(notice).toContainText('bad header');
  // The engine still plays, and a new worker (each move's search may run in one) is not
  // given the refused weights again, so the notice is not repeated.
  await play(page, '3c3d');
  await expect(page.locator('[data-ply="3"]')).toBeAttached({ timeout: 30000 });
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  await context.close();
});
