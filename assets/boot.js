// The page's boot (a module: no inline scripts, the page has a CSP). The
// game's Python runs in a Web Worker (assets/python-worker.js), never on
// this thread: the page stays free for the person from the first paint.
//
// Only if WebAssembly and workers exist: start the worker at once (it
// imports Pyodide's modules meanwhile), fetch the runtime's big files
// (on a first visit their gzipped copies, unpacked as they arrive; the
// wasm compiled as it streams in), this browser's memory snapshot of the
// interpreter (a later visit) and the game's Python (build/app.zip), and
// hand them to the worker, which starts Python from the snapshot when it
// can (startPython). Then the page's controller (hearts/page/controller.py:
// MicroPython on this thread, under PyScript) carries out what the worker
// asks of the page. After the boot, register
// the service worker (so the first visit does not download everything
// twice). What arrives and how far the boot is, the loading screen shows
// (assets/loading-screen.js).
//
// Attributes on <html> that tests and the UI may read:
//   data-sw           "controlled" once the service worker serves the page
//                     (the game then starts offline too)
//   data-snapshot     "restored": Python came from its memory snapshot;
//                     "deferred": a first visit, Python started anew (the
//                     page makes a snapshot for the next visits);
//                     "unused": one was stored but not used
//   data-preload      what the snapshot had of the game's modules
//                     (hearts/page/app_zip.py mount)
// and performance marks hearts:boot, hearts:compiled (the wasm compiled
// ahead), hearts:interpreter, hearts:boot-held (all is in, and only the
// boot watchdog's question holds the game), and from the worker
// hearts:mount, hearts:app (app.zip mounted) and hearts:imported
// (loading-screen.js adds hearts:ready), that `make bench` reads.
// globalThis.heartsWorker is the worker (tests end it, as a crash would).
import * as screen from "./loading-screen.js";
import { watchBoot } from "./boot-watch.js";
import { watchUpdates } from "./updates.js";

const { absolute } = screen;
// index.html's watchdog of the page's scripts stands down once this
// script's own time-out is armed (not at its first line: a boot.js cut short
// at a comment is valid JavaScript that runs its first lines and stops, as
// the chaos test found); if it had given up on this script (a slow
// network), its message goes.
function watchdogStandsDown() {
  performance.mark("hearts:boot-armed");
  if (document.documentElement.dataset.bootError !== "files") return;
  delete document.documentElement.dataset.bootError;
  delete document.getElementById("boot").dataset.state;
  document.getElementById("boot-files")?.remove();
  const status = document.getElementById("boot-status");
  status.className = "boot-status";
  status.removeAttribute("role");
}
// Marked before Python starts; waits for the player if the last boot froze.
const bootWatched = watchBoot();
// Whether the boot watchdog let the boot go on (at once when the last boot
// ended well; after Start fresh or Try again when it froze).
let bootWatchDone = false;
bootWatched.then(() => { bootWatchDone = true; });
// A boot that fails while this install's service worker serves the page
// may have failed on a cached file damaged after the worker checked it
// (it checks each once after it starts): the worker checks them all again,
// fetching the damaged ones anew, and the page loads once more before it
// asks anything of the player (once a tab's session until a boot is ready).
const RECHECKED = screen.keyOf(screen.keys.rechecked);
const RECHECK_MS = 60000;
let rechecking = false;

const { fail } = screen;
// (also for the failures loading-screen.js catches itself)
screen.beforeFail((detail) => microPythonFailed(detail) || recheckOnce(detail), recheckThenReload);

function recheckOnce(detail) {
  if (rechecking) return true;
  const worker = navigator.serviceWorker?.controller;
  if (!cached || !worker || !RECHECKED || html.hasAttribute("data-ready")) return false;
  try {
    if (sessionStorage.getItem(RECHECKED)) return false;
    sessionStorage.setItem(RECHECKED, "1");
  } catch (_) {
    return false; // (storage refused: no way to know it was tried)
  }
  rechecking = true;
  console.warn("boot: failed; the cached files are checked again and the page loads once more:", String(detail));
  recheckThenReload();
  return true;
}

