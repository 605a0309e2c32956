// The service worker of the page that plays alone: every file of the site is kept at the first
// visit, so that the next ones play with no network. A new version of the site (another
// export) replaces the files kept, all at once.
//
// Each file is fetched once. The page registers this worker once the game has started: the
// files it has just fetched are taken from the browser's cache (force-cache), each checked
// against its hash, and only a file the page has not fetched (the other language's page, the
// cues not yet played), or one the cache holds in another version, comes from the network.
const VERSION = "{{version}}";
/** Every file, with its integrity ("sha256-…"; "./" may be either language's page). */
const FILES = "{{files}}";
const CACHE = `audiogame-${VERSION}`;

/** The file ``name`` of this version: from the browser's cache when it holds it, else from
 * the network. */
async function fetched(name, integrity) {
  let answer = null;
  try {
    answer = await fetch(new Request(name, { cache: "force-cache", integrity }));
  } catch {
    answer = null;  // not in the browser's cache, or another version of it
  }
  if (!answer || !answer.ok) answer = await fetch(new Request(name, { cache: "reload", integrity }));
  if (!answer.ok) throw new Error(`${name}: ${answer.status}`);
  return answer;
}

async function sha256(answer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await answer.arrayBuffer()));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** Every file kept: the site's address ("./") is one of the pages (the one a server chose),
 * kept under its own name too instead of being fetched again. */
async function keepAll(cache) {
  const root = await fetched("./", FILES["./"]);
  const hash = await sha256(root.clone());
  const page = Object.keys(FILES).find((name) => name !== "./" && FILES[name] === hash);
  if (page) await cache.put(page, root.clone());
  await cache.put("./", root);
  await Promise.all(Object.entries(FILES).filter(([name]) => name !== "./" && name !== page)
    .map(async ([name, integrity]) => cache.put(name, await fetched(name, integrity))));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then(keepAll).then(() => self.skipWaiting()));
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
