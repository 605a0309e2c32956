// The service worker of the page that plays alone: every file of the site is kept at the first
// visit, so that the next ones play with no network. A new version of the site (another
// export) replaces the files kept, all at once.
const VERSION = "{{version}}";
const FILES = "{{files}}";
const CACHE = `audiogame-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith("audiogame-") && name !== CACHE).map((name) => caches.delete(name)),
  )).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(event.request, { ignoreSearch: true })
    .then((kept) => kept || fetch(event.request))));
});
