// The engine's search benchmark built for wasm32, in Node and in headless Chromium's Web
// Worker, beside the native one, with the built-in evaluation and with the learned one:
//
//   node tests/bench/engine-wasm-bench.mjs [--rounds N] [--no-browser]
//
// Builds `src/bin/usi.rs` natively and, by .ci/build-worker.sh, for wasm32-unknown-unknown as
// the app's engine worker is built (toolchain, features, wasm-bindgen, wasm-opt), so the code
// timed is the code the app ships. Node
// and Chromium each search every bench position once to warm up V8's optimizing tier; then
// N rounds (default 5) alternate native `usi bench` (`usi bench learned`), Node and Chromium, so that a shared
// machine's load weighs on all three alike. Each run's speed is counted by the clock and by
// the CPU time of the processes that ran it (from /proc: on a busy machine the clock also
// counts other programs' turns). Prints each run with the load average, then the medians
// of the speeds and of each wasm's share of native. Every run of an evaluation must search
// the same nodes (the bench's signature): a different count exits with status 1.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { launch } from "../e2e/browser.mjs";
import { serve } from "../e2e/serve.mjs";
import { instantiateWithoutGlue } from "./instantiate.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt < 0 ? 5 : Number(args[roundsAt + 1]);
if (!(Number.isInteger(rounds) && rounds > 0)) {
  console.error("error: --rounds needs a positive number");
  process.exit(2);
}
const inBrowser = !args.includes("--no-browser");

const run = (program, programArgs) =>
  execFileSync(program, programArgs, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

/** Builds the usi binary's wasm and ships it as the app's worker ships; returns the folder. */
function shipWasm() {
  const dir = mkdtempSync(join(tmpdir(), "engine-wasm-bench-"));
  execFileSync("sh", [".ci/build-worker.sh", "usi"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      TRUNK_STAGING_DIR: dir,
      TRUNK_PROFILE: "release",
      PATH: `${join(root, "tests", "e2e", "node_modules", ".bin")}:${process.env.PATH}`,
    },
  });
  return dir;
}

