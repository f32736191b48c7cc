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
// compiled ahead), hearts:interpreter, hearts:pyscript, hearts:mount and
// hearts:app (app.zip mounted) (loading-screen.js adds
// hearts:py-ready and hearts:ready, main.py hearts:main and hearts:imported)
// that `make bench` reads.

import "./snapshot-variant.js"; // globalThis.heartsSnapshotVariant(): which snapshot restores here
import "./app-python.js"; // globalThis.heartsAppPython: app.zip into the interpreter
import * as screen from "./loading-screen.js";
import { watchBoot } from "./boot-watch.js";

const { absolute, fail } = screen;
// Marked before Python starts; waits for the player if the last boot froze.
const bootWatched = watchBoot();
const BOOT_TIMEOUT_MS = 120000;
const html = document.documentElement;

// This browser's snapshot: WebKit cannot restore the one made in Chromium
// (which Firefox restores), the build makes one in each (tools/build.py
// snapshot(), assets/snapshot-variant.js).
const SNAPSHOT_URL = absolute(globalThis.heartsSnapshotVariant() === "webkit"
  ? "./build/pyodide-snapshot-webkit.bin.gz" : "./build/pyodide-snapshot.bin.gz");
// The page's standard library: the runtime's, with what Pyodide's start-up
// imports as bytecode (tools/build.py stdlib()); the snapshot was made with it.
const STDLIB_URL = absolute("./build/python_stdlib.zip");
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

// The link's speed, from the bytes of the first downloads (see
// snapshotWanted): bytes and time from the first chunk on.
let linkStart = 0;
let linkBytes = 0;
let onLinkBytes = null;
let linkBytesPerMs = null; // the measured speed, for the console
// Whether the snapshot is worth its download (snapshotWanted, below).
const SNAPSHOT_SAVES_MS = 1500;
const PROBE_BYTES = 384e3;
const PROBE_TIMEOUT_MS = 3000;

screen.onBytes((url, count) => {
  if (!linkStart) linkStart = performance.now();
  else linkBytes += count; // the first chunk came in no time that can be measured
  if (onLinkBytes) onLinkBytes();
});

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
  if (canUnpack) screen.expect(SNAPSHOT_URL);
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
// starts (its core, the TOML parser, its plugins). Preloaded, they are all
// in the page before Pyodide's start-up takes the main thread, and PyScript
// is often ready before the interpreter is; otherwise, on a first visit, it
// would fetch them one by one only after it. Hashed names of the pinned
// @pyscript/core build (e2e/test_platform.py checks that they exist).
const PYSCRIPT_CHUNKS = [
  "core-C9KDLldu.js", "toml-V4Savzlc.js", "error-D2315lOB.js", "deprecations-manager-UpAPKqCb.js",
  "donkey-4Hrqd7WZ.js", "py-editor-C4XsZtn7.js", "py-game-DWiCrr7a.js", "py-terminal-CwQ6kcjg.js",
];
// Right after the runtime's module: they are small, and HTTP/1.1 fetches
// only six at a time.
PRELOAD.splice(1, 0, ...PYSCRIPT_CHUNKS.map((chunk) => [`./build/vendor/pyscript/${chunk}`, "module"]));

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

// Python starts from a snapshot of its memory taken just after a start-up
// (build/pyodide-snapshot.bin.gz, see tools/build.py): restoring it took
// ~0.4 s where starting CPython anew takes 2-4 s. Pyodide refuses a
// snapshot of another build; then, or without the file or
// DecompressionStream, Python starts the usual way. On a slow link the
// snapshot's 6 MB would cost more time than they save: a first visit then
// starts Python anew and leaves the snapshot to the service worker, which
// caches it for the next visits (snapshotWanted). html[data-snapshot] says
// which: "restored", "deferred" (not downloaded: the link is slow) or
// "unused". It is unpacked as it arrives, and its bytes are counted for the bar.
async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
  return new Response(await unpackedBody(SNAPSHOT_URL, response)).arrayBuffer();
}

// Is the snapshot worth its download? From the service worker's cache,
// always. Otherwise only if it arrives in less time than it saves
// (SNAPSHOT_SAVES_MS: starting Python anew minus restoring it took 1.6 s
// here, median of 4 cold loads each; more on a slow phone) at the speed
// the runtime's files are arriving: measured over their first PROBE_BYTES
// (at 10 Mbit/s that takes 0.3 s, on a fast link a few ms). With the 5.8 MB
// snapshot the break-even is ~30 Mbit/s. If the bytes are that slow to
// come at all (PROBE_TIMEOUT_MS), it is not.
// (The constants are with the link's measure, above: the boot runs before
// this part of the module.)

function snapshotWanted() {
  if (cached) return Promise.resolve(true);
  return new Promise((resolve) => {
    const decide = (timedOut) => {
      const elapsed = performance.now() - linkStart;
      const allIn = [WASM_URL, STDLIB_URL].every((url) => screen.bytesIn(url) >= screen.expectedSize(url)
        || screen.bytesIn(PACKED.get(url)?.copy) >= screen.expectedSize(PACKED.get(url)?.copy));
      if (!timedOut && linkBytes < PROBE_BYTES && !allIn) return;
      onLinkBytes = null;
      clearTimeout(timer);
      linkBytesPerMs = linkStart && elapsed > 0 ? linkBytes / elapsed : linkStart ? Infinity : 0;
      const snapshotBytes = screen.expectedSize(SNAPSHOT_URL) || 6e6;
      resolve(!timedOut && snapshotBytes / linkBytesPerMs <= SNAPSHOT_SAVES_MS);
    };
    const timer = setTimeout(() => decide(true), PROBE_TIMEOUT_MS);
    onLinkBytes = () => decide(false);
    decide(false);
  });
}

async function startInterpreter(runtime) {
  let snapshot = null;
  let deferred = false;
  if (canUnpack) {
    if (await snapshotWanted()) {
      snapshot = fetchSnapshot();
      snapshot.catch(() => {}); // not an unhandled rejection while the runtime loads: handled below
    } else {
      deferred = true;
      screen.expect(SNAPSHOT_URL, false);
      console.info(`boot: ${(linkBytesPerMs * 8e-3).toFixed(1)} Mbit/s: Python starts anew,`
        + " the service worker fetches the snapshot for the next visits");
    }
  }
  const undoCompileAhead = snapshot ? compileAhead() : () => {};
  try {
    const pyodide = await runtime;
    if (snapshot) {
      try {
        const restored = await pyodide.loadPyodide({ _loadSnapshot: snapshot, stdLibURL: STDLIB_URL });
        html.dataset.snapshot = "restored";
        return restored;
      } catch (error) {
        console.warn("boot: Python starts without its snapshot:", error);
      }
    }
    html.dataset.snapshot = deferred ? "deferred" : "unused";
    return await pyodide.loadPyodide({ stdLibURL: STDLIB_URL });
  } finally {
    undoCompileAhead();
  }
}

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
  const [pyodide, zip] = await Promise.all([interpreter, appZip, screen.language, bootWatched]);
  performance.mark("hearts:mount");
  html.dataset.preload = globalThis.heartsAppPython.mount(pyodide, new Uint8Array(zip));
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