// The service worker checks every cached file (a digest of 14 MB: a
// fraction of a second, many seconds on a loaded phone), then the page
// loads again. Also what the failed boot's Reload does.
function recheckThenReload() {
  const worker = navigator.serviceWorker?.controller;
  if (!cached || !worker) return location.reload();
  const channel = new MessageChannel();
  const checked = new Promise((resolve) => {
    channel.port1.onmessage = resolve;
    setTimeout(resolve, RECHECK_MS);
  });
  worker.postMessage({ hearts: "recheck" }, [channel.port2]);
  return checked.then(() => location.reload());
}

// A first visit starts Python anew (the browser makes its snapshot after it):
// WebKit took 20-45 s for that here, and over 120 s when the shared machine
// was loaded far beyond its two cores.
const BOOT_TIMEOUT_MS = 240000;
const html = document.documentElement;
screen.whenReady(() => {
  try {
    sessionStorage.removeItem(RECHECKED);
  } catch (_) { /* storage refused */ }
});

// The snapshot this browser made of the interpreter after an earlier visit
// (makeSnapshotForNextVisits, below): no file of the site, the service
// worker answers this URL from its cache (sw.js).
const SNAPSHOT_URL = absolute("./build/local/pyodide-snapshot.bin");
// The page's standard library: the runtime's, with what Pyodide's start-up
// imports as bytecode (tools/build.py stdlib()); the snapshot was made with it.
const STDLIB_URL = absolute("./build/python_stdlib.zip");
// The runtime's whole standard library: what the page's cut leaves out is
// loaded from it on demand (hearts/page/app_zip.py); never precached.
const STDLIB_REST_URL = absolute("./build/vendor/pyodide/python_stdlib.zip");
const APP_ZIP_URL = absolute("./build/app.zip");
const MODULE_URL = absolute("./build/vendor/pyodide/pyodide.asm.mjs");
const WASM_URL = absolute("./build/vendor/pyodide/pyodide.asm.wasm");
const LOCK_URL = absolute("./build/vendor/pyodide/pyodide-lock.json");
// The types the worker gives the runtime's files (instantiateStreaming
// wants application/wasm).
const TYPES = { [WASM_URL]: "application/wasm", [LOCK_URL]: "application/json", [STDLIB_URL]: "application/zip" };
// The gzipped copy of each runtime file the build packs, {file: copy}:
// tools/build.py names them (PACKED) in build/start-screen.js
// (self.HEARTS_START.facts.packed). Without that file, the files themselves.
const PACKED = new Map(Object.entries(self.HEARTS_START?.facts?.packed ?? {})
  .map(([file, copy]) => [absolute(file), absolute(copy)]));
const canUnpack = typeof DecompressionStream === "function";
// Served by the service worker: every file comes from its cache, unpacked
// (sw.js), and the snapshot is there too. Otherwise this is a first visit
// (or one without a worker): the gzipped copies are what crosses the link.
// Only this install's own worker counts: on a first visit of /beta/, the
// worker of an install at / (whose scope holds /beta/) may serve the page,
// from nothing of ours.
const SW_URL = new URL("../sw.js", import.meta.url).href;
const ownWorker = () => globalThis.navigator?.serviceWorker?.controller?.scriptURL === SW_URL;
const cached = ownWorker();
const usePacked = canUnpack && !cached;

