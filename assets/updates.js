// A new version of the game, told and never forced; "works offline now".
//
// sw.js installs a new build's worker and lets it wait: it takes over only
// when a page asks ({hearts: "skip-waiting"}). This module watches the
// registration and tells the game through a window event "hearts:update"
// (the controller, hearts/page/controller.py, hands it to the worker's
// hearts/app/updates.py) whose detail is
//   "ready"    a new version waits (or another tab switched to it, so the
//              code under this page is no longer the worker's): the game
//              says so and switches when the player chooses (a button, the
//              next hand, the next game), never in the middle of a hand;
//   "offline"  the first install has cached everything: this page is now
//              served by the worker and the game also opens offline.
//   "quota"    a new version did not fit in the storage the browser gives
//              the site (sw.js: it cleaned up, and tries again later); the
//              version of this page plays on;
// and marks <html>: data-update="ready", data-offline="ready",
// data-update-failed="quota" (tests read them; the game reads them too, in
// case it listens late).
// globalThis.heartsUpdate.apply() switches: the waiting worker goes ahead
// and, once it serves the page, the page reloads (the game was saved: it
// comes back as it was, on the new version).

const html = document.documentElement;
const SWITCH_WAIT_MS = 10000;
let registration = null;
let switching = false;

function tell(what) {
  if (what === "quota") html.setAttribute("data-update-failed", "quota");
  else html.setAttribute(what === "ready" ? "data-update" : "data-offline", "ready");
  globalThis.dispatchEvent(new CustomEvent("hearts:update", { detail: what }));
}

// A worker that finished installing: a new version when a worker already
// serves this page; else the first install, which takes the page at once.
function watchInstalling(worker) {
  if (!worker) return;
  const installed = () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) tell("ready");
  };
  worker.addEventListener("statechange", installed);
  installed();
}

export function watchUpdates(ownWorker, reg) {
  registration = reg;
  const controlled = ownWorker();
  if (reg.waiting && controlled) tell("ready");
  watchInstalling(reg.installing);
  reg.addEventListener("updatefound", () => watchInstalling(reg.installing));
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.hearts === "update-failed" && event.data.reason === "quota") tell("quota");
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (switching) {
      location.reload();
    } else if (controlled) {
      tell("ready"); // another tab switched: this page's code is the old one
    } else if (ownWorker()) {
      tell("offline"); // the first install now serves the page
    }
  });
  // A tab left open for days still hears of a new build: look when the
  // player comes back to it, and every hour.
  const look = () => reg.update().catch(() => {});
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") look(); });
  setInterval(look, 3600 * 1000);
}

function apply() {
  const waiting = registration?.waiting;
  if (!waiting) {
    location.reload(); // switched already (another tab): the reload runs the new code
    return;
  }
  switching = true;
  waiting.postMessage({ hearts: "skip-waiting" });
  // (should the new worker never take the page, the reload still runs)
  setTimeout(() => location.reload(), SWITCH_WAIT_MS);
}

globalThis.heartsUpdate = { apply };
