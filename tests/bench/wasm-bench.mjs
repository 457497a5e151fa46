// The perft benchmark built for wasm32 and run in Node, beside the native one:
//
//   node tests/bench/wasm-bench.mjs [--quick] [--repeat N] [--wasm-only]
//
// Builds `src/bin/bench.rs` for wasm32-unknown-unknown (release), runs every case
// of tests/data/perft.tsv in it once untimed at the --quick depths (so that V8 has
// compiled the hot code with its optimizing tier), then timed; the Rust side checks
// each count against the file, and a wrong count exits with status 1. Then it runs
// the native bench with the same flags and prints wasm speed as a share of native
// speed, by the clock and by CPU time (this process's, which after the warm-up is
// the one thread running the wasm code).

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { instantiateWithoutGlue } from "./instantiate.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const wasmOnly = args.includes("--wasm-only");
const repeatAt = args.indexOf("--repeat");
const repeat = repeatAt < 0 ? 1 : Number(args[repeatAt + 1]);
if (!(Number.isInteger(repeat) && repeat > 0)) {
  console.error("error: --repeat needs a positive number");
  process.exit(2);
}
const flags = [...(quick ? ["--quick"] : []), ...(repeat > 1 ? ["--repeat", String(repeat)] : [])];

const cargo = (cargoArgs) =>
  execFileSync("cargo", cargoArgs, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
cargo(["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown", "--bin", "bench"]);
const bytes = readFileSync(join(root, "target", "wasm32-unknown-unknown", "release", "bench.wasm"));
const instance = await instantiateWithoutGlue(bytes);
const wasm = instance.exports;
const text = () => new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.text_buffer(), wasm.text_length()));

/** Runs case `index`; exits on a wrong count. */
function perft(index, quickDepth) {
  const nodes = wasm.case_perft(index, quickDepth ? 1 : 0);
  if (nodes < 0n) {
    console.error("error: " + text());
    process.exit(1);
  }
  return nodes;
}

const rate = (nodes, secs) =>
  `${secs.toFixed(3).padStart(8)} s ${(Number(nodes) / secs / 1e6).toFixed(1).padStart(8)} M nodes/s`;
const line = (label, nodes, secs, cpu) =>
  `${label} ${String(nodes).padStart(11)} nodes ${rate(nodes, secs)}   cpu ${rate(nodes, cpu)}`;

const count = wasm.case_count(quick ? 1 : 0);
for (let i = 0; i < wasm.case_count(1); i++) perft(i, true);

console.log(`wasm32 in Node ${process.version}${repeat > 1 ? `, best of ${repeat} runs` : ""}`);
const results = [];
for (let i = 0; i < count; i++) {
  wasm.case_label(i, quick ? 1 : 0);
  const [name, depth] = text().split("\t");
  let [secs, cpu, nodes] = [Infinity, Infinity, 0n];
  for (let run = 0; run < repeat; run++) {
    const [start, startCpu] = [performance.now(), process.cpuUsage()];
    nodes = perft(i, quick);
    const used = process.cpuUsage(startCpu);
    secs = Math.min(secs, (performance.now() - start) / 1000);
    cpu = Math.min(cpu, (used.user + used.system) / 1e6);
  }
  results.push({ name, nodes, secs, cpu });
  console.log(line(`${name.padEnd(10)} perft ${depth}:`, nodes, secs, cpu));
}
const sum = (key) => results.reduce((total, r) => total + Number(r[key]), 0);
const total = { name: "total", nodes: sum("nodes"), secs: sum("secs"), cpu: sum("cpu") };
console.log(line(`${"total".padEnd(10)}        :`, total.nodes, total.secs, total.cpu));
if (wasmOnly) process.exit(0);

console.log("\nnative (cargo run --release --bin bench" + (flags.length ? " -- " + flags.join(" ") : "") + ")");
const native = cargo(["run", "--quiet", "--release", "--bin", "bench", "--", ...flags]);
process.stdout.write(native);
const nativeRates = {};
for (const row of native.split("\n")) {
  const rates = [...row.matchAll(/([\d.]+|inf) M nodes\/s/g)].map((m) => Number(m[1]));
  if (rates.length) nativeRates[row.split(/\s/)[0]] = rates;
}
console.log("\nwasm speed / native speed     clock      cpu");
for (const { name, nodes, secs, cpu } of [...results, total]) {
  const [wall, cpuRate] = nativeRates[name] ?? [];
  const share = (seconds, nativeRate) =>
    nativeRate ? `${((100 * Number(nodes)) / seconds / 1e6 / nativeRate).toFixed(0).padStart(7)} %` : "      -";
  console.log(`${name.padEnd(10)}               ${share(secs, wall)} ${share(cpu, cpuRate)}`);
}
