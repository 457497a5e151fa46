// Helpers of the clock and sound specs (issue 32): the page's time on Playwright's fake clock,
// the clocks' shown times, and the page's Web Audio and speech calls observed.
import { open } from './fixtures.mjs';

/** A side's clock (SPEC §3 `data-clock`): 'b' or 'w'. */
export const clock = (page, side) => page.locator(`[data-clock="${side}"]`);

/** A side's time left as the clock shows it (SPEC §3 `data-ms`). */
export const ms = async (page, side) => Number(await clock(page, side).getAttribute('data-ms'));

/**
 * Opens the app with URL parameters on the fake clock (installed once per page), which runs
 * while the page starts (its first tasks are timers) and is then paused.
 */
export async function openPaused(page, base, params) {
  if (page.fakeClock) await page.clock.resume();
  else await page.clock.install({ time: new Date('2026-11-26T10:00:00Z') });
  page.fakeClock = true;
  await open(page, base, params);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
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
