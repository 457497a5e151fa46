// Trunk post_build hook (Trunk.toml), before precache.mjs: names the app's folder, written by
// split-app.sh, after a hash of its files, and points index.html at it. A new build is then
// at new addresses, as Trunk's own hashed file names are, so no cache mixes two builds.
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('app-folder.mjs runs as a Trunk hook (TRUNK_STAGING_DIR unset)');
  process.exit(1);
}
const folder = join(staging, 'app');
const hash = createHash('sha256');
for (const file of (await readdir(folder)).sort()) {
  hash.update(file).update('\0').update(await readFile(join(folder, file))).update('\0');
}
const named = `app-${hash.digest('hex').slice(0, 16)}`;
await rename(folder, join(staging, named));
const page = join(staging, 'index.html');
const html = await readFile(page, 'utf8');
const pointed = html.replaceAll('./app/', `./${named}/`);
if (pointed === html) {
  console.error('app-folder.mjs: index.html names no ./app/ file');
  process.exit(1);
}
await writeFile(page, pointed);
console.log(`app-folder.mjs: the app is in ${named}/`);
