// The page's main thread once the game's Python runs in its worker
// (hearts/page/worker.py): events in as messages, the worker's messages
// carried out. Python holds the model, the update and the view; this file
// holds only what must be on the main thread: the DOM events, the morph of
// the HTML the view returns (assets/morph.js), focus, storage, the game's
// Web Lock, files, and the page coming and going. The protocol (each
// message's kind and fields) is written down once, in hearts/page/worker.py.
//
// One click listener on #app and one keydown listener on the document
// (neither is ever replaced): the target is found with
// closest("[data-action],[data-card]"). A message of a kind this file does
// not know is dropped with a console warning.
import { morph } from "./morph.js";

const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);

// -- focus ----------------------------------------------------------------------
// Where focus goes when the screen changes: into a dialog that opened, back
// to what opened it when it closes, onto the same card or button, or near it
// when that is gone.

// After these buttons, focus moves to a table with many new cards.
const LATER_FOCUS = new Set(["new-game", "confirm-pass", "continue"]);
const NO_SCROLL = { preventScroll: true };

// What has focus, as something to find again after a render.
function focusKey() {
  const el = document.activeElement;
  if (!el || !el.getAttribute) return null;
  const card = el.getAttribute("data-card");
  if (card) return { card };
  const action = el.getAttribute("data-action");
  return action ? { action, value: el.getAttribute("data-value") } : null;
}

export class Focus {
  constructor() {
    this.opener = null; // the focus key before the open dialog opened
    this.later = null; // an element to focus with the next frame
  }

  // #screen's content becomes `markup` (assets/morph.js), focus kept.
  morph(markup) {
    const key = focusKey();
    const hadOverlay = Boolean($("#screen .overlay"));
    const hadEnding = Boolean($("#screen .ending"));
    morph(document.getElementById("screen"), markup);
    const panel = $("#screen .overlay .panel");
    if (panel) {
      if (!hadOverlay) { // a dialog opened: focus moves into it
        this.opener = key;
        panel.focus();
      } else if (key) {
        this.restore(key);
      } else {
        panel.focus();
      }
    } else if (hadOverlay) { // a dialog closed: back to what opened it
      const opener = this.opener;
      this.opener = null;
      this.restore(opener || key);
    } else {
      this.restore(key);
    }
    // The hand (or the game) ended: focus moves into its dialog over the
    // table, onto the panel rather than Continue, so a stray Enter does not
    // deal on.
    const ending = $("#screen .ending-panel");
    if (!hadEnding && ending && !panel) ending.focus();
  }

  restore(key) {
    if (!key) return;
    let target;
    if (key.card) {
      // The card was played: focus goes to the hand as a whole, where a
      // stray Enter or Space does nothing (on the next card, it would play
      // that one on the next turn). The arrow keys go on from there.
      target = $(`#screen [data-card="${CSS.escape(key.card)}"]`) || $("#screen .hand");
    } else if (key.action === "confirm-pass" && !$('#screen [data-action="confirm-pass"]')) {
      target = $("#screen [data-card]"); // the pass is made: on into the hand
    } else {
      let selector = `#screen [data-action="${CSS.escape(key.action)}"]`;
      if (key.value) selector += `[data-value="${CSS.escape(key.value)}"]`;
      target = $(selector);
    }
    target ||= $("#screen .btn.primary, .overlay .btn.primary"); // e.g. the hand ended
    if (!target || target === document.activeElement) return;
    if (key.card || LATER_FOCUS.has(key.action)) {
      // A card played, a new table or a new hand: focusing makes the browser
      // style the page at once, and the new cards' pictures are most of
      // that: let it come with the next frame, which has to style them anyway.
      this.later = target;
      requestAnimationFrame(() => this.focusLater());
      return;
    }
    target.focus(NO_SCROLL); // the table never scrolls
  }

  focusLater() {
    const target = this.later;
    this.later = null;
    if (target && target.isConnected && !$("#screen .overlay")) {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) target.focus(NO_SCROLL);
    }
  }
}

// -- storage ------------------------------------------------------------------------
// The worker keeps a copy of this install's keys (hearts/page/mirror.py):
// sent at the start, then every other tab's change. A write is a
// compare-and-set against the value the copy held (expect).

const AREAS = { local: "localStorage", session: "sessionStorage" };

function area(name) {
  try {
    return globalThis[AREAS[name]] || null;
  } catch (_) {
    return null; // disabled, or a sandboxed frame
  }
}

