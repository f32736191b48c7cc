// What the Firefox and WebKit smoke (e2e/test_browsers.py, e2e/firefox_smoke.mjs)
// asks the page. One expression; the drivers evaluate it and call a member by
// name. It reads the page only through the test contract: html[data-ready],
// data-phase, button[data-card], aria-disabled, aria-pressed, data-action,
// and the saved game in localStorage ("hearts.save@<the page's folder>":
// every install of the game has its own keys, hearts/app/stored.py).
({
  // Everything the smoke decides on, in one round trip.
  state() {
    const html = document.documentElement;
    const section = document.querySelector("#app [data-phase]");
    const cards = [...document.querySelectorAll("#app button[data-card]")];
    let save = null;
    const key = "hearts.save@" + location.pathname.replace(/[^/]*$/, "");
    try { save = localStorage.getItem(key); } catch (error) { save = "unreadable: " + error; }
    return {
      ready: html.hasAttribute("data-ready"),
      bootError: html.getAttribute("data-boot-error"),
      sw: html.getAttribute("data-sw"),
      snapshot: html.getAttribute("data-snapshot"),
      snapshotMade: html.getAttribute("data-snapshot-made"),
      preload: html.getAttribute("data-preload"),
      compiledAhead: performance.getEntriesByName("hearts:compiled").length === 1,
      lock: html.getAttribute("data-lock"),
      // the effects' tasks still running (hearts/page/runtime.py): "0" once
      // no opponent's card is on its way and no re-render is to come
      running: html.getAttribute("data-running"),
      // the game's worker has handled every message the page sent it
      // (assets/page.js): what came of a click is on the page, its save too
      synced: !html.hasAttribute("data-sent") || html.hasAttribute("data-synced"),
      phase: section ? section.getAttribute("data-phase") : null,
      hand: cards.map((b) => b.getAttribute("data-card")),
      legal: cards.filter((b) => b.getAttribute("aria-disabled") !== "true").map((b) => b.getAttribute("data-card")),
      picked: cards.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.getAttribute("data-card")),
      actions: [...document.querySelectorAll("#app [data-action]")].map((b) => b.getAttribute("data-action")),
      save,
      errors: window.__smokeErrors || [],
    };
  },

  // A point (viewport CSS pixels) where a click lands on the element that
  // selector names, and the element's box (the drivers click once it stands
  // still: a hand may still be sliding into place). Cards overlap in a fan,
  // so the middle of a card may belong to its neighbour: the point is the
  // first one, from the middle row outwards and from the left, that hits the
  // element itself. null when no part of it can be hit.
  point(selector) {
    const element = document.querySelector(selector);
    if (!element) return null;
    const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    if (!inView(element.getBoundingClientRect())) element.scrollIntoView({ block: "center", inline: "center" });
    const r = element.getBoundingClientRect();
    const box = [r.left, r.top, r.width, r.height].map(Math.round);
    const steps = 10;
    const rows = [5, 4, 6, 3, 7, 2, 8, 1, 9];
    for (const j of rows) {
      for (let i = 1; i < steps; i += 1) {
        const x = r.left + (r.width * i) / steps;
        const y = r.top + (r.height * j) / steps;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === element || element.contains(hit))) return { x: Math.round(x), y: Math.round(y), box };
      }
    }
    return null;
  },

  // The start screen's fieldsets (the settings), in px: for each, how far
  // its legend's centre is from the box's (null without a legend) and the
  // space between its last child and its bottom edge: engines lay legends
  // out each their own way.
  fieldsets() {
    return [...document.querySelectorAll("#app fieldset")].map((box) => {
      const r = box.getBoundingClientRect();
      const legend = box.querySelector(":scope > legend");
      const l = legend && legend.getBoundingClientRect();
      const last = box.lastElementChild.getBoundingClientRect();
      return {
        legendOffCentre: l ? Math.round((l.left + l.width / 2) - (r.left + r.width / 2)) : null,
        spaceBelow: Math.round(r.bottom - last.bottom),
      };
    });
  },

  // WebDriver gives WebKit's console to nobody: keep what the page reports
  // as an error from now on (console.error, uncaught errors, rejections).
  listen() {
    if (window.__smokeErrors) return;
    const errors = (window.__smokeErrors = []);
    const text = (value) => (value && value.stack) || String(value);
    const original = console.error;
    console.error = function (...args) { errors.push("console.error: " + args.map(text).join(" ")); return original.apply(this, args); };
    addEventListener("error", (event) => errors.push("uncaught: " + text(event.error || event.message)));
    addEventListener("unhandledrejection", (event) => errors.push("unhandled rejection: " + text(event.reason)));
  },
})
