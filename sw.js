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
// A deploy never bricks the game (issue 47). The build records each file's
// size, SHA-256 and type (PRECACHE.records), and the worker stores an answer
// only if its bytes are those (a host's 200 "maintenance" or single-page
// fallback page in place of build/app.zip, a half-uploaded file, a file of
// another version: refused). A version installs whole or not at all: the
// first file that fails stops the others, the version's partial cache is
// deleted and the install fails, so the version before keeps serving, and
// the browser installs this one again at a later update check (a visit, the
// tab shown again, every hour: assets/updates.js), never in a loop. An
// update that does not fit in the storage quota (QuotaExceededError) does
// the same, tells the pages ({hearts: "update-failed", reason: "quota"}:
// assets/updates.js) and is not tried again for QUOTA_PAUSE_MS. A cached
// entry whose bytes no longer match (a damaged disk cache, a tampered
// profile) is never served: this worker checks each file once after it
// starts, before it serves it, and fetches a damaged one again; a boot that
// fails asks it to check them all again ({hearts: "recheck"}: assets/boot.js).
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

const RECORDS = new Map(Object.entries(self.PRECACHE.records || {}).map(
  ([path, record]) => [new URL(path, self.location).href, record]));
const PACKED = new Map(Object.entries(self.PRECACHE.packed || {}).map(
  ([path, copy]) => [new URL(path, self.location).href, new URL(copy, self.location).href]));
const FETCH = { cache: "no-cache", credentials: "same-origin" };

// Where an install that did not fit is remembered ({version, at}): a cache of
// this install's own, deleted when any version activates.
const FAILED = `hearts ${SCOPE} failed`;
const FAILED_KEY = new URL("./build/local/update-failed.json", self.location).href;
const QUOTA_PAUSE_MS = 3600 * 1000;

// An answer that is not the file this version needs.
class Unfit extends Error {}

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const essence = (type) => (type || "").split(";")[0].trim().toLowerCase();

async function matches(bytes, record) {
  return bytes.byteLength === record.size
    && hex(await crypto.subtle.digest("SHA-256", bytes)) === record.sha256;
}

// The answer as the worker stores it: read whole, its bytes checked against
// the record, under the record's type. Throws Unfit.
async function checked(url, response, record) {
  if (!response.ok) throw new Unfit(`${url}: HTTP ${response.status}`);
  if (essence(response.headers.get("Content-Type")) === "text/html" && record.type !== "text/html") {
    throw new Unfit(`${url}: the host answered with an HTML page`);
  }
  const bytes = await response.arrayBuffer();
  if (!(await matches(bytes, record))) {
    throw new Unfit(`${url}: ${bytes.byteLength} bytes that are not this version's file (${record.size} bytes)`);
  }
  return new Response(bytes, { headers: { "Content-Type": record.type } });
}

