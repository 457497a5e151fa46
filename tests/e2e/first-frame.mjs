// The app's first frame, written into the page (index.html shows it to a first visitor until the
// app has mounted its board): read from the built app, and compared with what is committed.
//
//   node tests/e2e/first-frame.mjs [dist-dir]          writes public/first-frame.html
//
// then rebuild. The end-to-end test (first-frame.spec.mjs) fails when the committed frame is no
// longer the app's.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from './browser.mjs';
import { serve } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const FIRST_FRAME_FILE = join(here, '../../public/first-frame.html');

/** The window sizes and colour schemes the frame is checked at: the same DOM at each. */
export const FRAME_VIEWS = [
  { viewport: { width: 1200, height: 850 }, colorScheme: 'light' },
  { viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { viewport: { width: 1920, height: 1080 }, colorScheme: 'dark' },
];

/**
 * An init script: at the first animation frame after the app's `app-mounted` mark (the frame
 * that first draws the live board, before the panel's contents come in the next tasks), keeps
 * the app's markup as the page's copy needs it: an inert picture, so without what only serves
 * input, assistive technology or scripts (`data-*`, `aria-*` but the pressed buttons' state,
 * which their style shows, `role`, `tabindex`, the comments).
 */
export function watchFirstFrame() {
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    const entry = mark(name, ...rest);
    if (name === 'app-mounted') {
      requestAnimationFrame(() => {
        const copy = document.querySelector('.app:not([data-first-frame])').cloneNode(true);
        const walker = document.createTreeWalker(copy, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT);
        const comments = [];
        for (let node = copy; node; node = walker.nextNode()) {
          if (node.nodeType === Node.COMMENT_NODE) {
            comments.push(node);
            continue;
          }
          for (const { name: attribute } of [...node.attributes]) {
            if (/^(data-|aria-(?!pressed$)|role$|tabindex$)/.test(attribute)) node.removeAttribute(attribute);
          }
        }
        for (const comment of comments) comment.remove();
        window.__firstFrame = copy.outerHTML;
      });
    }
    return entry;
  };
}

/** The app's first frame at `url` seen with `view` (one of FRAME_VIEWS), by a first visitor. */
export async function liveFirstFrame(browser, url, view) {
  const context = await browser.newContext({ ...view, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstFrame);
    await page.goto(url);
    return await page.waitForFunction(() => window.__firstFrame).then((frame) => frame.jsonValue());
  } finally {
    await context.close();
  }
}

/** The frame as index.html takes it in. */
const frameFile = (frame) => `<template id="first-frame">${frame}</template>\n`;

/** The committed frame's markup (a release build minifies the page's copy of it). */
export async function committedFirstFrame() {
  const text = await readFile(FIRST_FRAME_FILE, 'utf8');
  return text.slice(text.indexOf('>') + 1, text.lastIndexOf('</template>'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve(process.argv[2] || join(here, '../../dist'));
  const browser = await launch();
  try {
    const frames = [];
    for (const view of FRAME_VIEWS) frames.push(await liveFirstFrame(browser, server.url, view));
    if (new Set(frames).size > 1) throw new Error('the first frame differs between window sizes or colour schemes');
    await writeFile(FIRST_FRAME_FILE, frameFile(frames[0]));
    console.log(`${FIRST_FRAME_FILE}: ${frames[0].length} bytes`);
  } finally {
    await browser.close();
    await server.close();
  }
}