function read(store, key) {
  try {
    return store ? store.getItem(key) : null;
  } catch (_) {
    return null;
  }
}

// This install's values of one area (its keys end with @<path>; at the
// root also the unscoped keys of before, which the runtime moves once).
function ownValues(name, scope) {
  const store = area(name);
  const values = {};
  if (!store) return values;
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key || !key.startsWith("hearts.")) continue;
      const at = key.indexOf("@");
      if (at < 0 ? scope === "/" : key.slice(at + 1) === scope) values[key] = store.getItem(key);
    }
  } catch (_) { /* as much as could be read */ }
  return values;
}

// Whether this page can write to localStorage at all (hearts.app.stored's PROBE).
function storageWorks(scope) {
  const store = area("local");
  const probe = `hearts.probe@${scope}`;
  try {
    store.setItem(probe, "1");
    store.removeItem(probe);
    return true;
  } catch (_) {
    return false;
  }
}

// -- the page ------------------------------------------------------------------------

const DOWNLOAD_KEPT_MS = 30000;

const PING_MS = 8000;
// The buttons whose click opens the file chooser (hearts.app.events: Action
// IMPORT_GAME and IMPORT_STATS; their handlers ask for a file, M.PickFile).
const PICKS_A_FILE = new Set(["import-game", "import-stats"]);

