// PyScript's interpreter module (pyscript.toml names it), which starts the
// game at once (no inline scripts: the page has a CSP).
//
// Only if WebAssembly exists: start Pyodide as soon as the page runs (from
// its memory snapshot when it can, see startInterpreter), fetch the
// runtime's big files, the game's Python (build/app.zip) and the small
// files PyScript reads, preload the other modules and start PyScript.
// PyScript's loadPyodide() call (the end of this file) gets the
// interpreter that is already starting, with app.zip on its sys.path. After
// the boot, register the service worker (so the first visit does not
// download everything twice). What arrives and how far the boot is, the
// loading screen shows (assets/loading-screen.js).
//
// Attributes on <html> that tests and the UI may read:
//   data-sw           "controlled" once the service worker serves the page
//                     (the game then starts offline too)
//   data-snapshot     "restored": Python came from its memory snapshot;
//                     "deferred": a first visit on a slow link, Python
//                     started anew (the worker caches the snapshot);
//                     "unused": it started the usual way
//   data-preload      what the snapshot had of the game's modules (see
//                     loadPyodide below)
// and performance marks hearts:boot, hearts:compiled (the wasm, when it is
// compiled ahead), hearts:interpreter, hearts:boot-held (all is in, and
// only the boot watchdog's question holds the game), hearts:pyscript, hearts:mount and
// hearts:app (app.zip mounted) (loading-screen.js adds
// hearts:py-ready and hearts:ready, main.py hearts:main and hearts:imported)
// that `make bench` reads.

import "./app-python.js"; // globalThis.heartsAppPython: app.zip into the interpreter
import * as screen from "./loading-screen.js";
import { watchBoot } from "./boot-watch.js";
import { watchUpdates } from "./updates.js";

const { absolute, fail } = screen;
// Marked before Python starts; waits for the player if the last boot froze.
const bootWatched = watchBoot();
// Whether the boot watchdog let the boot go on (at once when the last boot
// ended well; after Start fresh or Try again when it froze).
let bootWatchDone = false;
bootWatched.then(() => { bootWatchDone = true; });
// A first visit starts Python anew (the browser makes its snapshot after it):
// WebKit took 20-45 s for that here, and over 120 s when the shared machine
// was loaded far beyond its two cores.
const BOOT_TIMEOUT_MS = 240000;
const html = document.documentElement;

