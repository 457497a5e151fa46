// Helpers of the clock and sound specs (issue 32): the page's time on Playwright's fake clock,
// the clocks' shown times, and the page's Web Audio and speech calls observed.
import { appUrl, frameNamed, square } from './fixtures.mjs';

/** A frame of the fake clock (its requestAnimationFrame). */
const FRAME_MS = 16;

/** A side's clock (SPEC §3 `data-clock`): 'b' or 'w'. */
export const clock = (page, side) => page.locator(`[data-clock="${side}"]`);

/** A side's time left as the clock shows it (SPEC §3 `data-ms`). */
export const ms = async (page, side) => Number(await clock(page, side).getAttribute('data-ms'));

/** The fake clock's date at its installation. */
const INSTALLED_AT = new Date('2026-11-26T10:00:00Z');

/**
 * Opens the app with URL parameters on the fake clock (installed once per page), paused
 * before the page loads: its start-up (fetching and compiling, real time) costs its clocks no
 * time however slow the machine. Where the start-up waits for a frame and a timer (the panel
 * and the header are built after the board's first frame), the test moves the page's time on
 * by two frames at a time until they are there: a few tens of ms on any machine. Then a
 * second passes, as it would before anyone moves.
 */
export async function openPaused(page, base, params) {
  await pause(page);
  await page.goto(appUrl(base, params));
  await startPaused(page, page);
}

/**
 * The same for a page embedding the app: loads `url` on the paused fake clock and resolves to
 * its frame named `name` once the app there has started, a second later.
 */
export async function openFramePaused(page, url, name) {
  await pause(page);
  await page.goto(url);
  const frame = await frameNamed(page, name);
  await startPaused(page, frame);
  return frame;
}

/** Pauses `page`'s fake clock (installing it, once per page) a second after its time. */
async function pause(page) {
  if (page.fakeClock) {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  } else {
    await page.clock.install({ time: INSTALLED_AT });
    await page.clock.pauseAt(INSTALLED_AT.getTime() + 1000);
    page.fakeClock = true;
  }
}

/** Moves `page`'s paused time on two frames at a time until the app in `target` (the page or
 * one of its frames) has started, then jumps a second. */
async function startPaused(page, target) {
  await square(target, '5e').waitFor();
  const live = target.locator('[data-live]');
  while (!(await live.count())) {
    await page.clock.runFor(2 * FRAME_MS);
    await live.waitFor({ state: 'attached', timeout: 1000 }).catch(() => {});
  }
  // A second more, jumped: every timer due meanwhile fires at its end, so the clocks show
  // their exact times.
  await page.clock.fastForward(1000);
}

/** Records every tone the page starts (its frequency) and every text it speaks. */
export async function listen(page) {
  await page.addInitScript(() => {
    window.heard = { contexts: 0, tones: [], spoken: [] };
    const Context = window.AudioContext;
    window.AudioContext = class extends Context {
      constructor(...args) {
        super(...args);
        window.heard.contexts += 1;
      }
    };
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      window.heard.tones.push(this.frequency.value);
      return start.apply(this, args);
    };
    SpeechSynthesis.prototype.speak = function (utterance) {
      window.heard.spoken.push(`${utterance.lang} ${utterance.text}`);
    };
  });
}

/** What the page has played and said so far (see `listen`). */
export const heard = (target) => target.evaluate(() => window.heard);
