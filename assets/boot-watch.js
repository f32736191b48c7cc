// The boot's watchdog that Python cannot block (issue 26). A timer on the
// page's main thread never fires while Python blocks that thread (a stored
// text that takes hours to read, a future bug): a page frozen while it
// boots stays frozen, and every reload reads the same text and freezes
// again. So each boot attempt is marked in sessionStorage before Python
// starts ("hearts.booting@<path>"), and the mark goes when the game is
// ready and when the page is left the usual way (pagehide: a reload, a
// link; a page back from the back-forward cache before it was ready marks
// again). A page that finds the mark is the reload of one that froze or
// crashed while it booted (its pagehide never ran): before the game's
// Python runs, it offers Start fresh (this install's stored values put
// aside, as after a failed boot) or Try again. A reload in the middle of a
// boot that is not stuck leaves the usual way and is not asked anything,
// and neither is a page with nothing stored (nothing to put aside).
//
// html[data-boot-stuck] is set while the choice is shown: #boot-stuck, its
// buttons data-action="start-fresh" and data-action="boot-retry".

import * as screen from "./loading-screen.js";

const KEY = screen.keyOf(screen.keys.booting); // (null without the keys' names: no watchdog)
const html = document.documentElement;

function session(method, ...args) {
  if (!KEY) return null;
  try {
    return sessionStorage[method](...args);
  } catch (_) {
    return null; // storage may be disabled: then there is no watchdog either
  }
}

function mark() {
  if (!html.hasAttribute("data-ready")) session("setItem", KEY, "1");
}

// Resolves when the game's Python may run: at once, or after Try again.
export function watchBoot() {
  const stuck = session("getItem", KEY) !== null && screen.ownKeys().length > 0;
  mark();
  addEventListener("pagehide", () => session("removeItem", KEY));
  addEventListener("pageshow", (event) => { if (event.persisted) mark(); });
  screen.whenReady(() => session("removeItem", KEY));
  if (!stuck) return Promise.resolve();
  html.dataset.bootStuck = "1";
  return screen.language.then(() => new Promise((resolve) => ask(resolve)));
}

function ask(retry) {
  const box = document.createElement("div");
  box.className = "boot-fresh";
  box.id = "boot-stuck";
  const why = document.createElement("p");
  why.setAttribute("role", "alert");
  why.textContent = screen.text("stuck");
  const button = (action, key, primary, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = action;
    b.className = primary ? "btn primary" : "btn";
    b.textContent = screen.text(key);
    b.addEventListener("click", onClick);
    return b;
  };
  const note = document.createElement("p");
  note.textContent = screen.text("fresh_note");
  const again = button("boot-retry", "retry", false, () => {
    box.remove();
    delete html.dataset.bootStuck;
    retry();
  });
  box.append(why, button("start-fresh", "fresh", true, screen.startFresh), note, again);
  document.getElementById("boot").append(box);
}