// The plain file, from its gzipped copy (its unpacked bytes checked against
// the plain file's record); from the network as it is if the copy cannot be
// had, unpacked or is not the file. A host may send the .gz file with
// Content-Encoding: gzip, and then the browser has unpacked it already:
// gzip's first two bytes say which.
async function fetchPacked(url, packedUrl, record, signal) {
  if (typeof DecompressionStream === "function") {
    try {
      const response = await fetch(packedUrl, { ...FETCH, signal });
      if (response.ok && essence(response.headers.get("Content-Type")) !== "text/html") {
        const bytes = new Uint8Array(await response.arrayBuffer());
        const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
        const body = gzipped ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : bytes;
        // Read whole, so that a broken copy fails here, not in the cache.
        return await checked(url, new Response(await new Response(body).arrayBuffer()), record);
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      /* the plain file below */
    }
  }
  return checked(url, await fetch(url, { ...FETCH, signal }), record);
}

// This version's file from the network, checked (Unfit if it is not).
function download(url, signal) {
  const record = RECORDS.get(url);
  if (!record) return Promise.reject(new Unfit(`${url}: no record of it in build/precache.js`));
  return PACKED.has(url) ? fetchPacked(url, PACKED.get(url), record, signal)
    : fetch(url, { ...FETCH, signal }).then((response) => checked(url, response, record));
}

const quotaError = (error) => error?.name === "QuotaExceededError";

async function tellPages(message) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

// Whether an install of this version ran out of room less than
// QUOTA_PAUSE_MS ago.
async function pausedForQuota() {
  try {
    const hit = await caches.match(FAILED_KEY, { cacheName: FAILED }); // (opens no cache)
    const failed = hit ? await hit.json() : null;
    return failed?.version === self.PRECACHE.version && Date.now() - failed.at < QUOTA_PAUSE_MS;
  } catch (_) {
    return false;
  }
}

async function install() {
  if (await pausedForQuota()) {
    throw Object.assign(new DOMException("this version did not fit a short while ago", "QuotaExceededError"), { paused: true });
  }
  const cache = await caches.open(CACHE);
  // The first file that fails stops the others: nothing more is downloaded.
  const stop = new AbortController();
  let failure = null;
  await Promise.all(self.PRECACHE.files.map(async (path) => {
    const url = new URL(path, self.location).href;
    if (url === ROOT) return; // stored from index.html below
    try {
      const response = await download(url, stop.signal);
      if (url === INDEX) await cache.put(ROOT, response.clone());
      await cache.put(url, response);
    } catch (error) {
      if (!failure) {
        failure = error;
        stop.abort();
      }
    }
  }));
  if (failure) throw failure;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    try {
      await install();
    } catch (error) {
      // Nothing of a version that is not whole: the one before serves on.
      await caches.delete(CACHE);
      if (quotaError(error)) {
        if (!error.paused) {
          const failed = JSON.stringify({ version: self.PRECACHE.version, at: Date.now() });
          await caches.open(FAILED).then((kept) => kept.put(FAILED_KEY, new Response(failed))).catch(() => {});
        }
        if (updateWaits()) await tellPages({ hearts: "update-failed", reason: "quota" });
      }
      console.warn(`sw: version ${self.PRECACHE.version} not installed:`, String(error?.message || error));
      throw error;
    }
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
      // The game page with any query (?lang=fi&seed=1...), checked at every
      // load (a few kB): a page damaged after this worker's first check
      // (the chaos test's fault 113: an error page in its place) has no
      // script of ours to notice it, and would be served until the worker
      // stopped.
      hit = (await sound(cache, ROOT, true)) || (await sound(cache, INDEX, true));
    } else if (url.href === SNAPSHOT) {
      const [kept, drops] = await Promise.all([cache.match(SNAPSHOT), snapshotDrops(cache)]);
      const headers = { "Content-Type": "application/octet-stream", "Hearts-Snapshot-Drops": String(drops) };
      return kept ? new Response(kept.body, { headers }) : new Response(null, { status: 204, headers });
    } else {
      hit = await sound(cache, request.url);
      if (hit && url.pathname.includes(ART_FOLDER)) hit = reusable(hit);
    }
    return hit || fetch(request);
  })());
});

// The cached answer for key, checked once after this worker starts, or
// each time (`always`: the page itself) (a damaged entry is never served:
// it is deleted and fetched again, checked; null when that fails too, and
// the network answers as it would without a worker). A digest of all the
// files costs some tens of ms once a start.
const checkedOnce = new Set();

async function sound(cache, key, always = false) {
  const hit = await cache.match(key);
  const record = RECORDS.get(key);
  if (!hit || !record || (checkedOnce.has(key) && !always)) return hit;
  const bytes = await hit.arrayBuffer();
  if (await matches(bytes, record)) {
    checkedOnce.add(key);
    return new Response(bytes, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
  }
  console.warn(`sw: ${key} was damaged in the cache: fetched again`);
  await cache.delete(key);
  try {
    const response = await download(key === ROOT ? INDEX : key);
    await cache.put(key, response.clone());
    checkedOnce.add(key);
    return response;
  } catch (error) {
    console.warn(`sw: ${key} could not be fetched again:`, String(error?.message || error));
    return null;
  }
}

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
  } else if (data.hearts === "recheck") {
    // A boot failed (assets/boot.js recheckOnce): every cached file is
    // checked again now, a damaged one fetched anew; then the page is told.
    const [answer] = event.ports;
    event.waitUntil(openCache().then(async (cache) => {
      checkedOnce.clear();
      for (const key of RECORDS.keys()) await sound(cache, key);
    }).catch((error) => console.warn("sw: the recheck failed:", error))
      .finally(() => answer?.postMessage(true)));
  } else if (data.hearts === "drop-snapshot") {
    event.waitUntil(openCache().then(async (cache) => {
      const drops = (await snapshotDrops(cache)) + 1;
      await cache.delete(SNAPSHOT);
      await cache.put(SNAPSHOT_DROPS, new Response(String(drops)));
    }));
  }
});
