// A static file server for dist/ on localhost, gzip-compressing as a real host would,
// so the tests and the bench see realistic transfer sizes. No dependencies.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Serves `root` on 127.0.0.1 at a free port; resolves to { url, close }. */
export async function serve(root) {
  const base = resolve(root);
  // Compressed once per file version, as a static host serves pre-compressed files.
  const gzipped = new Map();
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
      let file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error('outside root');
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file);
      }
      let body = await readFile(file);
      const headers = { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' };
      if (/\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        const key = `${file}:${info.mtimeMs}`;
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
        body = gzipped.get(key);
        headers['Content-Encoding'] = 'gzip';
      }
      headers['Content-Length'] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  // Closing drops every connection at once: the page is gone by then, but its service worker
  // may still be precaching over a kept-alive connection, which `close` alone waits for (on a
  // busy machine, past a test's time: a test stuck in its `finally` on a blank page).
  const close = () => new Promise((ok) => {
    server.close(ok);
    server.closeAllConnections();
  });
  return { url: `http://127.0.0.1:${server.address().port}/`, close };
}

// Run as a program (node serve.mjs DIR): serves DIR and prints its URL. The bench runs the
// server this way, so serving files does not wait on the bench's own event loop.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await serve(process.argv[2] || '.');
  console.log(url);
}
