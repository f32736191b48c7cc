// Boot sequence of the Hearts page (no inline scripts: the page has a CSP).
//
// 1. Pick the language: ?lang=xx, else localStorage "hearts.lang", else
//    navigator.languages; Norwegian (no/nn/nb) means nb; default en.
//    Sets <html lang> - the Python UI reads it from there.
// 2. Fill the loading screen with translated texts (build/boot-i18n.json).
// 3. Only if WebAssembly exists: start Pyodide at once (from its memory
//    snapshot when it can, see startInterpreter), fetch the game's
//    Python (build/app.zip), preload the other files and start PyScript;
//    show the progress: the bar moves with the bytes of the big files as
//    they arrive (build/boot-sizes.json), then with the boot's stages.
//    pyscript.toml names this module as PyScript's interpreter:
//    PyScript's loadPyodide() call gets the interpreter that is already
//    starting, with app.zip on its sys.path (the end of this file).
// 4. When Python sets html[data-ready], the loading screen hides (CSS) and
//    the service worker is registered (after boot, so the first visit does
//    not download everything twice).
// 5. On an error or a time-out, show a translated message.
//
// Attributes on <html> that tests and the UI may read:
//   lang              the chosen language
//   data-boot-stage   1 downloading, 2 starting Python (the files are in),
//                     3 loading the game (Python is up)
//   data-boot-progress  where the loading bar stands, 0-100: it only grows,
//                     to BYTES_SHARE with the bytes, to 100 at data-ready
//   data-boot-error   "unsupported" (no WebAssembly) or "failed"
//   data-boot-ms      ms from navigation start to data-ready
//   data-sw           "controlled" once the service worker serves the page
//                     (the game then starts offline too)
//   data-snapshot     "restored": Python came from its memory snapshot;
//                     "deferred": a first visit on a slow link, Python
//                     started anew (the worker caches the snapshot);
//                     "unused": it started the usual way
// and performance marks hearts:boot, hearts:interpreter, hearts:pyscript,
// hearts:py-ready, hearts:ready (main.py adds hearts:main, hearts:imported)
// that `make bench` reads.
// data-ready is set by Python (hearts.ui.controller) and by nobody else.

import "./snapshot-variant.js"; // globalThis.heartsSnapshotVariant(): which snapshot restores here

// The table's styles and PyScript's are attached here, not in <head>: a
// stylesheet in <head> holds up the first paint, and the loading screen
// needs only the styles inline in index.html (which preloads these two).
for (const href of ["./build/vendor/pyscript/core.css", "./assets/game.css"]) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}

const SUPPORTED = ["en", "fi", "nb", "lt", "nl"];
const BOOT_TIMEOUT_MS = 120000;
const AFTER_MAIN_GRACE_MS = 15000;
const html = document.documentElement;
const $ = (id) => document.getElementById(id);

function normalise(tag) {
  if (!tag) return null;
  const base = String(tag).toLowerCase().split(/[-_]/)[0];
  if (base === "no" || base === "nn" || base === "nb") return "nb";
  return SUPPORTED.includes(base) ? base : null;
}

// Each install of the game (the folder of its page, the service worker's
// scope) keeps its own values: "hearts.lang@/beta/" (hearts/ui/stored.py,
// which also moves the root install's values of before, "hearts.lang", to
// its own keys once).
const SCOPE = location.pathname.replace(/[^/]*$/, "") || "/";
const keyOf = (key) => `${key}@${SCOPE}`;
const ASIDE = "hearts.aside.";
const LANG_MAX_CHARS = 16; // a language tag; anything longer is not one

function storedLanguage() {
  const own = localStorage.getItem(keyOf("hearts.lang"));
  const value = own ?? (SCOPE === "/" ? localStorage.getItem("hearts.lang") : null);
  return typeof value === "string" && value.length <= LANG_MAX_CHARS ? value : null;
}

