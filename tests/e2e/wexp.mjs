import { spawn } from 'node:child_process';
import { launch } from './browser.mjs';
import { serve } from './serve.mjs';
const { url, close } = await serve('/work/main/dist');
const browser = await launch();
const page = await (await browser.newContext()).newPage();
await page.goto(`${url}manifest.webmanifest`);
const sfen = 'lnsgkgsnl/1r7/pp2pp1pp/2pp2p2/5+b3/2PP5/PP2PPPPP/2S2S1RL/LN1GKG1N1 b B 13';
const res = await page.evaluate(async ({ sfen }) => {
  const worker = new Worker('./worker_loader.js', { type: 'module' });
  await new Promise((ok) => { worker.onmessage = (e) => e.data === 'ready' && ok(); });
  worker.postMessage(await (await fetch('./learned-eval.bin')).arrayBuffer());
  const search = (id, ms) => new Promise((ok) => {
    const infos = [];
    const t0 = performance.now();
    worker.onmessage = (e) => {
      const f = String(e.data).split('\t');
      if (f[0] === 'info') infos.push([Number(f[2]), Number(f[3]), Number(f[4]), Math.round(performance.now() - t0)]);
      if (f[0] === 'done') ok(infos);
    };
    worker.postMessage(`search\t${id}\t${sfen}\t\t${ms}\t${Date.now()}\t0\t27`);
  });
  const out = [];
  for (let i = 1; i <= 4; i++) out.push(await search(i, 5000));
  return out;
}, { sfen });
for (const r of res) { const l = r[r.length - 1]; console.log(`depth ${l[0]} nodes ${l[1]} ms ${l[2]} wall ${l[3]} knps ${(l[1] / l[2]).toFixed(0)}`); }
await browser.close();
process.exit(0);
