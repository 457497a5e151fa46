// The perft benchmark built for wasm32 and run in Node, beside the native one:
//
//   node tests/bench/wasm-bench.mjs [--quick] [--wasm-only]
//
// Builds `src/bin/bench.rs` for wasm32-unknown-unknown (release), runs every case
// of tests/data/perft.tsv in it (the Rust side checks each count against the file;
// a wrong count exits with status 1), then runs the native bench with the same
// flags and prints wasm speed as a share of native speed, case by case.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const quick = process.argv.includes("--quick");
const wasmOnly = process.argv.includes("--wasm-only");
const flags = quick ? ["--quick"] : [];

const cargo = (args) => execFileSync("cargo", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
cargo(["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown", "--bin", "bench"]);
const bytes = readFileSync(join(root, "target", "wasm32-unknown-unknown", "release", "bench.wasm"));
const { instance } = await WebAssembly.instantiate(bytes, {});
const wasm = instance.exports;
const text = () => new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.text_buffer(), wasm.text_length()));

const line = (name, depth, nodes, secs) =>
  `${name.padEnd(10)} perft ${depth}: ${String(nodes).padStart(11)} nodes ${secs.toFixed(3).padStart(8)} s ` +
  `${(Number(nodes) / secs / 1e6).toFixed(1).padStart(8)} M nodes/s`;

console.log("wasm32 in Node " + process.version);
const results = [];
for (let i = 0; i < wasm.case_count(quick ? 1 : 0); i++) {
  wasm.case_label(i, quick ? 1 : 0);
  const [name, depth] = text().split("\t");
  const start = performance.now();
  const nodes = wasm.case_perft(i, quick ? 1 : 0);
  const secs = (performance.now() - start) / 1000;
  if (nodes < 0n) {
    console.error("error: " + text());
    process.exit(1);
  }
  results.push({ name, nodes, secs });
  console.log(line(name, depth, nodes, secs));
}
const wasmNodes = results.reduce((n, r) => n + Number(r.nodes), 0);
const wasmSecs = results.reduce((s, r) => s + r.secs, 0);
console.log(line("total", " ", wasmNodes, wasmSecs).replace("perft  :", "       :"));
if (wasmOnly) process.exit(0);

console.log("\nnative (cargo run --release --bin bench)");
const native = cargo(["run", "--quiet", "--release", "--bin", "bench", "--", ...flags]);
process.stdout.write(native);
const nativeRate = {};
for (const row of native.split("\n")) {
  const m = row.match(/^(\S+)\s.*?([\d.]+) M nodes\/s$/);
  if (m) nativeRate[m[1]] = Number(m[2]);
}
console.log("\nwasm speed / native speed");
for (const { name, nodes, secs } of [...results, { name: "total", nodes: wasmNodes, secs: wasmSecs }]) {
  const share = Number(nodes) / secs / 1e6 / nativeRate[name];
  console.log(`${name.padEnd(10)} ${(100 * share).toFixed(0).padStart(4)} %`);
}