// This install's stored values (and, at the root, those of before), for
// "Start fresh" after a failed boot: [key, ...].
function ownKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith("hearts.") || key.startsWith(ASIDE)) continue;
      const at = key.indexOf("@");
      if (at < 0 ? SCOPE === "/" : key.slice(at + 1) === SCOPE) keys.push(key);
    }
  } catch (_) { /* storage may be disabled */ }
  return keys;
}

// Moves them aside (kept under "hearts.aside.<key>", not deleted) and starts again.
function startFresh() {
  for (const key of ownKeys()) {
    try {
      const value = localStorage.getItem(key);
      localStorage.removeItem(key);
      localStorage.setItem(ASIDE + key, value);
    } catch (error) {
      console.warn("boot: could not keep", key, "aside:", error);
    }
  }
  location.reload();
}

export function pickLanguage() {
  const fromQuery = normalise(new URLSearchParams(location.search).get("lang"));
  if (fromQuery) return fromQuery;
  try {
    const stored = normalise(storedLanguage());
    if (stored) return stored;
  } catch (_) { /* storage may be disabled */ }
  for (const tag of navigator.languages || [navigator.language]) {
    const lang = normalise(tag);
    if (lang) return lang;
  }
  return "en";
}

const FALLBACK = {
  title: "Hearts",
  loading: "Downloading the game…",
  booting: "Starting Python…",
  starting: "Loading the game…",
  unsupported: "This browser cannot run the game: it needs WebAssembly. Please use a current browser.",
  failed: "The game could not start. Please reload the page.",
  fresh: "Start fresh",
  fresh_note: "Your saved game and settings are put aside, not deleted, and the game starts without them.",
};
let texts = { ...FALLBACK };
let stage = 0;
let failed = false;

function setStage(n) {
  if (failed || n < stage) return;
  stage = n;
  const key = n <= 1 ? "loading" : n === 2 ? "booting" : "starting";
  $("boot-status").textContent = texts[key] || texts.booting;
  html.dataset.bootStage = String(n);
  showProgress();
}

// --- The loading bar ---------------------------------------------------------
// On a first visit the boot is mostly waiting for the runtime
// (pyodide.asm.wasm, python_stdlib.zip, pyodide.asm.mjs), the snapshot of
// its memory and the game's Python. Their sizes come from the build
// (build/boot-sizes.json: a host may compress and send no Content-Length).
// The bar's first BYTES_SHARE parts follow the bytes of the files this
// visit reads (`reading`: the plain files or their gzipped copies, with or
// without the snapshot); then each stage of the start moves it on
// (MILESTONES), and data-ready fills it. The big fetch() bodies are counted
// as they arrive: the snapshot, app.zip and the runtime's three files
// (fetched here, see download()); a plain file's bytes are counted on a
// copy of its response (Response.clone(), no second request), read and
// dropped. The module is counted once it is in (Resource Timing). The bar is
// drawn at most once a frame; it never moves back.
const BYTES_SHARE = 80;
const MILESTONES = {
  "hearts:interpreter": 88, // Python is up (restored from the snapshot)
  "hearts:py-ready": 92, // PyScript has taken the interpreter
  "hearts:main": 95, // main.py runs
  "hearts:imported": 98, // the game's modules are imported
};
let sizes = null; // {absolute URL: bytes}, from build/boot-sizes.json
let unpackedSizes = {}; // {absolute URL of a .gz file: bytes unpacked}
const cameUnpacked = new Set(); // .gz files the host sent with Content-Encoding
const reading = new Set(); // absolute URLs of the big files this visit reads
const arrived = new Map(); // absolute URL -> bytes that arrived
const finished = new Set(); // absolute URLs whose download is complete
let milestone = 0;
let shown = 0;
let frame = 0;
const absolute = (path) => new URL(path, document.baseURI).href;
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
const megabytes = (lang, bytes) => {
  try {
    return new Intl.NumberFormat(lang, {
      style: "unit", unit: "megabyte", minimumFractionDigits: 1, maximumFractionDigits: 1,
    }).format(bytes / 1e6);
  } catch (_) {
    return `${(bytes / 1e6).toFixed(1)} MB`;
  }
};

