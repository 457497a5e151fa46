// The engine's search benchmark built for wasm32 and run in Node, beside the native one:
//
//   node tests/bench/engine-wasm-bench.mjs
//
// Builds `src/bin/usi.rs` for wasm32-unknown-unknown (release), searches every bench
// position once to warm up V8's optimizing tier, then again timed, and prints the nodes
// (the same signature as `usi bench`), nodes per second, and the share of native speed.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { instantiateWithoutGlue } from "./instantiate.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const cargo = (args) => execFileSync("cargo", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

cargo(["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown", "--bin", "usi"]);
const bytes = readFileSync(join(root, "target", "wasm32-unknown-unknown", "release", "usi.wasm"));
const instance = await instantiateWithoutGlue(bytes);
const wasm = instance.exports;
const count = wasm.bench_count();

for (let i = 0; i < count; i++) wasm.bench_search(i);
let nodes = 0n;
const start = performance.now();
for (let i = 0; i < count; i++) nodes += wasm.bench_search(i);
const ms = performance.now() - start;
const wasmNps = (Number(nodes) * 1000) / ms;
console.log(`wasm32 in Node ${process.version}: ${nodes} nodes, ${ms.toFixed(0)} ms, ${wasmNps.toFixed(0)} nodes/s`);

cargo(["build", "--quiet", "--release", "--bin", "usi"]);
const native = execFileSync(join(root, "target", "release", "usi"), ["bench"], { encoding: "utf8" });
const nativeNodes = BigInt(native.match(/Total nodes: (\d+)/)[1]);
const nativeNps = Number(native.match(/Nodes\/second: (\d+)/)[1]);
console.log(`native: ${nativeNodes} nodes, ${nativeNps} nodes/s`);
if (nativeNodes !== nodes) {
  console.error("error: wasm and native searched different node counts");
  process.exit(1);
}
console.log(`wasm speed: ${((100 * wasmNps) / nativeNps).toFixed(0)}% of native`);