// The body of a gzipped file, unpacked as it arrives, its bytes counted for
// the bar as they come (unless they are counted already). A host may send
// a .gz file with Content-Encoding: gzip, and then the browser has unpacked
// it already: the first two bytes (in practice in the first chunk) say
// whether it is still gzipped.
async function unpackedBody(url, response, { counted = false } = {}) {
  const reader = response.body.getReader();
  const read = async () => {
    const chunk = await reader.read();
    if (!chunk.done && !counted) screen.count(url, chunk.value.byteLength);
    return chunk;
  };
  const head = [];
  let done = false;
  while (!done && head.reduce((sum, bytes) => sum + bytes.byteLength, 0) < 2) {
    const chunk = await read();
    if (!(done = chunk.done)) head.push(chunk.value);
  }
  const [b0, b1] = head.flatMap((bytes) => [...bytes.subarray(0, 2)]);
  const packed = b0 === 0x1f && b1 === 0x8b;
  if (!packed) screen.cameUnpacked(url);
  let ran = performance.now();
  let rest = new Uint8Array(0); // what is left of the last chunk read, given on in PIECE bytes at most
  const body = new ReadableStream({
    async pull(controller) {
      if (performance.now() - ran > YIELD_MS) {
        await yieldToPage();
        ran = performance.now();
      }
      while (!rest.byteLength) {
        if (head.length) {
          rest = head.shift();
        } else {
          const chunk = done ? { done } : await read();
          if (chunk.done) return controller.close();
          rest = chunk.value;
        }
      }
      controller.enqueue(rest.subarray(0, PIECE));
      rest = rest.subarray(PIECE);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return packed ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

// When a file is in at once (a fast link, a local host), its chunks (up to
// a MB each) are read, unpacked and handed to the wasm compiler in promise
// callbacks, one after the other, with no task between them: 3.5 MB held the
// main thread 70-150 ms here in one go. The reading gives the unpacking
// PIECE bytes at a time and lets the page run every YIELD_MS (a task of its
// own: scheduler.yield(), or a message to itself where there is none).
const YIELD_MS = 10;
const PIECE = 32 * 1024;
function yieldToPage() {
  if (typeof globalThis.scheduler?.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// --- The runtime's files ------------------------------------------------------
// boot.js fetches the runtime's three big files itself, at once, and hands
// them to the worker that runs Python (assets/python-worker.js) as bytes,
// the wasm compiled: WebAssembly.compileStreaming() compiles it while it
// streams in, on the browser's compiler threads, not the main thread's. On
// a first visit the wasm and the lock file come as their gzipped copies
// (build/packed/: 3.5 MB instead of 9.6 for the wasm, for hosts that do not
// compress), unpacked as they arrive. If a copy cannot be had, the file
// itself is fetched.
const nativeFetch = globalThis.fetch;

function download(url) {
  const packed = usePacked ? PACKED.get(url) : undefined;
  // Counted as they arrive: the first bytes measure the link (snapshotWanted).
  const fetchOk = (from) => nativeFetch(from).then((response) => {
    if (!response.ok) throw new Error(`${from}: HTTP ${response.status}`);
    screen.countBody(from, response);
    return [from, response];
  });
  screen.expect(packed ?? url);
  const got = packed
    ? fetchOk(packed).catch((error) => {
      console.warn(`boot: ${error}; loading ${url} instead`);
      screen.expect(packed, false);
      screen.expect(url);
      return fetchOk(url);
    })
    : fetchOk(url);
  return got.then(async ([from, response]) => {
    if (from === url) return response;
    const body = failOnError(await unpackedBody(from, response, { counted: true }), from);
    return new Response(body, { headers: { "Content-Type": TYPES[url] } });
  });
}

// A copy that breaks while it is unpacked (cut short, not gzip after all)
// fails the boot at once.
function failOnError(stream, url) {
  const reader = stream.getReader();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        fail("failed", `${url}: ${error}`);
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

// The runtime's files for the worker: {files: {url: bytes}, types, module}.
// The wasm is compiled here (module); where the browser cannot compile a
// stream, its bytes go instead.
async function runtimeFiles() {
  if (cached) return { files: {}, types: {}, module: null };
  const [wasm, stdlib, lock] = [WASM_URL, STDLIB_URL, LOCK_URL].map(download);
  let module = null;
  const files = {};
  if (typeof WebAssembly.compileStreaming === "function") {
    module = await WebAssembly.compileStreaming(wasm);
    performance.mark("hearts:compiled");
  } else {
    files[WASM_URL] = await (await wasm).arrayBuffer();
  }
  if (module) files[WASM_URL] = null;
  [files[STDLIB_URL], files[LOCK_URL]] = await Promise.all([stdlib, lock].map(async (r) => (await r).arrayBuffer()));
  return { files, types: TYPES, module };
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  // html[data-sw="controlled"]: this page is served by the worker, so the
  // game now also starts offline (tests and the UI may rely on it).
  const mark = () => { if (ownWorker()) html.dataset.sw = "controlled"; };
  navigator.serviceWorker.addEventListener("controllerchange", mark);
  mark();
  navigator.serviceWorker
    .register(SW_URL, { updateViaCache: "none" })
    .then((registration) => watchUpdates(ownWorker, registration))
    .catch((error) => console.warn("service worker not registered:", error));
}
screen.whenReady(registerServiceWorker);

// Python starts here, in its worker: the worker imports Pyodide's modules
// while this page downloads the runtime's files and app.zip; the files go to
// it once they are in (startPython).
//
// On a first visit that waits for the start screen's first paint: the page's
// own few kB are what a person sees first, and 5 MB asked for at once would
// share a slow link with them. (It costs one frame. A later visit reads its
// files from the service worker's cache, and a hidden tab paints nothing:
// both start at once.) Lighthouse counts the downloads asked for before the
// first paint as the paint's own: its mobile LCP was 1.5-7.4 s for the same
// page, as the race between the two went.
// The paint counts once the browser has shown it (the first-contentful-paint
// entry: a frame's presentation comes some ms after its paint step, so a
// timer after requestAnimationFrame was often too early).
function afterFirstPaint() {
  if (cached || document.visibilityState !== "visible") return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, 500); // (a browser that paints late does not hold the boot longer)
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

let worker = null; // the worker that runs Python (assets/python-worker.js)
let appZip = null; // the bytes of build/app.zip
if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function" || typeof Worker !== "function") {
  fail("unsupported");
} else {
  performance.mark("hearts:boot");
  screen.loadSizes();
  afterFirstPaint().then(() => {
    // PyScript, which starts the page's controller in MicroPython (index.html).
    import("../build/vendor/pyscript/core.js").catch((error) => fail("failed", `PyScript: ${error}`));
    boot();
  });
}

// A worker that ends before the game is ready (the browser ended it, a
// crash) sends no message and fires no event, and the boot waited for its
// time-out (240 s). It holds a Web Lock of its own from its first moment
// (python-worker.js); the page's request for that lock is granted the
// moment it ends. (After data-ready the controller's own watchdog answers.)
let leaving = false; // (the page is left, or ends the worker itself: restoreHung)
addEventListener("pagehide", () => { leaving = true; });

// A worker whose script never set its handler (the chaos test's fault 168:
// python-worker.js cut short in the cache inside a comment, valid and
// empty) never answers: past WORKER_START_MS the boot fails, and the
// service worker checks its files again.
const WORKER_START_MS = 30000;

function watchAlive(worker) {
  if (!navigator.locks) return;
  const name = `hearts-worker-${crypto.getRandomValues(new Uint32Array(2)).join("-")}`;
  const silent = setTimeout(() => {
    if (!leaving && !html.hasAttribute("data-ready")) fail("failed", "the game's worker never answered");
  }, WORKER_START_MS);
  const answered = ({ data }) => {
    if (data?.kind !== "alive") return;
    clearTimeout(silent);
    worker.removeEventListener("message", answered);
    navigator.locks.request(name, () => {
      if (!leaving && !html.hasAttribute("data-ready")) fail("failed", "the game's worker ended while the game started");
    });
  };
  worker.addEventListener("message", answered);
  worker.postMessage({ kind: "alive", name });
}

function boot() {
  worker = new Worker(new URL("./python-worker.js", import.meta.url), { type: "module", name: "hearts" });
  globalThis.heartsWorker = worker;
  watchAlive(worker);
  if (cached) worker.postMessage({ kind: "compile", url: WASM_URL }); // (python-worker.js)
  appZip = fetch(new URL("../build/app.zip", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`build/app.zip: HTTP ${response.status}`);
    screen.countBody(APP_ZIP_URL, response);
    return response.arrayBuffer();
  });
  appZip.catch((error) => fail("failed", error));
  setTimeout(() => fail("failed", "time-out"), BOOT_TIMEOUT_MS);
  watchdogStandsDown();
  screen.expect(APP_ZIP_URL);
  startPython(worker).catch((error) => fail("failed", error));
}

// Python starts from a snapshot of its memory that this browser made after
// an earlier visit (makeSnapshotForNextVisits, below; the service worker
// keeps it): restoring it took ~0.4 s where starting CPython anew takes
// 2-4 s. A first visit downloads no snapshot: Python starts anew, and once
// the game is ready the page makes one for the next visits.
// html[data-snapshot] says which: "restored"; "deferred" (none made yet:
// Python started anew, the page makes one); "unused" (one was stored but did
// not restore: Python started anew).
//
// A stored snapshot that does not restore (another build of the runtime,
// damaged bytes, a browser update), or from which the last boot never got
// the game ready (SNAPSHOT_TRIAL, written before the restore starts and
// checked at the next boot: a restore that hangs past SNAPSHOT_RESTORE_MS
// reloads the page into that check), is dropped once: this boot starts
// Python anew, and makes a new one. The service
// worker counts the drops of its version's snapshots; after
// SNAPSHOT_MAX_DROPS the page stops making new ones (a browser whose own
// snapshots never restore only starts slower). Never a boot loop.
const SNAPSHOT_MAX_DROPS = 2;
const SNAPSHOT_TRIAL = screen.keyOf(screen.keys.snapshot_trial); // (null without the keys' names: no trial mark)
let snapshotDrops = 0;

function storage() {
  if (!SNAPSHOT_TRIAL) return null;
  try {
    return globalThis.localStorage || null;
  } catch (_) {
    return null; // storage refused: no trial mark, the snapshot is used as it is
  }
}

// The stored snapshot's bytes (a promise of them) or null, from this
// install's own service worker (sw.js answers 204 when it has none, with
// the drops so far).
async function storedSnapshot() {
  if (!cached) return null;
  const response = await fetch(SNAPSHOT_URL);
  snapshotDrops = Number(response.headers.get("Hearts-Snapshot-Drops")) || 0;
  if (response.status !== 200 || !response.body) return null;
  if (storage()?.getItem(SNAPSHOT_TRIAL)) {
    response.body.cancel();
    console.warn("boot: the last start from this browser's snapshot did not get the game ready: it is dropped");
    dropSnapshot();
    return null;
  }
  // As it is stored (assets/snapshot-pages.js): the worker unpacks it.
  return { bytes: response.arrayBuffer() };
}

// A restore takes ~0.4 s here and a few seconds on a slow phone; one
// still running after this long hangs (damaged pages whose lengths add up
// spin Pyodide's restore at 100% of a processor, never ending).
const SNAPSHOT_RESTORE_MS = 30000;
let restoreWatch = null;

function markTrial() {
  try {
    storage()?.setItem(SNAPSHOT_TRIAL, "1"); // cleared once the game is ready
    return Boolean(storage()?.getItem(SNAPSHOT_TRIAL));
  } catch (_) {
    return false; // a full storage: no trial mark
  }
}

// The restore hung: this boot ends its worker and starts again, and the
// next boot, finding the trial mark, drops the snapshot and starts Python
// anew (the usual path, which also tells the service worker). Without a
// mark (storage refused) a reload could hang again: the snapshot is dropped
// now and the loading screen offers its way out.
function restoreHung(hung, marked) {
  console.warn("boot: the restore of this browser's snapshot hung: it is dropped");
  performance.mark("hearts:snapshot-hung");
  leaving = true;
  hung.terminate();
  if (marked) {
    location.reload();
  } else {
    dropSnapshot();
    fail("failed", "the snapshot's restore hung");
  }
}

function dropSnapshot() {
  snapshotDrops += 1;
  storage()?.removeItem(SNAPSHOT_TRIAL);
  navigator.serviceWorker.controller?.postMessage({ hearts: "drop-snapshot" });
}

// The page's controller (hearts/page/controller.py), once MicroPython has
// run it: PyScript starts it beside this boot (index.html), and it sets
// window.heartsControl and says so with the event "hearts:controller".
const controllerUp = new Promise((resolve) => {
  if (globalThis.heartsControl) return resolve(globalThis.heartsControl);
  addEventListener("hearts:controller", () => resolve(globalThis.heartsControl), { once: true });
});
// MicroPython starts in well under a second; the game's Python takes
// seconds. Where MicroPython fails (its files would not load, it threw:
// microPythonFailed, below), PyScript runs the same controller in Pyodide
// on this thread (build/controller/pyodide.json, assets/pyodide-page.js),
// seconds slower to start, the same game. So it does for a controller still
// missing CONTROLLER_WAIT_MS after the game's Python is ready (never
// sooner: on a loaded machine MicroPython may be seconds late, and a
// second interpreter on this thread would only slow it more); one missing
// CONTROLLER_WAIT_MS after that will not come: the loading screen says so.
const CONTROLLER_WAIT_MS = 30000;

let inPyodide = false;
function controllerInPyodide(why) {
  if (inPyodide || html.hasAttribute("data-controller")) return;
  inPyodide = true;
  console.warn(`boot: the page's controller did not start in MicroPython (${why}); starting it in Pyodide`);
  const script = document.createElement("script");
  script.type = "py";
  script.src = "./build/controller/controller.py";
  document.body.append(script);
}
// MicroPython's own failure (its wasm did not load, its module threw: an
// unhandled rejection from its files) need not fail the boot.
function microPythonFailed(detail) {
  if (html.hasAttribute("data-controller") || !/\/micropython\//.test(`${detail?.stack ?? ""}\n${detail}`)) return false;
  controllerInPyodide(detail);
  return true;
}

async function controller() {
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const control = await Promise.race([controllerUp, wait(CONTROLLER_WAIT_MS)]);
  if (control) return control;
  controllerInPyodide(`not up ${CONTROLLER_WAIT_MS} ms after the game's Python`);
  return Promise.race([controllerUp, wait(CONTROLLER_WAIT_MS)]);
}

// The worker gets the runtime's files, the snapshot and app.zip, and
// starts Python; the controller carries out what the game asks of the page
// from the moment the game's Python is imported.
async function startPython(worker) {
  let snapshot = null;
  try {
    snapshot = (await storedSnapshot())?.bytes || null;
  } catch (error) {
    console.warn("boot: this browser's snapshot could not be read:", error);
  }
  const stored = snapshot !== null || snapshotDrops > 0;
  if (snapshot) snapshot.catch(() => {}); // handled below
  const dead = (why) => {
    if (html.hasAttribute("data-ready")) globalThis.heartsControl?.stopped(why);
    else fail("failed", why);
  };
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    dead(`the game's worker failed: ${event.message || "error"}`);
  });
  worker.addEventListener("messageerror", () => dead("a message from the game's worker could not be read"));
  const booted = new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      const kind = data?.kind;
      if (kind === "mark-time") {
        performance.mark(String(data.name));
      } else if (kind === "interpreter") {
        performance.mark("hearts:interpreter");
        screen.setStage(3);
        clearTimeout(restoreWatch);
        if (data.snapshot === "restored") {
          html.dataset.snapshot = "restored";
          screen.whenReady(() => storage()?.removeItem(SNAPSHOT_TRIAL)); // (marked before the restore)
        } else {
          if (data.snapshot === "dropped") dropSnapshot();
          html.dataset.snapshot = stored ? "unused" : "deferred";
        }
      } else if (kind === "python") {
        html.dataset.preload = String(data.preload);
        if (data.preload === "replaced") {
          console.info("boot: the snapshot's game modules are another app.zip's: the game is imported anew");
        }
        resolve(data);
      } else if (kind === "failed") {
        reject(new Error(data.error));
      }
    });
  });
  const [runtimeParts, zip, bytes] = await Promise.all([
    runtimeFiles(), appZip, snapshot ? snapshot.catch(() => null) : null,
  ]);
  const { files, types, module } = runtimeParts;
  // The boot watchdog's question (a boot that froze last time) holds the
  // game's Python before it runs at all.
  if (!bootWatchDone) performance.mark("hearts:boot-held"); // all is in; only the player's choice holds the game
  await bootWatched;
  const app = zip.slice(0); // (the page keeps its copy for the next visits' snapshot)
  const seed = crypto.getRandomValues(new Uint32Array(2)).join("");
  const transfer = [app, ...Object.values(files).filter(Boolean)];
  if (bytes) transfer.push(bytes);
  // Marked before the restore starts, so that a restore that hangs (or a
  // page closed in the middle of it) leaves the mark for the next boot.
  const marked = bytes ? markTrial() : false;
  worker.postMessage({
    kind: "files", files, types, wasmURL: WASM_URL, module, snapshot: bytes, stdLibURL: STDLIB_URL,
    restURL: STDLIB_REST_URL, app, seed,
  }, transfer);
  if (bytes) restoreWatch = setTimeout(() => restoreHung(worker, marked), SNAPSHOT_RESTORE_MS);
  const { frame } = await booted;
  await screen.language;
  const control = await controller();
  if (!control) throw new Error("the page's controller did not start, in MicroPython or in Pyodide");
  dispatchEvent(new Event("hearts:python")); // (the game's Python is about to start)
  control.attach(worker, frame, screen.scope, screen.halt);
  // The game's first screen comes within a few seconds of the start message;
  // if it does not (a stored text that takes forever to read, a future bug:
  // the worker is stuck, the page is not), the loading screen says so and
  // offers Start fresh, now rather than at the boot's time-out.
  setTimeout(() => {
    if (!html.hasAttribute("data-ready")) fail("failed", "the game's Python did not get ready");
  }, READY_GRACE_MS);
}