// A .gz file the host sent with Content-Encoding arrives unpacked: the
// page then reads its unpacked size, not the file's.
const sizeOf = (url) => (cameUnpacked.has(url) && unpackedSizes[url]) || sizes[url];

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

function addBytes(url, count) {
  arrived.set(url, (arrived.get(url) || 0) + count);
  if (!linkStart) linkStart = performance.now();
  else linkBytes += count; // the first chunk came in no time that can be measured
  if (onLinkBytes) onLinkBytes();
  showProgress();
}

// [bytes in, bytes expected] of the files this visit reads.
function bytesSoFar() {
  let expected = 0;
  let got = 0;
  for (const url of reading) {
    const size = sizes && sizeOf(url);
    if (!size) continue;
    expected += size;
    got += finished.has(url) ? size : Math.min(arrived.get(url) || 0, size);
  }
  return [got, expected];
}

// Drawn in the next frame; but the stage changes at once when the last byte
// is in: the interpreter's start may hold the main thread, and with it the
// frames, until it is up.
function showProgress() {
  if (stage <= 1 && !failed) {
    const [got, expected] = bytesSoFar();
    if (expected && got >= expected) setStage(2); // only the interpreter's start is left
  }
  if (!frame) frame = requestAnimationFrame(drawProgress);
}

function drawProgress() {
  frame = 0;
  const [got, expected] = bytesSoFar();
  const value = Math.max(shown, milestone, expected ? (BYTES_SHARE * got) / expected : 0);
  if (value > shown || !html.dataset.bootProgress) {
    shown = value;
    $("boot-progress").value = Math.round(value * 10) / 10;
    html.dataset.bootProgress = String(Math.floor(value));
  }
  // "3.2 MB / 19.9 MB" while the bytes come, in the page's number format.
  $("boot-bytes").textContent = stage <= 1 && expected && !failed
    ? `${megabytes(html.lang, got)} / ${megabytes(html.lang, expected)}` : "";
}

function reach(value) {
  milestone = Math.max(milestone, value);
  showProgress();
}

async function loadSizes() {
  try {
    const response = await fetch(new URL("../build/boot-sizes.json", import.meta.url));
    const { files, unpacked } = await response.json();
    const known = {};
    for (const [path, size] of Object.entries(files)) known[absolute(`./${path}`)] = size;
    unpackedSizes = Object.fromEntries(Object.entries(unpacked).map(([path, size]) => [absolute(`./${path}`), size]));
    sizes = known;
  } catch (_) {
    sizes = null; // the bar then moves with the stages only
  }
  showProgress();
}

// Counts a copy of a response's body as it arrives (the original goes on
// untouched to whoever asked for it).
function countBody(url, response) {
  if (!response.ok || !response.body) return;
  const reader = response.clone().body.getReader();
  const next = () => reader.read().then(({ done, value }) => {
    if (done) return;
    addBytes(url, value.byteLength);
    return next();
  });
  next().catch(() => {}); // a failed download is reported by its reader
}

// The body of a gzipped file, unpacked as it arrives, its bytes counted for
// the bar as they come (unless they are counted already). A host may send a .gz file with Content-Encoding:
// gzip, and then the browser has unpacked it already: the first two bytes
// (in practice in the first chunk) say whether it is still gzipped.
async function unpackedBody(url, response, { counted = false } = {}) {
  const reader = response.body.getReader();
  const read = async () => {
    const chunk = await reader.read();
    if (!chunk.done && !counted) addBytes(url, chunk.value.byteLength);
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
  if (!packed) {
    cameUnpacked.add(url);
    showProgress();
  }
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
    countBody(from, response);
    return [from, response];
  });
  reading.add(packed ? packed.copy : url);
  let next = packed
    ? fetchOk(packed.copy).catch((error) => {
      console.warn(`boot: ${error}; loading ${url} instead`);
      reading.delete(packed.copy);
      reading.add(url);
      showProgress();
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
// own fetch() of each gets that response (once). A <link rel="preload">
// did that before, but WebKit warns of a preload not used within a few
// seconds of the load event, and on a first visit main.py comes later.
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
  reading.add(MODULE_URL);
  reading.add(APP_ZIP_URL);
  if (canUnpack) reading.add(SNAPSHOT_URL);
  whenReady(() => { // whatever PyScript did not ask for is not kept
    early.clear();
    letGo();
  });
  return () => {
    interpreterUp = true;
    handOver.clear(); // and the copies kept for a second start with it
    letGo();
  };
}

// The two modules and the lock file: counted whole once they are in.
if (typeof PerformanceObserver === "function") {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.entryType === "mark") {
          if (entry.name in MILESTONES) reach(MILESTONES[entry.name]);
        } else if (entry.responseEnd > 0) {
          finished.add(entry.name);
          showProgress();
        }
      }
    }).observe({ entryTypes: ["mark", "resource"] });
  } catch (_) { /* the stages still move the bar */ }
}