const load = () => loadavg()[0].toFixed(2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ticksPerSecond = Number(run("getconf", ["CLK_TCK"]));

/** Fields of /proc/`pid`/stat after the command's name: [0] is the state, [1] the parent. */
const procStat = (pid) => readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ");
/** CPU seconds of `pid`'s threads (and, with `children`, of its children it has waited for). */
function cpuSeconds(pid, children = false) {
  const f = procStat(pid).map(Number);
  return (children ? f[13] + f[14] : f[11] + f[12]) / ticksPerSecond;
}
/** CPU seconds of the processes below `pid` (not of `pid` itself). */
function descendantsCpuSeconds(pid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      parents.set(Number(entry), Number(procStat(entry)[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const below = (p) => parents.has(p) && (parents.get(p) === pid || below(parents.get(p)));
  return [...parents.keys()].filter(below).reduce((sum, p) => sum + cpuSeconds(p), 0);
}

/** Runs `bench` (which returns its nodes and clock ms) and adds the CPU seconds `cpu` counts. */
async function timed(bench, cpu) {
  const before = cpu();
  const { nodes, ms } = await bench();
  return { nodes, clockNps: (Number(nodes) * 1000) / ms, cpuNps: Number(nodes) / (cpu() - before) };
}

const dir = shipWasm();
run("cargo", ["build", "--quiet", "--release", "--bin", "usi"]);

function nativeBench(learned) {
  const args = learned ? ["bench", "learned"] : ["bench"];
  const out = execFileSync(join(root, "target", "release", "usi"), args, { encoding: "utf8" });
  return { nodes: BigInt(out.match(/Total nodes: (\d+)/)[1]), ms: Number(out.match(/Time: (\d+) ms/)[1]) };
}

/** Searches every bench position in `wasm` (its exports), with the learned evaluation if
 * `learned`; returns total nodes and ms. */
function searchAll(wasm, learned) {
  let nodes = 0n;
  const start = performance.now();
  for (let i = 0; i < wasm.bench_count(); i++) nodes += wasm.bench_search(i, learned ? 1 : 0);
  return { nodes, ms: performance.now() - start };
}

const nodeWasm = (await instantiateWithoutGlue(readFileSync(join(dir, "usi_bg.wasm")))).exports;
searchAll(nodeWasm, false);
searchAll(nodeWasm, true);

// The module worker loads the glue and the wasm as the app's worker_loader.js does, and answers
// each message with one timed `searchAll`.
const workerScript = `import init from "./usi.js";
init({ module_or_path: "./usi_bg.wasm" }).then((wasm) => {
  ${searchAll.toString()}
  onmessage = (ev) => postMessage(searchAll(wasm, ev.data));
  postMessage("ready");
});`;
let browser, server, page;
if (inBrowser) {
  writeFileSync(join(dir, "bench-worker.js"), workerScript);
  writeFileSync(join(dir, "index.html"), "<!DOCTYPE html><title>engine bench</title>");
  server = await serve(dir);
  browser = await launch();
  page = await browser.newPage();
  await page.goto(server.url);
  await page.evaluate(async () => {
    const worker = new Worker("./bench-worker.js", { type: "module" });
    const replies = [];
    let waiting = null;
    worker.onmessage = (ev) => (waiting ? (waiting(ev.data), (waiting = null)) : replies.push(ev.data));
    const next = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise((ok) => (waiting = ok)));
    window.benchRound = (learned) => (worker.postMessage(learned), next());
    await next();
  });
  await page.evaluate(() => window.benchRound(false));
  await page.evaluate(() => window.benchRound(true));
}

const benches = [
  ["native", (learned) => timed(() => nativeBench(learned), () => cpuSeconds("self", true))],
  ["node", (learned) => timed(() => searchAll(nodeWasm, learned), () => cpuSeconds("self"))],
];
if (inBrowser) {
  // Chromium's processes are this one's only children while it runs.
  const chromiumCpu = () => descendantsCpuSeconds(process.pid);
  benches.push(["chromium", (learned) => timed(() => page.evaluate((l) => window.benchRound(l), learned), chromiumCpu)]);
}
const evaluations = [
  { name: "built-in evaluation", learned: false },
  { name: "learned evaluation", learned: true },
];
for (const evaluation of evaluations) evaluation.runs = Object.fromEntries(benches.map(([name]) => [name, []]));
const mega = (nps) => (nps / 1e6).toFixed(3);
for (let round = 1; round <= rounds; round++) {
  for (const evaluation of evaluations) {
    for (const [name, bench] of benches) {
      const result = await bench(evaluation.learned);
      evaluation.signature ??= result.nodes;
      if (result.nodes !== evaluation.signature) {
        console.error(`error: ${name}, ${evaluation.name}, searched ${result.nodes} nodes, not ${evaluation.signature}`);
        process.exit(1);
      }
      evaluation.runs[name].push(result);
      const figures = `${mega(result.clockNps)} M nodes/s by the clock, ${mega(result.cpuNps)} by CPU time`;
      console.log(`round ${round}, ${evaluation.name}: ${name.padEnd(8)} ${figures} (load ${load()})`);
    }
  }
}
const versions = { native: "native", node: `wasm32 in Node ${process.version}` };
if (inBrowser) {
  versions.chromium = `wasm32 in Chromium ${browser.version()} (Web Worker)`;
  await browser.close();
  await server.close();
}
rmSync(dir, { recursive: true });

// A wasm run's share of native is taken against the native run of its own round, whose
// machine load was nearest; the median of those shares is printed.
for (const { name: evaluationName, signature, runs } of evaluations) {
  console.log(`${evaluationName}, signature ${signature} nodes; medians of ${rounds} rounds, by the clock and by CPU time:`);
  for (const [name, rs] of Object.entries(runs)) {
    const speeds = `${mega(median(rs.map((r) => r.clockNps)))} and ${mega(median(rs.map((r) => r.cpuNps)))} M nodes/s`;
    const share = (key) => (100 * median(rs.map((r, i) => r[key] / runs.native[i][key]))).toFixed(0);
    const shares = name === "native" ? "" : `, ${share("clockNps")} % and ${share("cpuNps")} % of native`;
    console.log(`  ${versions[name]}: ${speeds}${shares}`);
  }
}