// The snapshot this browser made of the interpreter after an earlier visit
// (makeSnapshotForNextVisits, below): no file of the site, the service
// worker answers this URL from its cache (sw.js).
const SNAPSHOT_URL = absolute("./build/local/pyodide-snapshot.bin.gz");
// The page's standard library: the runtime's, with what Pyodide's start-up
// imports as bytecode (tools/build.py stdlib()); the snapshot was made with it.
const STDLIB_URL = absolute("./build/python_stdlib.zip");
// The runtime's whole standard library: what the page's cut leaves out is
// loaded from it on demand (assets/app-python.js); never precached.
const STDLIB_REST_URL = absolute("./build/vendor/pyodide/python_stdlib.zip");
const APP_ZIP_URL = absolute("./build/app.zip");
const MODULE_URL = absolute("./build/vendor/pyodide/pyodide.asm.mjs");
// The runtime's files the build also ships gzipped (tools/build.py PACKED),
// with the type Pyodide needs them to have (instantiateStreaming wants
// application/wasm).
const PACKED = new Map([
  ["./build/vendor/pyodide/pyodide.asm.wasm", "./build/packed/pyodide.asm.wasm.gz", "application/wasm"],
  ["./build/vendor/pyodide/pyodide-lock.json", "./build/packed/pyodide-lock.json.gz", "application/json"],
].map(([file, copy, type]) => [absolute(file), { copy: absolute(copy), type }]));
const [WASM_URL, LOCK_URL] = PACKED.keys();
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
  const body = new ReadableStream({
    start(controller) {
      for (const bytes of head) controller.enqueue(bytes);
      if (done) controller.close();
    },
    async pull(controller) {
      const chunk = await read();
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return packed ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

// --- The runtime's files ------------------------------------------------------
// boot.js fetches the runtime's three big files itself, at once (Pyodide
// asks for them only once its module is in), and Pyodide's own fetch() of
// each gets that download: until the interpreter is up, fetch() is wrapped
// (handOver), then it is the browser's again. On a first visit the wasm
// and the lock file come as their gzipped copies (build/packed/: 3.5 MB
// instead of 9.6 for the wasm, for hosts that do not compress), unpacked as
// they arrive and handed to Pyodide as a Response of the right type: the
// wasm still compiles while it streams in. If a copy cannot be had, the
// file itself is fetched. A second request of a file (Python starting anew
// after a snapshot that did not restore) gets a copy of the same response
// (Response.clone()): the runtime is never downloaded twice.
const nativeFetch = globalThis.fetch;
const handOver = new Map(); // absolute URL -> () => Promise<Response>

function download(url) {
  const packed = usePacked ? PACKED.get(url) : undefined;
  // Counted as they arrive, whether Pyodide reads them yet or not: the
  // first bytes measure the link (snapshotWanted), before Pyodide starts.
  const fetchOk = (from) => nativeFetch(from).then((response) => {
    if (!response.ok) throw new Error(`${from}: HTTP ${response.status}`);
    screen.countBody(from, response);
    return [from, response];
  });
  screen.expect(packed ? packed.copy : url);
  let next = packed
    ? fetchOk(packed.copy).catch((error) => {
      console.warn(`boot: ${error}; loading ${url} instead`);
      screen.expect(packed.copy, false);
      screen.expect(url);
      return fetchOk(url);
    })
    : fetchOk(url);
  next.catch((error) => fail("failed", error)); // Pyodide itself would wait forever
  handOver.set(url, () => {
    const mine = next;
    next = mine.then(([from, response]) => [from, response.clone()]); // before anyone reads it
    next.catch(() => {}); // reported above
    return mine.then(async ([from, response]) => {
      if (from === url) return response;
      const body = failOnError(await unpackedBody(from, response, { counted: true }), from);
      return new Response(body, { headers: { "Content-Type": packed.type } });
    });
  });
}

// A copy that breaks while it is unpacked (cut short, not gzip after all)
// fails the boot at once: Pyodide would only log it and wait forever.
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

// Two small files PyScript fetches itself, pyscript.toml as it starts and
// main.py once the interpreter is up: fetched here at once, and PyScript's
// own fetch() of each gets that response (once). Not a <link
// rel="preload">: WebKit warns of a preload not used within a few seconds
// of the load event, and on a first visit main.py comes later.
const EARLY = ["./pyscript.toml", "./main.py"];
const early = new Map(); // absolute URL -> Promise<Response>, until PyScript asks

function fetchEarly() {
  for (const path of EARLY) {
    const url = absolute(path);
    const response = nativeFetch(url).then((answer) => {
      if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
      return answer;
    });
    response.catch((error) => fail("failed", `could not load ${path}: ${error}`));
    early.set(url, response);
  }
}

function watchPyodideFetches() {
  let interpreterUp = false;
  const counting = function fetch(input, init) {
    const url = input instanceof Request ? input.url : absolute(String(input));
    const kept = early.get(url);
    if (kept && !(input instanceof Request) && (!init || !init.method || init.method === "GET")) {
      early.delete(url);
      letGo();
      return kept;
    }
    const give = handOver.get(url);
    return give ? give() : nativeFetch(input, init);
  };
  // fetch() is the browser's again once nothing is left to hand over.
  const letGo = () => {
    if (interpreterUp && !early.size && globalThis.fetch === counting) globalThis.fetch = nativeFetch;
  };
  globalThis.fetch = counting;
  for (const url of [WASM_URL, STDLIB_URL, LOCK_URL]) download(url);
  fetchEarly();
  screen.expect(MODULE_URL);
  screen.expect(APP_ZIP_URL);
  screen.whenReady(() => { // whatever PyScript did not ask for is not kept
    early.clear();
    letGo();
  });
  return () => {
    interpreterUp = true;
    handOver.clear(); // and the copies kept for a second start with it
    letGo();
  };
}

// --- The wasm compiles while the snapshot comes in ----------------------------
// Pyodide compiles its wasm only once the snapshot is in: its loadPyodide()
// awaits the snapshot before it instantiates the module. Where the browser
// keeps no compiled code between visits (WebKitGTK compiles the 9.6 MB again
// at each load, ~180 ms here, after ~145 ms of unpacking the snapshot), the
// two then come one after the other. So with a snapshot boot.js compiles the
// wasm itself, as it arrives, and Pyodide's fetch() of it gets a stand-in
// (an empty response, so the download is not kept twice), whose
// instantiateStreaming() instantiates the module compiled here. Any other
// instantiateStreaming() call, and every call if that compile failed, goes
// to the browser's own with the real file. Chromium reuses its compiled code
// here as in Pyodide's own call (same response, same URL). Undone as soon as
// the interpreter is up.
function compileAhead() {
  const native = WebAssembly.instantiateStreaming;
  const give = handOver.get(WASM_URL);
  if (typeof WebAssembly.compileStreaming !== "function" || typeof native !== "function" || !give) {
    return () => {};
  }
  const compiled = WebAssembly.compileStreaming(give());
  compiled.then(() => performance.mark("hearts:compiled"), () => {}); // a failure: the browser's own call says why
  const standIns = new WeakSet();
  handOver.set(WASM_URL, async () => {
    const standIn = new Response(null, { headers: { "Content-Type": "application/wasm" } });
    standIns.add(standIn);
    return standIn;
  });
  WebAssembly.instantiateStreaming = async function instantiateStreaming(source, imports) {
    const response = await source;
    if (!standIns.has(response)) return native.call(WebAssembly, response, imports);
    let module;
    try {
      module = await compiled;
    } catch (_) {
      return native.call(WebAssembly, give(), imports);
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return () => {
    WebAssembly.instantiateStreaming = native;
  };
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

// Preload what the page needs after the interpreter, in parallel with its
// start-up (the runtime's wasm, standard library and lock file are fetched
// by download(), pyscript.toml and main.py by fetchEarly()). A file that
// cannot be loaded fails the boot here: Pyodide itself would wait forever.
const PRELOAD = [
  ["./build/vendor/pyodide/pyodide.asm.mjs", "module"],
  // Imported, not preloaded: PyScript imports morph.js (which imports
  // morphdom) only once Python is up, and WebKit warns of a preload not
  // used within a few seconds of the load event. Neither module does
  // anything until it is called, so running it early changes nothing;
  // PyScript's import then gets the same module.
  ["./assets/morph.js", "import"],
];

// PyScript's own modules, which it imports one after the other as it
// starts (its core, the TOML parser, its plugins' entry chunks; the editor
// and terminal they would load are neither fetched nor precached). Preloaded, they are all
// in the page before Pyodide's start-up takes the main thread, and PyScript
// is often ready before the interpreter is; otherwise, on a first visit, it
// would fetch them one by one only after it. Hashed names of the pinned
// @pyscript/core build (e2e/test_platform.py checks that they exist).
const PYSCRIPT_CHUNKS = [
  "core-C9KDLldu.js", "toml-V4Savzlc.js", "error-D2315lOB.js", "deprecations-manager-UpAPKqCb.js",
  "donkey-4Hrqd7WZ.js", "py-editor-C4XsZtn7.js", "py-game-DWiCrr7a.js", "py-terminal-CwQ6kcjg.js",
];
// Right after the runtime's module: they are small, and HTTP/1.1 fetches
// only six at a time. Only on a visit the service worker serves (which
// restores the browser's snapshot, and PyScript asks for them within a
// second or two): a first visit starts Python anew, which takes long enough
// for PyScript to fetch them when it asks, and WebKit warns of a preload not
// used within a few seconds of the load event.
if (cached) {
  PRELOAD.splice(1, 0, ...PYSCRIPT_CHUNKS.map((chunk) => [`./build/vendor/pyscript/${chunk}`, "module"]));
}

function preload() {
  for (const [path, kind] of PRELOAD) {
    if (kind === "import") {
      import(new URL(path, document.baseURI).href).catch((error) => fail("failed", `could not load ${path}: ${error}`));
      continue;
    }
    const link = document.createElement("link");
    if (kind === "module") {
      link.rel = "modulepreload";
    } else {
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous"; // matches fetch()'s default request
    }
    link.href = new URL(path, document.baseURI).href;
    link.addEventListener("error", () => fail("failed", `could not load ${path}`));
    document.head.append(link);
  }
}

// Pyodide starts here, as on a bare Pyodide page, not when PyScript asks for
// it: PyScript first loads its own modules, pyscript.toml and its storage,
// which would delay the interpreter's start by 0.3-0.8 s. Everything else
// overlaps with the interpreter's start-up.
let runtime = null; // import of pyodide.mjs
let interpreter = null; // its loadPyodide()
let appZip = null; // the bytes of build/app.zip
if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
  fail("unsupported");
} else {
  performance.mark("hearts:boot");
  screen.loadSizes();
  const unwatch = watchPyodideFetches();
  runtime = import(new URL("../build/vendor/pyodide/pyodide.mjs", import.meta.url).href);
  interpreter = startInterpreter(runtime);
  interpreter.finally(unwatch).catch(() => {});
  interpreter.then(() => {
    performance.mark("hearts:interpreter");
    screen.setStage(3);
  }, (error) => fail("failed", error));
  appZip = fetch(new URL("../build/app.zip", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`build/app.zip: HTTP ${response.status}`);
    screen.countBody(APP_ZIP_URL, response);
    return response.arrayBuffer();
  });
  appZip.catch((error) => fail("failed", error));
  preload();
  setTimeout(() => fail("failed", "time-out"), BOOT_TIMEOUT_MS);
  import(new URL("../build/vendor/pyscript/core.js", import.meta.url).href)
    .then(() => performance.mark("hearts:pyscript"), (error) => fail("failed", error));
}

// Python starts from a snapshot of its memory that this browser made after
// an earlier visit (makeSnapshotForNextVisits, below; the service worker
// keeps it): restoring it took ~0.4 s where starting CPython anew takes
// 2-4 s. A first visit downloads no snapshot: Python starts anew, and once
// the game is ready the page makes one for the next visits.
// html[data-snapshot] says which: "restored"; "deferred" (none made yet:
// Python started anew, the page makes one); "unused" (one was stored but did
// not restore, or the browser cannot unpack it: Python started anew).
//
// A stored snapshot that does not restore (another build of the runtime,
// damaged bytes, a browser update), or from which the last boot never got
// the game ready (SNAPSHOT_TRIAL, checked at the next boot), is dropped
// once: this boot starts Python anew, and makes a new one. The service
// worker counts the drops of its version's snapshots; after
// SNAPSHOT_MAX_DROPS the page stops making new ones (a browser whose own
// snapshots never restore only starts slower). Never a boot loop.
const SNAPSHOT_MAX_DROPS = 2;
const SNAPSHOT_TRIAL = `hearts.snapshot-trial@${new URL("../", import.meta.url).pathname}`;
let snapshotDrops = 0;

function storage() {
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
  if (!cached || !canUnpack) return null;
  const response = await fetch(SNAPSHOT_URL);
  snapshotDrops = Number(response.headers.get("Hearts-Snapshot-Drops")) || 0;
  if (response.status !== 200 || !response.body) return null;
  if (storage()?.getItem(SNAPSHOT_TRIAL)) {
    response.body.cancel();
    console.warn("boot: the last start from this browser's snapshot did not get the game ready: it is dropped");
    dropSnapshot();
    return null;
  }
  return { bytes: unpackedBody(SNAPSHOT_URL, response, { counted: true }).then((body) => new Response(body).arrayBuffer()) };
}

function dropSnapshot() {
  snapshotDrops += 1;
  storage()?.removeItem(SNAPSHOT_TRIAL);
  navigator.serviceWorker.controller?.postMessage({ hearts: "drop-snapshot" });
}

async function startInterpreter(runtime) {
  let snapshot = null;
  let stored = false;
  try {
    snapshot = (await storedSnapshot())?.bytes || null;
  } catch (error) {
    console.warn("boot: this browser's snapshot could not be read:", error);
  }
  stored = snapshot !== null || snapshotDrops > 0;
  if (snapshot) snapshot.catch(() => {}); // not an unhandled rejection while the runtime loads: handled below
  const undoCompileAhead = snapshot ? compileAhead() : () => {};
  try {
    const pyodide = await runtime;
    if (snapshot) {
      try {
        const restored = await pyodide.loadPyodide({ _loadSnapshot: snapshot, stdLibURL: STDLIB_URL });
        html.dataset.snapshot = "restored";
        storage()?.setItem(SNAPSHOT_TRIAL, "1"); // cleared once the game is ready
        screen.whenReady(() => storage()?.removeItem(SNAPSHOT_TRIAL));
        return restored;
      } catch (error) {
        console.warn("boot: Python starts without this browser's snapshot, which is dropped:", error);
        dropSnapshot();
      }
    }
    html.dataset.snapshot = stored || (cached && !canUnpack) ? "unused" : "deferred";
    return await pyodide.loadPyodide({ stdLibURL: STDLIB_URL });
  } finally {
    undoCompileAhead();
  }
}

// --- The snapshot for the next visits ----------------------------------------
// Once the game is ready and the service worker holds the site, a worker
// (assets/snapshot-worker.js) starts a second interpreter, imports the
// game's modules that do not touch the browser (build/snapshot.json) and
// snapshots it, on the processor's other core, while the player plays; the
// service worker stores it (sw.js). html[data-snapshot-made] says "stored"
// or "failed"; when none is to be made (restored from one, too many drops,
// no worker...), the performance mark "hearts:snapshot-skipped" says so at
// once (a test waits for it instead of for a time). The page's own
// interpreter cannot be snapshot: it holds PyScript's JS objects.
const SNAPSHOT_DELAY_MS = 1000;

function makeSnapshotForNextVisits() {
  const skipped = () => { performance.mark("hearts:snapshot-skipped"); };
  if (html.dataset.snapshot === "restored" || snapshotDrops >= SNAPSHOT_MAX_DROPS || !appZip) return skipped();
  if (typeof Worker !== "function" || typeof CompressionStream !== "function" || !canUnpack
    || !("serviceWorker" in navigator) || typeof caches !== "object") return skipped();
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
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    const made = await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
      worker.onerror = (event) => reject(new Error(event.message || "the snapshot worker failed"));
      worker.postMessage({ stdLibURL: STDLIB_URL, modules, app }, [app]);
    }).finally(() => worker.terminate());
    const channel = new MessageChannel();
    const kept = new Promise((resolve) => { channel.port1.onmessage = ({ data }) => resolve(data); });
    navigator.serviceWorker.controller.postMessage({ hearts: "snapshot", snapshot: made.snapshot }, [made.snapshot, channel.port2]);
    if (!(await kept)) throw new Error("the service worker did not store it");
    html.dataset.snapshotMade = "stored";
  })().catch((error) => {
    html.dataset.snapshotMade = "failed";
    console.warn("boot: no snapshot for the next visits:", error);
  });
}
screen.whenReady(makeSnapshotForNextVisits);

