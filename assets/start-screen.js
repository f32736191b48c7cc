// The start screen before any interpreter is up: index.html holds it (the
// English one, written by the build from the game's own view,
// hearts/dev/prerender.py), and build/start-screen.js each language's
// (self.HEARTS_START), with the facts this script needs of what Python
// defines (HEARTS_START.facts: the stored keys, their limits, the speeds,
// the file chooser's input; hearts.dev.prerender.facts). This classic
// script runs in <head>, before the first paint, which is why it is
// JavaScript:
//
// 1. It picks the page's language (?lang=xx, else the stored language,
//    else navigator.languages; default en) and reads the stored settings
//    and the address's ?level= and ?speed= (the first of each, as every
//    reader of the address does).
// 2. A player with a game to resume (a stored save) sees the loading
//    screen, as before, and never the start screen:
//    html[data-start-screen="resume"]. Everyone else sees the start screen
//    in their language with their settings: html[data-start-screen=
//    "prerendered"] and the performance mark "hearts:start-screen", set
//    when the parsed page has been put in its language (before the first
//    paint; until then, "pending", the page shows nothing but the felt).
// 3. Until the page's controller is up (hearts/page/controller.py, in
//    MicroPython: it answers the start screen from then on, and stores what
//    changes), a click on the start screen is kept, and the controller
//    carries it out once it is up: never lost. Only "Open a game from a
//    file" acts at once: a file chooser opens only in the click's own
//    handler.
//
// self.heartsStart: what was chosen here ({lang, level, speed, four,
// twoTap, touch, scope}), and the clicks kept (early: [action, value] of
// each button, or "file" for a file chosen); the controller sets its
// `controller` to true.
(function () {
  "use strict";
  const data = self.HEARTS_START;
  const html = document.documentElement;
  if (!data || !data.texts || !data.facts) return; // without build/start-screen.js: the English start screen as served
  const { keys, limits, speeds, separator, file_input: fileInput } = data.facts;
  const params = new URLSearchParams(location.search);
  const SCOPE = location.pathname.replace(/[^/]*$/, "") || "/";

  // This install's stored value of key (the root install also reads the
  // unscoped key of before, as hearts/app/stored.py moves it).
  function stored(key) {
    try {
      const own = localStorage.getItem(`${key}${separator}${SCOPE}`);
      return own ?? (SCOPE === "/" ? localStorage.getItem(key) : null);
    } catch (_) {
      return null; // storage may be disabled
    }
  }

  function pickLanguage() {
    const normalise = (tag) => {
      if (!tag) return null;
      const base = String(tag).toLowerCase().split(/[-_]/)[0];
      const lang = data.aliases[base] ?? base;
      return data.languages.includes(lang) ? lang : null;
    };
    const lang = stored(keys.lang);
    const fromStorage = typeof lang === "string" && lang.length <= limits.lang_chars ? normalise(lang) : null;
    return normalise(params.get("lang")) || fromStorage
      || (navigator.languages || [navigator.language]).map(normalise).find(Boolean) || data.default;
  }

  const depth = (value) => (value && typeof value === "object"
    ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0);

  // The stored settings as hearts.app.stored_settings.decode reads them ({} if unusable).
  function storedSettings() {
    const text = stored(keys.settings);
    if (typeof text !== "string" || !text || text.length > limits.settings_chars) return {};
    try {
      const value = JSON.parse(text);
      return value && typeof value === "object" && !Array.isArray(value)
        && depth(value) <= limits.settings_depth ? value : {};
    } catch (_) {
      return {};
    }
  }

  function coarse() {
    try {
      return matchMedia("(pointer: coarse)").matches;
    } catch (_) {
      return false;
    }
  }

  const saved = storedSettings();
  const known = (value, values) => (values.includes(value) ? value : "normal");
  const state = {
    lang: pickLanguage(),
    level: known(params.get("level") || saved.level || "normal", data.levels),
    speed: known(params.get("speed") || saved.speed || "normal", speeds),
    four: saved.four_colour === true,
    twoTap: typeof saved.two_tap === "boolean" ? saved.two_tap : null, // null: not chosen
    touch: coarse() && params.get("speed") !== "instant",
    scope: SCOPE,
    early: [],
    controller: false,
  };
  const save = stored(keys.save);
  const resume = typeof save === "string" && save.length > 0;
  self.heartsStart = state;
  html.lang = state.lang;
  html.dataset.startScreen = "pending";

  const $ = (selector) => document.querySelector(selector);
  const texts = () => data.texts[state.lang];
  const pressed = (el, on) => el.setAttribute("aria-pressed", on ? "true" : "false");

  // The settings on the screen, as hearts/app/start_view.py draws them.
  function showSettings() {
    const section = $("#screen > section.screen");
    if (!section) return;
    section.className = `screen${state.four ? " four" : ""} pace-${state.speed} phase-start`;
    for (const el of section.querySelectorAll("[data-action=level]")) pressed(el, el.dataset.value === state.level);
    const description = section.querySelector("[data-action=level]")?.closest("fieldset").querySelector(".choice-desc");
    if (description) description.textContent = texts().levels[state.level];
    for (const el of section.querySelectorAll("[data-action=speed]")) pressed(el, el.dataset.value === state.speed);
    for (const el of section.querySelectorAll("[data-action=lang]")) pressed(el, el.dataset.value === state.lang);
    const four = section.querySelector("[data-action=four-colour]");
    if (four) pressed(four, state.four);
    const twoTap = section.querySelector("[data-action=two-tap]");
    if (twoTap) pressed(twoTap, state.twoTap ?? state.touch);
  }

  // The screen in the page's language (index.html holds the English one).
  function showLanguage() {
    const screen = $("#screen");
    if (state.lang !== data.default || !screen.firstElementChild) screen.innerHTML = texts().screen;
    document.title = texts().title;
    const title = $("#boot-title");
    if (title) title.textContent = texts().title;
    const status = $("#boot-status");
    if (status && !html.dataset.bootTexts) status.textContent = texts().loading;
  }

  // -- until the controller is up ------------------------------------------
  // "Open a game from a file": the file chooser opens now (it needs the
  // click). The input is hearts/page/protocol.py's FILE_INPUT, which the
  // page then keeps; the controller reads the file chosen.
  function pickFile() {
    let picker = document.getElementById(fileInput.id);
    if (!picker) {
      $("#app").insertAdjacentHTML("beforeend", fileInput.html);
      picker = document.getElementById(fileInput.id);
      picker.addEventListener("change", () => {
        if (!state.controller && picker.files.length) state.early.push("file");
      });
    }
    picker.value = "";
    picker.click();
  }

  document.addEventListener("click", (event) => {
    if (state.controller || html.dataset.startScreen !== "prerendered") return;
    const button = event.target.closest?.("#screen [data-action]");
    if (!button) return;
    if (button.dataset.action === "import-game") pickFile();
    else state.early.push([button.dataset.action, button.dataset.value ?? null]);
  });

  // Once the page is parsed (the same task, so before any paint).
  function start() {
    try {
      showLanguage();
      if (!resume) showSettings();
    } finally {
      html.dataset.startScreen = resume ? "resume" : "prerendered";
      performance.mark(resume ? "hearts:resume-screen" : "hearts:start-screen");
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("readystatechange", start, { once: true });
  } else {
    start();
  }
})();