function fail(key, detail) {
  if (html.hasAttribute("data-ready") || failed) return;
  failed = true;
  $("boot-bytes").textContent = "";
  const box = $("boot");
  box.dataset.state = "error";
  const status = $("boot-status");
  status.textContent = texts[key];
  status.className = "boot-error";
  status.setAttribute("role", "alert");
  html.dataset.bootError = key;
  if (detail) console.warn("boot:", key, detail);
  offerFreshStart();
}

// A boot that failed may have failed on what this install stored (and
// would on every reload): offer to start without it, keeping it aside.
function offerFreshStart() {
  if ($("boot-fresh") || !ownKeys().length) return;
  const box = document.createElement("div");
  box.className = "boot-fresh";
  box.id = "boot-fresh";
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = "start-fresh";
  button.className = "btn primary";
  button.textContent = texts.fresh;
  button.addEventListener("click", startFresh);
  const note = document.createElement("p");
  note.textContent = texts.fresh_note;
  box.append(button, note);
  $("boot").append(box);
}

async function loadTexts(lang) {
  let all = null;
  try {
    const response = await fetch(new URL("../build/boot-i18n.json", import.meta.url));
    all = await response.json();
    const own = all[lang] || {};
    texts = { ...FALLBACK, ...(all.en || {}), ...own };
    // "starting" is optional: never mix an English stage text into another language.
    if (lang !== "en" && !own.starting) texts.starting = texts.booting;
  } catch (_) {
    texts = { ...FALLBACK };
  }
  $("boot-title").textContent = texts.title;
  document.title = texts.title;
  if (texts.description) {
    document.querySelector('meta[name="description"]').content = texts.description;
  }
  if (all && all[lang]) { // the installed app's name in the page's language
    document.querySelector('link[rel="manifest"]').href = `./build/manifest-${lang}.webmanifest`;
  }
  html.dataset.bootTexts = lang; // the loading screen speaks the page's language now
  if (failed) {
    $("boot-status").textContent = texts[html.dataset.bootError] || texts.failed;
    const fresh = $("boot-fresh");
    if (fresh) {
      fresh.querySelector("button").textContent = texts.fresh;
      fresh.querySelector("p").textContent = texts.fresh_note;
    }
  } else {
    setStage(Math.max(stage, 1));
  }
}

function whenReady(callback) {
  if (html.hasAttribute("data-ready")) return callback();
  const observer = new MutationObserver(() => {
    if (html.hasAttribute("data-ready")) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
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

// The stages: 1 while the files arrive, 2 once they are all in (the
// interpreter starts), 3 when it is up (hearts:interpreter) and PyScript
// and the game start. PyScript fires "py:ready" on the script element just
// before main.py runs, "py:done" after.
addEventListener("py:ready", () => {
  performance.mark("hearts:py-ready");
  setStage(3);
});
addEventListener("py:done", () => {
  // main.py has run; if the game is not playable soon after (the UI may
  // finish its start in an asyncio task), something broke.
  setTimeout(() => {
    if (!html.hasAttribute("data-ready")) fail("failed", "py:done without data-ready");
  }, AFTER_MAIN_GRACE_MS);
});
addEventListener("error", (event) => {
  const message = String(event.message || "");
  if (message.includes("PythonError") || message.includes("pyodide")) fail("failed", message);
});
addEventListener("unhandledrejection", (event) => fail("failed", event.reason));

// PyScript shows Python errors as div.py-error: treat them as a failed boot.
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes)
      if (node.nodeType === 1 && node.classList.contains("py-error")) fail("failed", node.textContent);
}).observe(document.body, { childList: true });

