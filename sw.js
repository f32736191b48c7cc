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
//
// A new build never takes over an open game by itself: its worker installs
// and then waits (updateWaits) until a page asks it to go ahead ({hearts:
// "skip-waiting"}: assets/updates.js, when the player chose the moment).
// Only the very first install, with no worker before it, takes the pages
// at once (the first visit, which then works offline).
//
// Each install of the game on an origin (at / and at /beta/, say) has its
// own worker (the scope is this file's folder) and its own cache, named
// "hearts <scope path> <version>"; a worker deletes only its own install's
// old caches. A cache of before ("hearts-<version>", one name for every
// install) is deleted only if it holds this install's index.html.
//
// self.PRECACHE.packed names files the build also ships gzipped (the
// runtime's wasm and lock file, {file: its .gz copy}): a first visit
// downloads the copy (assets/boot.js), so the worker fetches that too (a
// 304 then) and stores it unpacked under the file's own name. Later visits,
// which the worker serves, read the plain file from the cache as before.
//
// The interpreter's memory snapshot is no file of the site: the page makes
// it in this browser after its first visit (assets/boot.js,
// makeSnapshotForNextVisits; its bytes come on a channel from the worker
// that made it, past the page's thread); the worker keeps it in this
// version's cache under SNAPSHOT (so a new build, with a new cache, never
// restores the old one) and answers that URL from there, or with a 204
// when it has none. The page asks it to drop a snapshot that did not
// restore; the drops are counted (the Hearts-Snapshot-Drops header), so the
// page stops making new ones for this version after a few.

importScripts("./build/precache.js");

const INDEX = new URL("./index.html", self.location).href;
const ROOT = new URL("./", self.location).href;
const SCOPE = new URL(ROOT).pathname; // percent-encoded: never a space in it
const CACHE = `hearts ${SCOPE} ${self.PRECACHE.version}`;
const LEGACY_PREFIX = "hearts-";

let opened = null;
const openCache = () => (opened ??= caches.open(CACHE));

const SNAPSHOT = new URL("./build/local/pyodide-snapshot.bin", self.location).href;
const SNAPSHOT_DROPS = new URL("./build/local/pyodide-snapshot.drops", self.location).href;

const TYPES = { ".wasm": "application/wasm", ".json": "application/json" };

// The plain file, from its gzipped copy; from the network as it is if the
// copy cannot be had or unpacked. A host may send the .gz file with
// Content-Encoding: gzip, and then the browser has unpacked it already:
// gzip's first two bytes say which.
async function fetchPacked(url, packedUrl) {
  if (typeof DecompressionStream === "function") {
    try {
      const response = await fetch(packedUrl, { cache: "no-cache", credentials: "same-origin" });
      if (response.ok) {
        const bytes = new Uint8Array(await response.arrayBuffer());
        const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
        const body = gzipped ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : bytes;
        const type = TYPES[url.slice(url.lastIndexOf("."))] || "application/octet-stream";
        // Read whole, so that a broken copy fails here, not in the cache.
        const unpacked = await new Response(body).arrayBuffer();
        return new Response(unpacked, { headers: { "Content-Type": type } });
      }
    } catch (_) { /* the plain file below */ }
  }
  return fetch(url, { cache: "no-cache", credentials: "same-origin" });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const packed = new Map(Object.entries(self.PRECACHE.packed || {}).map(
      ([path, copy]) => [new URL(path, self.location).href, new URL(copy, self.location).href]));
    await Promise.all(self.PRECACHE.files.map(async (path) => {
      const url = new URL(path, self.location).href;
      if (url === ROOT) return; // stored from index.html below
      const response = packed.has(url) ? await fetchPacked(url, packed.get(url))
        : await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
      if (url === INDEX) await cache.put(ROOT, response.clone());
      await cache.put(url, response);
    }));
    if (!updateWaits()) await self.skipWaiting();
  })());
});

// An update (a worker of this install is active already) waits for a page
// to ask; the first install does not.
function updateWaits() {
  return Boolean(self.registration.active);
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name === CACHE) continue;
      const [tag, scope] = name.split(" ");
      if (tag === "hearts" && scope === SCOPE) await caches.delete(name);
      else if (name.startsWith(LEGACY_PREFIX) && !name.includes(" ")
        && (await (await caches.open(name)).match(INDEX))) await caches.delete(name);
    }
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
    } else if (url.href === SNAPSHOT) {
      const [kept, drops] = await Promise.all([cache.match(SNAPSHOT), snapshotDrops(cache)]);
      const headers = { "Content-Type": "application/octet-stream", "Hearts-Snapshot-Drops": String(drops) };
      return kept ? new Response(kept.body, { headers }) : new Response(null, { status: 204, headers });
    } else {
      hit = await cache.match(request);
      if (hit && url.pathname.includes(ART_FOLDER)) hit = reusable(hit);
    }
    return hit || fetch(request);
  })());
});

// The card art (build/cards/, a file per card): every <use> of a card that
// the page draws anew asks for its file again, and Chromium parses each
// answer the worker gives anew (when the art was one 962 kB file: 75-280 ms
// on the main thread each, three or four times a visit). An answer the
// page's memory cache may keep is asked for, and parsed, once a visit. (The
// files change only with the svg-cards package or tools/cardart.py; after
// such an update, a tab could draw the old drawings until the browser drops
// them.)
const ART_FOLDER = "/build/cards/";

function reusable(response) {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "max-age=31536000");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function snapshotDrops(cache) {
  const hit = await cache.match(SNAPSHOT_DROPS);
  return hit ? Number(await hit.text()) || 0 : 0;
}

// The page's snapshot to keep ({hearts: "snapshot"} with two ports: the
// first brings {snapshot: its packed bytes} from the worker that made it,
// the second takes the answer, true or false), or to drop
// ({hearts: "drop-snapshot"}).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.hearts === "skip-waiting") {
    event.waitUntil(self.skipWaiting()); // the player chose to update (assets/updates.js)
  } else if (data.hearts === "snapshot") {
    const [from, answer] = event.ports;
    const bytes = new Promise((resolve, reject) => {
      if (!from) return reject(new Error("no port brings it"));
      from.onmessage = ({ data: sent }) => resolve(sent?.snapshot);
      from.onmessageerror = () => reject(new Error("it could not be read"));
    });
    event.waitUntil(bytes
      .then((snapshot) => {
        if (!(snapshot instanceof ArrayBuffer)) throw new Error("it is not bytes");
        return openCache().then((cache) => cache.put(SNAPSHOT, new Response(snapshot, {
          headers: { "Content-Type": "application/octet-stream" },
        })));
      })
      .then(() => answer?.postMessage(true), (error) => {
        console.warn("sw: the snapshot was not stored:", error);
        answer?.postMessage(false);
      })
      .finally(() => from?.close()));
  } else if (data.hearts === "drop-snapshot") {
    event.waitUntil(openCache().then(async (cache) => {
      const drops = (await snapshotDrops(cache)) + 1;
      await cache.delete(SNAPSHOT);
      await cache.put(SNAPSHOT_DROPS, new Response(String(drops)));
    }));
  }
});
