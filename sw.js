// Service worker: makes the game work offline after one visit.
//
// build/precache.js (written by `make build`) sets self.PRECACHE =
// {version, files}: every file of the site and a content hash of them all.
// A new build changes that script, the browser sees the worker changed,
// installs a new cache and the old one is deleted on activation.
//
// Precaching uses cache: "no-cache": each file is revalidated with the
// server (a 304 when unchanged), so files the page has just loaded are not
// downloaded a second time, and a new build never caches stale files.
// Only same-origin GET requests are answered; other origins are never touched.

importScripts("./build/precache.js");

const PREFIX = "hearts-";
const CACHE = PREFIX + self.PRECACHE.version;
const INDEX = new URL("./index.html", self.location).href;
const ROOT = new URL("./", self.location).href;

let opened = null;
const openCache = () => (opened ??= caches.open(CACHE));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(self.PRECACHE.files.map(async (path) => {
      const url = new URL(path, self.location).href;
      if (url === ROOT) return; // stored from index.html below
      const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
      if (url === INDEX) await cache.put(ROOT, response.clone());
      await cache.put(url, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await openCache();
    let hit;
    if (request.mode === "navigate" && (url.href.split(/[?#]/)[0] === ROOT || url.href.split(/[?#]/)[0] === INDEX)) {
      // The game page with any query (?lang=fi&seed=1...).
      hit = (await cache.match(ROOT)) || (await cache.match(INDEX));
    } else {
      hit = await cache.match(request);
    }
    return hit || fetch(request);
  })());
});