const READY_GRACE_MS = 15000;

// --- The snapshot for the next visits ----------------------------------------
// Once the game is ready and the service worker holds the site, a worker
// (assets/snapshot-worker.js) starts a second interpreter, imports the
// game's modules that do not touch the browser (build/snapshot.json) and
// snapshots it, on the processor's other core, while the player plays; the
// service worker stores it (sw.js). html[data-snapshot-made] says "stored"
// or "failed"; when none is to be made (restored from one, too many drops,
// no worker...), the performance mark "hearts:snapshot-skipped" says so at
// once (a test waits for it instead of for a time). The game's own
// interpreter cannot be snapshot: Pyodide snapshots only one loaded for it
// (_makeSnapshot) that holds no JS object, and the game's holds its
// messages' handlers.
const SNAPSHOT_DELAY_MS = 1000;

function makeSnapshotForNextVisits() {
  const skipped = () => { performance.mark("hearts:snapshot-skipped"); };
  if (html.dataset.snapshot === "restored" || snapshotDrops >= SNAPSHOT_MAX_DROPS || !appZip) return skipped();
  if (typeof Worker !== "function" || !("serviceWorker" in navigator) || typeof caches !== "object") return skipped();
  const controlled = new Promise((resolve) => {
    if (ownWorker()) return resolve();
    navigator.serviceWorker.addEventListener("controllerchange", () => { if (ownWorker()) resolve(); });
  });
  const idle = () => new Promise((resolve) => setTimeout(() => (globalThis.requestIdleCallback
    ? requestIdleCallback(resolve, { timeout: 5000 }) : resolve()), SNAPSHOT_DELAY_MS));
  (async () => {
    await controlled;
    await idle();
    const [modules, app] = await Promise.all([
      fetch(absolute("./build/snapshot.json")).then((response) => response.json()).then((data) => data.modules),
      appZip.then((bytes) => bytes.slice(0)),
    ]);
    // The snapshot goes from its worker to the service worker on this
    // channel: the worker posts it to one end, and this page passes the
    // other end on unread (assets/snapshot-worker.js says why).
    const keeper = new MessageChannel();
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    try {
      await new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
        worker.onerror = (event) => reject(new Error(event.message || "the snapshot worker failed"));
        worker.postMessage({ stdLibURL: STDLIB_URL, modules, app, keeper: keeper.port2 }, [app, keeper.port2]);
      });
      const answer = new MessageChannel();
      const kept = new Promise((resolve) => { answer.port1.onmessage = ({ data }) => resolve(data); });
      navigator.serviceWorker.controller.postMessage({ hearts: "snapshot" }, [keeper.port1, answer.port2]);
      if (!(await kept)) throw new Error("the service worker did not store it");
    } finally {
      worker.terminate(); // (only now: its end of the channel stays open until the bytes are stored)
    }
    html.dataset.snapshotMade = "stored";
  })().catch((error) => {
    html.dataset.snapshotMade = "failed";
    console.warn("boot: no snapshot for the next visits:", error);
  });
}
screen.whenReady(makeSnapshotForNextVisits);

