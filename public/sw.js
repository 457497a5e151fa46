// The service worker: after one visit the app loads and plays with no network.
// tools/precache.mjs (a Trunk post_build hook) writes the built copy in dist/, putting
// `const PRECACHE = { version, files, onDemand }` above this code: every file of the build
// but those fetched on demand, and a hash of all their names and contents.
/* global PRECACHE */

// One cache per deployment and per folder: two copies of dist/ on one site keep their own.
const PREFIX = `shogi:${self.registration.scope}:`;
const CACHE = PREFIX + PRECACHE.version;

self.addEventListener('install', (event) => {
  // 'no-cache' revalidates with the server, so a file kept by the HTTP cache from an older
  // deployment never lands in this version's cache.
  const requests = PRECACHE.files.map((file) => new Request(file, { cache: 'no-cache' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
  // No skipWaiting here: a new version waits until the page's "Reload" asks for it,
  // so a game in progress is never switched to other files under it.
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    // The first visit's page is served from the cache from now on, without a reload.
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  // The page is one file whatever its query (`index.html?mode=view&sfen=...`).
  const navigation = request.mode === 'navigate';
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: navigation });
    if (hit) return hit;
    const response = await fetch(request);
    // A file fetched on demand (the Japanese font) is kept for the next time offline.
    const onDemand = PRECACHE.onDemand.some((file) => request.url === new URL(file, self.registration.scope).href);
    if (response.ok && onDemand) {
      await cache.put(request, response.clone());
    }
    return response;
  })());
});