// This module is PyScript's interpreter module (pyscript.toml): PyScript reads
// `version` and calls `loadPyodide(options)`, as it would from pyodide.mjs.
// It gets the interpreter started above, with PyScript's output handlers
// (its error plugin shows Python errors on the page). PyScript's other
// options (indexURL: this folder; packages) do not apply: the game needs no
// packages, and pyscript.toml must not ask for any.
//
// The game's Python (the hearts package, PyScript's own package, both
// precompiled, and the catalogs) is imported from app.zip as it is: the
// file goes into the interpreter's file system and first on sys.path
// (zipimport, as Python reads its own standard library). Unpacking it
// instead (PyScript's [files]) wrote ~60 files through Python, ~50 ms of
// the boot. So `import pyscript` too finds its precompiled copy in app.zip
// before the sources PyScript writes to the working directory. A restored
// snapshot has most of the game's modules imported already, from this
// very zip (assets/app-python.js checks that it is, and html[data-preload]
// says what it found: "preloaded", "fresh" or "replaced").
let version;
if (runtime) {
  try {
    ({ version } = await runtime);
  } catch (_) { /* reported by interpreter's handler above */ }
}
export { version };

export async function loadPyodide({ stdout, stderr } = {}) {
  if (!interpreter) throw new Error("boot.js: no WebAssembly, no interpreter");
  const [pyodide, zip] = await Promise.all([interpreter, appZip, screen.language]);
  if (!bootWatchDone) performance.mark("hearts:boot-held"); // all is in; only the player's choice holds the game
  await bootWatched;
  performance.mark("hearts:mount");
  html.dataset.preload = globalThis.heartsAppPython.mount(pyodide, new Uint8Array(zip), { restURL: STDLIB_REST_URL });
  performance.mark("hearts:app");
  if (html.dataset.preload === "replaced") {
    console.info("boot: the snapshot's game modules are another app.zip's: the game is imported anew");
  }
  // Pyodide's start imports random (tempfile does), seeded then: in a
  // snapshot, the same seed for every player. New games draw their deal
  // numbers from it, so it is seeded again here, from the browser.
  pyodide.runPython("import random; random.seed()");
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