const lang = pickLanguage();
html.lang = lang;
loadTexts(lang);

whenReady(() => {
  performance.mark("hearts:ready");
  reach(100);
  if (frame) cancelAnimationFrame(frame);
  drawProgress(); // at once: the loading screen is hidden now
  html.dataset.bootMs = String(Math.round(performance.now()));
  $("boot").hidden = true;
  if (failed) $("boot").dataset.state = "";
  registerServiceWorker();
});

// Preload what the page needs after the interpreter, in parallel with its
// start-up (the runtime's wasm, standard library and lock file are fetched
// by download(), pyscript.toml and main.py by fetchEarly()). A file that cannot be loaded fails the boot here: Pyodide
// itself would wait forever.
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
  loadSizes();
  const unwatch = watchPyodideFetches();
  runtime = import(new URL("../build/vendor/pyodide/pyodide.mjs", import.meta.url).href);
  interpreter = startInterpreter(runtime);
  interpreter.finally(unwatch).catch(() => {});
  interpreter.then(() => {
    performance.mark("hearts:interpreter");
    setStage(3);
  }, (error) => fail("failed", error));
  appZip = fetch(new URL("../build/app.zip", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`build/app.zip: HTTP ${response.status}`);
    countBody(absolute("./build/app.zip"), response);
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
// (at 10 Mbit/s that takes 0.3 s, on a fast link a few ms). With the 4.8 MB
// snapshot the break-even is ~25 Mbit/s. If the bytes are that slow to
// come at all (PROBE_TIMEOUT_MS), it is not.
// (The constants are with the link's measure, above: the boot runs before
// this part of the module.)

function snapshotWanted() {
  if (cached) return Promise.resolve(true);
  return new Promise((resolve) => {
    const decide = (timedOut) => {
      const elapsed = performance.now() - linkStart;
      const allIn = [WASM_URL, STDLIB_URL].every((url) => arrived.get(url) >= sizes?.[url]
        || arrived.get(PACKED.get(url)?.copy) >= sizes?.[PACKED.get(url)?.copy]);
      if (!timedOut && linkBytes < PROBE_BYTES && !allIn) return;
      onLinkBytes = null;
      clearTimeout(timer);
      linkBytesPerMs = linkStart && elapsed > 0 ? linkBytes / elapsed : linkStart ? Infinity : 0;
      const snapshotBytes = (sizes && sizes[SNAPSHOT_URL]) || 6e6;
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
      reading.delete(SNAPSHOT_URL);
      showProgress();
      console.info(`boot: ${(linkBytesPerMs * 8e-3).toFixed(1)} Mbit/s: Python starts anew,`
        + " the service worker fetches the snapshot for the next visits");
    }
  }
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
  return pyodide.loadPyodide({ stdLibURL: STDLIB_URL });
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
// before the sources PyScript writes to the working directory.
let version;
if (runtime) {
  try {
    ({ version } = await runtime);
  } catch (_) { /* reported by interpreter's handler above */ }
}
export { version };

export async function loadPyodide({ stdout, stderr } = {}) {
  if (!interpreter) throw new Error("boot.js: no WebAssembly, no interpreter");
  const [pyodide, zip] = await Promise.all([interpreter, appZip]);
  const path = `${pyodide.FS.cwd()}/app.zip`;
  pyodide.FS.writeFile(path, new Uint8Array(zip));
  const sys = pyodide.pyimport("sys");
  sys.path.insert(0, path);
  sys.destroy();
  // Pyodide's start imports random (tempfile does), seeded then: in a
  // snapshot, the same seed for every player. New games draw their deal
  // numbers from it, so it is seeded again here, from the browser.
  pyodide.runPython("import random; random.seed()");
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
