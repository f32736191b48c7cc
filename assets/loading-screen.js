// The loading screen (index.html's #boot), from the first script to the
// playable game: its language, its texts, the bar and the stages, and the
// message when the boot fails. assets/boot.js starts the game and tells it
// what arrives (countBody, count, expect, setStage, reach, fail).
//
// 1. The language: the one assets/start-screen.js picked before the first
//    paint (?lang=xx, else localStorage "hearts.lang@<path>", else
//    navigator.languages; default en), or the one the player chose on the
//    start screen since. The texts come in build/boot-i18n.json, which the
//    build writes from the Python sources (hearts/dev/catalogs.py). Sets
//    <html lang>: the Python UI reads it from there.
// 2. Show the texts of that language, and the progress: the bar moves with
//    the bytes of the big files as they arrive (build/boot-sizes.json),
//    then with the boot's stages.
// 3. When Python sets html[data-ready], the loading screen hides.
// 4. On an error or a time-out, show a translated message, and offer to
//    start without what this install stored.
//
// Attributes on <html> that tests and the UI may read:
//   lang              the chosen language
//   data-boot-texts   the language the loading screen speaks once its texts are in
//   data-boot-stage   1 downloading, 2 starting Python (the files are in),
//                     3 loading the game (Python is up)
//   data-boot-progress  where the loading bar stands, 0-100: it only grows,
//                     to BYTES_SHARE with the bytes, to 100 at data-ready
//   data-boot-error   "unsupported" (no WebAssembly) or "failed"
//   data-boot-ms      ms from navigation start to data-ready
// and the performance mark hearts:ready. data-ready is set by Python
// (hearts.page.binding, through the worker's marks) and by nobody else.

const html = document.documentElement;
const $ = (id) => document.getElementById(id);
export const absolute = (path) => new URL(path, document.baseURI).href;

// Each install of the game (the folder of its page, the service worker's
// scope) keeps its own values: the language under "<its key>@/beta/"
// (hearts/app/stored.py defines every key, and also moves the root
// install's values of before to its own keys once). The keys' names come
// from Python, through build/start-screen.js (self.HEARTS_START.facts,
// hearts.dev.prerender.facts); without that file (a damaged deploy) the
// boot goes on with no watchdog and nothing to put aside.
const SCOPE = location.pathname.replace(/[^/]*$/, "") || "/";
const FACTS = self.HEARTS_START?.facts;
export const scope = SCOPE;
export const keys = FACTS?.keys ?? {};
export const keyOf = (key) => (key ? `${key}${FACTS.separator}${SCOPE}` : null);

// This install's stored values (and, at the root, those of before), for
// "Start fresh" after a failed boot: [key, ...]. Not those put aside
// already (a second Start fresh would hide them one prefix deeper), nor
// the snapshot's trial mark (the boot's own bookkeeping, no player's data).
export function ownKeys() {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !FACTS || !key.startsWith(FACTS.prefix) || key.startsWith(keys.aside)) continue;
      if (key === keyOf(keys.snapshot_trial)) continue;
      const at = key.indexOf("@");
      if (at < 0 ? SCOPE === "/" : key.slice(at + 1) === SCOPE) found.push(key);
    }
  } catch (_) { /* storage may be disabled */ }
  return found;
}

// Moves them aside (kept under keys.aside + their key, not deleted) and starts again.
export function startFresh() {
  for (const key of ownKeys()) {
    try {
      const value = localStorage.getItem(key);
      localStorage.removeItem(key);
      localStorage.setItem(keys.aside + key, value);
    } catch (error) {
      console.warn("boot: could not keep", key, "aside:", error);
    }
  }
  location.reload();
}

// The page's language (assets/start-screen.js picks it, and the player may
// choose another one on the start screen), if it is one of ours.
function pickLanguage({ languages, default: fallback }) {
  const lang = self.heartsStart?.lang;
  return languages.includes(lang) ? lang : fallback;
}

// What the screen says when build/boot-i18n.json cannot be read: the
// English of hearts/dev/catalogs.py's BOOT_TEXTS, which the build writes
// into index.html as data (#boot-english).
const FALLBACK = (() => {
  try {
    return JSON.parse($("boot-english").textContent);
  } catch (_) {
    return {};
  }
})();
let texts = { ...FALLBACK };
// A text of the loading screen in the page's language (once it is in).
export const text = (key) => texts[key] ?? FALLBACK[key];
let stage = 0;
let failed = false;

