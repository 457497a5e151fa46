// What the page downloads before the board is drawn and the engine can answer (issue 28):
// every file the page and its workers fetch from navigation until the engine's first move,
// with no service worker (its background precaching is not what a first game waits for).
// Each file counts at its gzip -9 size, as served, and at its brotli size for comparison.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The most the first load may weigh, gzip, in bytes: today's size with a little room, so that
 * it cannot grow unnoticed. Issue 28's target is 350 KB; the views a first game does not need
 * are already loaded on first use (src/ui/on_demand.rs): 441.2 KB on 26 November 2026, then
 * 512.1 KB once the clocks, sounds, slides, the lessons' part and issue 30's details came in,
 * 450.5 KB once the game-over, new-game and confirmation panels, the clocks, the notices, a
 * URL's record reader, a lesson's panel and the course's reader moved out too; 452.4 KB with
 * the names of strategies and castles and the clock's sounds merged; 436.4 KB on 27 November
 * 2026 once the Japanese texts became a file of their own, the wasm files' imports got short
 * names and the page's attack tables were built on first use; 438.5 KB, then 408.1 KB once
 * the app's wasm was built by a pinned nightly whose panics abort at once; 399.6 KB once the
 * engine's worker was built so too and the glue scripts minified (.ci/page-build.sh); 398.8 KB
 * with offline.js and worker_loader.js minified too; 397.2 KB on 28 November 2026 once the lazy
 * views' slots and the late mounts had one body each (src/ui/on_demand.rs); 389.1 KB on 28
 * November 2026 once the app wrote its floats itself (ui/text/markup.rs `Decimal`), budget 392;
 * 376.4 KB on 29 November 2026 once the move box's reading of typed moves loaded on first use
 * (ui/panels/entry.rs), budget 380; 372.4 KB once the worker's solver for mating problems loaded
 * on the first problem (worker/run.rs), budget 376; 371.3 KB once the move list's rows of
 * variations loaded with the first game that has one (ui/panels/variations.rs), budget 374;
 * 364.8 KB once the problems' and lessons' workings loaded with the first problem or lesson
 * (ui/problems.rs, ui/lessons.rs), budget 368; 356.5 KB once the engine's worker allocated
 * with talc (src/lib.rs) and the sounds' and the review's loops, the review's progress and bar
 * and the impasse count loaded on first use, budget 360; 349.4 KB once the evaluation bar, the
 * promotion question, the wording of a refused move and an embedded board's messages to its
 * host page loaded on first use too, budget 350: issue 28's target; 349.0 KB once the threat's
 * words loaded with the first threat found; 348.5 KB once a problem's and a lesson's opening
 * and moves became one entry each; 347.6 KB with the engine's mate at once and its move ordering's
 * sort in place (src/engine/ordering.rs).
 */
export const FIRST_LOAD_BUDGET = 350 * 1024;

/**
 * Has each page of `target` (a page or a context) note the moment, in ms since the epoch, the
 * engine's first move as sente lands on its board (`window.engineMovedAt`): the page's own
 * time, comparable with a request's `timing().startTime`, and not late by however long a
 * loaded machine takes to report it to the test.
 */
export function noteEngineMove(target) {
  return target.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-sfen]')?.getAttribute('data-turn') !== 'w') return;
      window.engineMovedAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-turn'] });
  });
}

/** Resolves to `page`'s `window.engineMovedAt` once the engine's first move is on its board. */
export async function engineMovedAt(page) {
  return (await page.waitForFunction(() => window.engineMovedAt, null, { timeout: 60000 })).jsonValue();
}

/**
 * Loads `url` in a new context of `browser` with the person playing gote (`side=w`), so the
 * engine moves first, and resolves to { files: [{ name, gzip, brotli }], gzip, brotli } for
 * the files of `dist` whose requests began before the engine's move was on the board.
 */
export async function measureFirstLoad(browser, url, dist) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await noteEngineMove(context);
  const requests = [];
  context.on('request', (request) => requests.push(request));
  const page = await context.newPage();
  await page.goto(`${url}?side=w&think=200`);
  const movedAt = await engineMovedAt(page);
  // Playwright gives a request's start time only once its response is in (0 until then): a
  // request still under way, such as the learned weights' a second after the move, is waited
  // for. One that got no response downloaded nothing.
  const startTimes = await Promise.all(requests.map(async (r) => ((await r.response()) ? r.timing().startTime : Infinity)));
  await context.close();
  const names = new Set(requests.filter((_, i) => startTimes[i] <= movedAt)
    .map((r) => new URL(r.url()).pathname.replace(/^\//, '') || 'index.html'));
  const files = [];
  for (const name of [...names].sort()) {
    let body;
    try {
      body = await readFile(join(dist, name));
    } catch {
      continue;
    }
    files.push({
      name,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return { files, gzip: sum('gzip'), brotli: sum('brotli') };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
