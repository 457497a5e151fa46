// Trunk post_build hook (Trunk.toml): writes sw.js into the build with the list of every
// file Trunk produced (hashed names included) and a version that changes whenever any of
// them does, so browsers pick up a new deployment. Needs only Node.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR;
if (!staging || !source) {
  console.error('precache.mjs runs as a Trunk hook (TRUNK_STAGING_DIR and TRUNK_SOURCE_DIR unset)');
  process.exit(1);
}
const WORKER = 'sw.js';

/** Every file under `dir`, as paths relative to the build root with `/` separators, sorted. */
async function files(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await files(path)));
    else found.push(relative(staging, path).split(sep).join('/'));
  }
  return found.sort();
}

const built = (await files(staging)).filter((f) => f !== WORKER);
// A file a page fetches only when it needs it, too large to give every visitor (the Japanese
// font, 65 KB): left out of the install, the service worker keeps it once fetched. The
// English page's 2 KB of Japanese labels are precached, so they show offline too.
const ON_DEMAND = ['fonts/japanese-ui.woff2'];
const hash = createHash('sha256');
for (const file of built) hash.update(file).update('\0').update(await readFile(join(staging, file))).update('\0');
const template = await readFile(join(source, 'public', WORKER), 'utf8');
hash.update(template);
const version = hash.digest('hex').slice(0, 16);
// './' is the folder's own address, the page most visitors open.
const precache = { version, files: ['./', ...built.filter((f) => !ON_DEMAND.includes(f)).map((f) => `./${f}`)], onDemand: ON_DEMAND };
await writeFile(join(staging, WORKER), `const PRECACHE = ${JSON.stringify(precache)};\n${template}`);
console.log(`precache.mjs: ${WORKER} version ${version}, ${precache.files.length} addresses precached, ${ON_DEMAND.length} file on demand`);