export function setStage(n) {
  if (failed || n < stage) return;
  stage = n;
  const key = n <= 1 ? "loading" : n === 2 ? "booting" : "starting";
  if (texts[key]) $("boot-status").textContent = texts[key];
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
// (MILESTONES), and data-ready fills it. boot.js reports the big fetch()
// bodies as they arrive (count, countBody: a copy of a response, read and
// dropped); the module is counted once it is in (Resource Timing). The bar
// is drawn at most once a frame; it never moves back.
const BYTES_SHARE = 80;
const MILESTONES = {
  "hearts:interpreter": 88, // Python is up (restored from the snapshot)
  "hearts:app": 92, // the game's Python is on the interpreter's path
  "hearts:imported": 98, // the game's modules are imported
};
let sizes = null; // {absolute URL: bytes}, from build/boot-sizes.json
let unpackedSizes = {}; // {absolute URL of a .gz file: bytes unpacked}
const unpackedByHost = new Set(); // .gz files the host sent with Content-Encoding
const reading = new Set(); // absolute URLs of the big files this visit reads
const arrived = new Map(); // absolute URL -> bytes that arrived
const finished = new Set(); // absolute URLs whose download is complete
const byteListeners = [];
let milestone = 0;
let shown = 0;
let frame = 0;
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
const sizeOf = (url) => (unpackedByHost.has(url) && unpackedSizes[url]) || sizes[url];

// This visit reads url (or no longer does: another file instead).
export function expect(url, wanted = true) {
  if (wanted) reading.add(url);
  else reading.delete(url);
  showProgress();
}

// The size the build gave url (undefined until boot-sizes.json is in).
export const expectedSize = (url) => sizes?.[url];
export const bytesIn = (url) => arrived.get(url) || 0;
// listener(url, count) hears of every chunk counted (boot.js measures the link).
export const onBytes = (listener) => byteListeners.push(listener);

export function count(url, bytes) {
  arrived.set(url, (arrived.get(url) || 0) + bytes);
  for (const listener of byteListeners) listener(url, bytes);
  showProgress();
}

export function cameUnpacked(url) {
  unpackedByHost.add(url);
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
  // "3.2 MB / 19.9 MB" while the bytes come, in the page's number format
  // (once the page's language is known).
  $("boot-bytes").textContent = stage <= 1 && expected && !failed && html.dataset.bootTexts
    ? `${megabytes(html.lang, got)} / ${megabytes(html.lang, expected)}` : "";
}

export function reach(value) {
  milestone = Math.max(milestone, value);
  showProgress();
}

export async function loadSizes() {
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
export function countBody(url, response) {
  if (!response.ok || !response.body) return;
  const reader = response.clone().body.getReader();
  const next = () => reader.read().then(({ done, value }) => {
    if (done) return;
    count(url, value.byteLength);
    return next();
  });
  next().catch(() => {}); // a failed download is reported by its reader
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

// What may answer a failed boot before the screen says anything
// (boot.js: the service worker checks its files, the page loads again);
// true when it did.
// ``reload``: what the failed boot's Reload does (boot.js: the same check,
// then the page loads again).
let beforeFailing = null;
let reloadAfterFailing = () => location.reload();
export const beforeFail = (answer, reload) => {
  beforeFailing = answer;
  reloadAfterFailing = reload;
};

export function fail(key, detail) {
  if (html.hasAttribute("data-ready") || failed) return;
  if (key === "failed" && beforeFailing?.(detail)) return;
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
  if (key !== "failed") return;
  // Start fresh when something is stored (it may be what broke the boot),
  // and Reload always: a way out that needs no keyboard shortcut.
  const fresh = offerFreshStart();
  box.append(reloadButton(!fresh, reloadAfterFailing));
}

function reloadButton(primary, reload = () => location.reload()) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = "reload";
  button.className = primary ? "btn primary" : "btn";
  button.textContent = texts.reload;
  button.addEventListener("click", () => {
    button.disabled = true; // (once: the page loads again when the check is done)
    reload();
  });
  return button;
}

// The game stopped after it was ready (its worker died: assets/page.js):
// the loading screen comes back over the table with the message and a
// button that reloads. What was played is saved at every move.
export function halt(detail) {
  if (html.hasAttribute("data-boot-error")) return;
  failed = true;
  html.dataset.bootError = "stopped";
  const box = $("boot");
  box.hidden = false;
  box.style.display = "flex"; // (html[data-ready] hides it otherwise)
  box.dataset.state = "error";
  const status = $("boot-status");
  status.textContent = texts.stopped;
  status.className = "boot-error";
  status.setAttribute("role", "alert");
  const button = reloadButton(true);
  box.append(button);
  button.focus();
  if (detail) console.warn("boot: stopped:", detail);
}

// A boot that failed may have failed on what this install stored (and
// would on every reload): offer to start without it, keeping it aside.
function offerFreshStart() {
  if ($("boot-fresh")) return true;
  if (!ownKeys().length) return false;
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
  return true;
}

// The language and its texts, from build/boot-i18n.json; resolves once
// <html lang> is set (English when the file cannot be read).
async function loadTexts() {
  let data = null;
  try {
    const response = await fetch(new URL("../build/boot-i18n.json", import.meta.url));
    data = await response.json();
  } catch (_) { /* the fallback below */ }
  const lang = data ? pickLanguage(data) : "en";
  html.lang = lang;
  const own = data?.[lang];
  texts = { ...FALLBACK, ...own };
  if (own) {
    $("boot-title").textContent = texts.title;
    document.title = texts.title;
    document.querySelector('meta[name="description"]').content = texts.description;
    // the installed app's name in the page's language
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
  return lang;
}

export function whenReady(callback) {
  if (html.hasAttribute("data-ready")) return callback();
  const observer = new MutationObserver(() => {
    if (html.hasAttribute("data-ready")) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
}

addEventListener("unhandledrejection", (event) => fail("failed", event.reason));

// The page's language, once <html lang> is set (boot.js waits for it
// before it hands Python over).
export const language = loadTexts();

whenReady(() => {
  performance.mark("hearts:ready");
  reach(100);
  if (frame) cancelAnimationFrame(frame);
  drawProgress(); // at once: the loading screen is hidden now
  html.dataset.bootMs = String(Math.round(performance.now()));
  // One line in the console per boot: how long it took, and from what.
  console.info(`hearts: ready in ${html.dataset.bootMs} ms (Python: ${html.dataset.snapshot || "?"})`);
  $("boot").hidden = true;
  if (failed) $("boot").dataset.state = "";
});