export function connect(worker, { scope, onStopped }) {
  const focus = new Focus();
  // html[data-sent]: the messages posted to the worker (its pings aside);
  // the worker marks data-received as it handles each (after what it
  // rendered for it). html[data-synced] while it has handled them all: the
  // page then shows what came of them (tests wait for it after a click).
  let sent = 0;
  const post = (message) => {
    if (message.kind !== "ping") {
      html.dataset.sent = String(++sent);
      html.removeAttribute("data-synced");
    }
    worker.postMessage(message);
  };
  const received = (count) => {
    if (Number(count) >= sent) html.setAttribute("data-synced", "");
  };
  const locks = new Map(); // claim id -> resolve of the promise the lock is held by
  let holding = null; // the id of the claim that holds the lock

  function store({ area: name, key, value, expect }) {
    const target = area(name);
    if (typeof key !== "string" || typeof value !== "string" || !target) return;
    let actual = read(target, key);
    if (name === "local" && actual !== (expect ?? null)) { // another tab stored first
      post({ kind: "refused", area: name, key, value, actual, full: false });
      return;
    }
    try {
      target.setItem(key, value);
    } catch (_) {
      actual = read(target, key);
      post({ kind: "refused", area: name, key, value, actual, full: true });
      return;
    }
    if (name === "local") post({ kind: "written", area: name, key, value });
  }

  function forget({ area: name, key }) {
    try {
      area(name)?.removeItem(key);
    } catch (_) { /* nothing to do */ }
  }

  async function claim({ id, key, steal }) {
    const api = globalThis.navigator?.locks;
    if (!api || typeof api.request !== "function") return post({ kind: "answer", id, value: "none" });
    if (holding !== null) return post({ kind: "answer", id, value: "held" });
    let answered = false;
    const answer = (value) => {
      if (!answered) post({ kind: "answer", id, value });
      answered = true;
    };
    try {
      await api.request(key, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        if (!lock) return answer("elsewhere");
        holding = id;
        answer("held");
        return new Promise((resolve) => locks.set(id, resolve));
      });
      if (holding === id) holding = null;
    } catch (_) {
      if (answered && holding === id) { // held here, and another tab took it
        holding = null;
        locks.delete(id);
        post({ kind: "lost", id });
      } else {
        answer("held"); // the API refused (e.g. an opaque origin): no locking
      }
    }
  }

  function release() {
    for (const resolve of locks.values()) resolve();
    locks.clear();
    holding = null;
  }

  function download({ text, name }) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_KEPT_MS);
  }

  function pick() {
    const picker = document.getElementById("import-file");
    if (picker) {
      picker.value = "";
      picker.click();
    }
  }

  async function persist({ id, ask }) {
    let value = "none";
    try {
      const storage = navigator.storage;
      if (storage && storage.persist && storage.persisted) {
        value = (await (ask ? storage.persist() : storage.persisted())) ? "granted" : "denied";
      }
    } catch (_) {
      value = "none";
    }
    post({ kind: "answer", id, value });
  }

  // The largest file "Open a game from a file" reads, in bytes (the worker
  // says it at the start, and measures the text again before it parses it).
  const limits = { file: 0 };

  const HANDLERS = {
    limits: ({ file }) => { limits.file = Number(file) || 0; },
    render: ({ html: markup }) => focus.morph(markup),
    announce: ({ text }) => { const live = document.getElementById("live"); if (live) live.textContent = text; },
    lang: ({ lang }) => { html.lang = lang; },
    title: ({ title }) => { document.title = title; },
    mark: ({ name, value }) => {
      html.setAttribute(name, value);
      if (name === "data-received") received(value);
    },
    text: ({ text }) => { document.getElementById("screen").textContent = text; },
    store,
    forget,
    claim,
    release,
    download,
    persist,
    "apply-update": () => (globalThis.heartsUpdate ? globalThis.heartsUpdate.apply() : location.reload()),
  };

  function handle(data) {
    const handler = data && Object.hasOwn(HANDLERS, data.kind) ? HANDLERS[data.kind] : null;
    if (!handler) {
      console.warn("hearts: a message of no known kind from the worker is dropped:", String(data?.kind).slice(0, 80));
      return false;
    }
    handler(data);
    return true;
  }

  // The file chosen for "Open a game from a file" (or the statistics), as text.
  async function readFile() {
    const picker = document.getElementById("import-file");
    const chosen = picker?.files?.[0];
    if (!chosen) return;
    let text = null;
    if (chosen.size <= limits.file) {
      try {
        text = await chosen.text();
      } catch (_) {
        text = null;
      }
    }
    picker.value = "";
    post({ kind: "file", text });
  }

  // -- events in -------------------------------------------------------------------
  // From the takeover on (until then the start screen answers: assets/start-screen.js).
  const app = document.getElementById("app");
  function listen() {
    app.addEventListener("click", (event) => {
      if (event.target.classList?.contains("overlay")) return post({ kind: "backdrop" }); // the dimmed backdrop
      const target = event.target.closest?.("[data-action],[data-card]");
      if (!target) return;
      const card = target.getAttribute("data-card");
      if (card) return post({ kind: "card", card, detail: event.detail || 0 });
      const action = target.getAttribute("data-action");
      post({ kind: "action", action, value: target.getAttribute("data-value"), detail: event.detail || 0 });
      // A file chooser opens only in the click's own handler (WebKit lets no
      // message from the worker open one): the page opens it for the two
      // buttons that ask for a file; the worker knows which kind of file
      // from the click's message.
      if (PICKS_A_FILE.has(action)) pick();
    });

    const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);
    // keydown listens on the document (never replaced either), so that Escape
    // closes a dialog even when focus has left the game (e.g. on <body>).
    document.addEventListener("keydown", (event) => {
      const { key } = event;
      if (event.repeat && (key === "Enter" || key === " ")) { // a key held down chooses once
        event.preventDefault();
        return;
      }
      if (key === "Escape") return post({ kind: "key", key });
      if (!ARROWS.has(key)) return;
      if ($("#screen .overlay.replay")) { // a trick back or on (hearts.app.events.key)
        post({ kind: "key", key });
        event.preventDefault();
        return;
      }
      const current = event.target.closest?.("[data-card],.choice");
      if (!current) {
        if (event.target.classList?.contains("hand")) { // focus on the hand: into its cards
          const cards = event.target.querySelectorAll("[data-card]");
          if (cards.length) {
            const back = key === "ArrowLeft" || key === "ArrowUp" || key === "End";
            cards[back ? cards.length - 1 : 0].focus();
            event.preventDefault();
          }
        }
        return;
      }
      const items = [...(current.hasAttribute("data-card")
        ? document.querySelectorAll("#screen [data-card]")
        : current.parentElement.querySelectorAll(".choice"))];
      let index = Math.max(0, items.indexOf(current));
      if (key === "ArrowLeft" || key === "ArrowUp") index = Math.max(0, index - 1);
      else if (key === "ArrowRight" || key === "ArrowDown") index = Math.min(items.length - 1, index + 1);
      else if (key === "Home") index = 0;
      else index = items.length - 1;
      items[index].focus();
      event.preventDefault();
    });

    addEventListener("pagehide", () => {
      post({ kind: "leave" });
      release(); // at once: the page that comes next (a reload's) owns the game
    });
    addEventListener("pageshow", (event) => { if (event.persisted) post({ kind: "back" }); });
    addEventListener("storage", (event) => { // another tab of this browser stored something
      if (typeof event.key === "string") post({ kind: "stored", key: event.key, value: event.newValue });
    });
    addEventListener("hearts:update", (event) => post({ kind: "update", what: String(event.detail) }));
    for (const [attr, what] of [["data-update", "ready"], ["data-offline", "offline"]]) {
      if (html.getAttribute(attr) === "ready") post({ kind: "update", what });
    }
    const onError = (event) => post({ kind: "error", text: String(event.message || event.reason || "error") });
    addEventListener("error", onError);
    addEventListener("unhandledrejection", onError);
  }

  // The game has stopped: its worker died (an error, out of memory, ended
  // from outside). Nothing more can be played here; the game was saved at
  // every move, and a reload goes on from there.
  let ended = false;
  function stopped(why) {
    if (ended) return;
    ended = true;
    html.setAttribute("data-stopped", "1");
    onStopped(why);
  }

  // The worker answers a ping at once, even while an opponent thinks (its
  // search yields to messages): one not answered within PING_MS means the
  // worker is gone (a terminated worker sends no event at all). Timed on
  // the document's animation clock, which timers firing late or in a burst
  // (a frozen tab, a clock moved on by a test) do not move; a check that
  // comes long after the one before asks again rather than judge.
  const clock = () => document.timeline?.currentTime ?? performance.now();
  let pinged = 0; // when the ping not answered yet went (0: none)
  let checked = 0;
  function watch() {
    setInterval(() => {
      const now = clock();
      const late = checked > 0 && now - checked > PING_MS / 2;
      checked = now;
      if (ended || document.hidden) return;
      if (pinged && !late && now - pinged > PING_MS) return stopped("the game's worker does not answer");
      if (!pinged || late) {
        pinged = now || 1;
        post({ kind: "ping" });
      }
    }, PING_MS / 4);
  }
  HANDLERS.pong = () => { pinged = 0; };

  return {
    handle,
    stopped,
    watch,
    // The frame around #screen, drawn once (hearts.page.worker.frame).
    // Its card-art preload comes once the game is ready and the browser idle.
    frame({ live, art, preload, file }) {
      const markup = live + art + (document.getElementById("import-file") ? "" : file);
      if (document.getElementById("screen")) app.insertAdjacentHTML("beforeend", markup);
      else app.innerHTML = `<div id="screen"></div>${markup}`;
      document.getElementById("import-file")?.addEventListener("change", readFile);
      const draw = () => app.insertAdjacentHTML("beforeend", preload);
      const idle = () => (globalThis.requestIdleCallback ? requestIdleCallback(draw, { timeout: 2000 }) : setTimeout(draw, 0));
      if (html.hasAttribute("data-ready")) return idle();
      const ready = new MutationObserver(() => {
        if (!html.hasAttribute("data-ready")) return;
        ready.disconnect();
        idle();
      });
      ready.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
    },
    // What the start screen in the page (assets/start-screen.js) hands over:
    // its rules page open, and the action of a button pressed before Python
    // was ready (New game, Statistics; Open a game from a file once a file
    // is chosen), carried out once the game is. From here on, the clicks
    // are the worker's (data-start-screen="python").
    takeOver() {
      const opened = $("#screen > .overlay.rules") ? "rules" : null;
      const pressed = html.getAttribute("data-start-pressed");
      html.removeAttribute("data-start-pressed");
      if (html.getAttribute("data-start-screen") === "prerendered") html.setAttribute("data-start-screen", "python");
      listen();
      if (opened) focus.opener = { action: "rules", value: null }; // back to it when the rules close
      if (pressed === "import-game" && document.getElementById("import-file")?.files?.length) {
        const ready = new MutationObserver(() => {
          if (html.hasAttribute("data-ready")) {
            ready.disconnect();
            readFile();
          }
        });
        ready.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
      }
      return { opened, pressed };
    },
    // The start message: what Python needs of the page to begin.
    start(extra) {
      return {
        kind: "start",
        path: location.pathname,
        origin: performance.timeOrigin,
        search: location.search, // (read by hearts.app.stored.query_params: each name's first value)
        lang: html.lang || "en",
        coarse: matchMedia("(pointer: coarse)").matches,
        storage: storageWorks(scope),
        local: ownValues("local", scope),
        session: ownValues("session", scope),
        ...extra,
      };
    },
  };
}
