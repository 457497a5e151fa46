// Usage: node .ci/short-imports.mjs <folder> <name>
// Renames the functions that <name>_bg.wasm imports from its wasm-bindgen glue, <name>.js, to
// short names, in both files. wasm-bindgen names each one after the JS it calls plus a hash
// (`__wbg_location_7320782274fc691b`): 16 hex digits that gzip cannot shrink, written twice,
// about 7 KB gzip of the page's first load for the app's 219. A name in the glue is a key of
// its imports object and appears nowhere else; the script checks that before renaming.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const [folder, name] = process.argv.slice(2);
if (!folder || !name) {
  console.error('usage: node .ci/short-imports.mjs <folder> <name>');
  process.exit(1);
}
const wasmPath = join(folder, `${name}_bg.wasm`);
const jsPath = join(folder, `${name}.js`);
const glue = `./${name}_bg.js`;

/** Reads an unsigned LEB128 number at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function toLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}

const text = (s) => Buffer.concat([toLeb(Buffer.byteLength(s)), Buffer.from(s)]);

/** A short name for the `i`th import: a, b, ..., z, ba, bb, ... */
function shortName(i) {
  let s = '';
  do {
    s = String.fromCharCode(97 + (i % 26)) + s;
    i = Math.floor(i / 26);
  } while (i > 0);
  return `_${s}`;
}

/** Where an import's description ends (kinds: function, table, memory, global, tag). */
function descriptionEnd(bytes, at) {
  const kind = bytes[at++];
  const limits = (p) => {
    const flags = bytes[p++];
    [, p] = leb(bytes, p);
    if (flags & 1) [, p] = leb(bytes, p);
    return p;
  };
  switch (kind) {
    case 0: return leb(bytes, at)[1];
    case 1: return limits(at + 1);
    case 2: return limits(at);
    case 3: return at + 2;
    case 4: return leb(bytes, at + 1)[1];
    default: throw new Error(`${wasmPath}: unknown import kind ${kind}`);
  }
}

const wasm = await readFile(wasmPath);
let js = await readFile(jsPath, 'utf8');
const renamed = new Map();
const sections = [wasm.subarray(0, 8)];
let at = 8;
while (at < wasm.length) {
  const id = wasm[at];
  const [size, bodyAt] = leb(wasm, at + 1);
  const end = bodyAt + size;
  if (id !== 2) {
    sections.push(wasm.subarray(at, end));
    at = end;
    continue;
  }
  let [count, p] = leb(wasm, bodyAt);
  const imports = [toLeb(count)];
  while (count--) {
    const [moduleLength, moduleAt] = leb(wasm, p);
    const module = wasm.toString('utf8', moduleAt, moduleAt + moduleLength);
    const [fieldLength, fieldAt] = leb(wasm, moduleAt + moduleLength);
    const field = wasm.toString('utf8', fieldAt, fieldAt + fieldLength);
    const describedAt = fieldAt + fieldLength;
    const next = descriptionEnd(wasm, describedAt);
    let newField = field;
    if (module === glue) {
      const uses = js.match(new RegExp(`\\b${field}\\b`, 'g'))?.length ?? 0;
      if (uses !== 1) throw new Error(`${jsPath}: ${field} is written ${uses} times, not once as a key`);
      newField = renamed.get(field) ?? shortName(renamed.size);
      renamed.set(field, newField);
    }
    imports.push(text(module), text(newField), wasm.subarray(describedAt, next));
    p = next;
  }
  const body = Buffer.concat(imports);
  sections.push(Buffer.from([2]), toLeb(body.length), body);
  at = end;
}
for (const [field, newField] of renamed) js = js.replace(new RegExp(`\\b${field}\\b`), newField);
await writeFile(wasmPath, Buffer.concat(sections));
await writeFile(jsPath, js);
console.log(`short-imports.mjs: ${renamed.size} imports of ${name}_bg.wasm renamed`);
