// The start screen before Python: index.html holds it (the English one,
// written by the build from the game's own view, hearts/dev/prerender.py), and
// build/start-screen.js each language's (self.HEARTS_START). This classic
// script runs in <head>, before the first paint:
//
// 1. It picks the page's language (?lang=xx, else localStorage
//    "hearts.lang@<path>", else navigator.languages; default en) and reads
//    the stored settings ("hearts.settings@<path>") and the address's
//    ?level= and ?speed=, as the Python side does (hearts/page/binding.py,
//    flags).
// 2. A player with a game to resume (a stored "hearts.save@<path>") sees
//    the loading screen, as before, and never the start screen:
//    html[data-start-screen="resume"]. Everyone else sees the start screen
//    in their language with their settings: html[data-start-screen=
//    "prerendered"] and the performance mark "hearts:start-screen", set
//    when the parsed page has been put in its language (before the first
//    paint; until then, "pending", the page shows nothing but the felt).
// 3. Until Python takes over (assets/page.js sets
//    data-start-screen="python"), it answers the start screen's clicks:
//    the settings change and are stored as Python stores them; the rules
//    page opens and closes (Python takes it over open); New game and
//    Statistics are remembered (html[data-start-pressed]) with the loading
//    bar on the button, and Python carries them out once it is ready; Open
//    a game from a file opens the file chooser, and Python the file chosen.
//
// self.heartsStart.lang is the language picked (assets/loading-screen.js
// shows its texts in it).
(function () {
  "use strict";
  const data = self.HEARTS_START;
  const html = document.documentElement;
  if (!data || !data.texts) return; // without build/start-screen.js: the English start screen as served
  const params = new URLSearchParams(location.search);
  const SCOPE = location.pathname.replace(/[^/]*$/, "") || "/";
  const LANG_MAX_CHARS = 16; // hearts/app/stored.py's limits (tests/test_stored.py checks these three)
  const SETTINGS_MAX_CHARS = 1000;
  const SETTINGS_MAX_DEPTH = 2;
  const SPEEDS = ["slow", "normal", "fast", "instant"];

  // This install's stored value of key (the root install also reads the
  // unscoped key of before, as hearts/app/stored.py moves it).
  function stored(key) {
    try {
      const own = localStorage.getItem(`${key}@${SCOPE}`);
      return own ?? (SCOPE === "/" ? localStorage.getItem(key) : null);
    } catch (_) {
      return null; // storage may be disabled
    }
  }

  function store(key, value) {
    try {
      localStorage.setItem(`${key}@${SCOPE}`, value);
    } catch (_) { /* full or disabled: Python says so once it runs */ }
  }

  function pickLanguage() {
    const normalise = (tag) => {
      if (!tag) return null;
      const base = String(tag).toLowerCase().split(/[-_]/)[0];
      const lang = data.aliases[base] ?? base;
      return data.languages.includes(lang) ? lang : null;
    };
    const lang = stored("hearts.lang");
    const fromStorage = typeof lang === "string" && lang.length <= LANG_MAX_CHARS ? normalise(lang) : null;
    return normalise(params.get("lang")) || fromStorage
      || (navigator.languages || [navigator.language]).map(normalise).find(Boolean) || data.default;
  }

  const depth = (value) => (value && typeof value === "object"
    ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0);

  // The stored settings as hearts.app.stored.read_settings reads them ({} if unusable).
  function storedSettings() {
    const text = stored("hearts.settings");
    if (typeof text !== "string" || !text || text.length > SETTINGS_MAX_CHARS) return {};
    try {
      const value = JSON.parse(text);
      return value && typeof value === "object" && !Array.isArray(value)
        && depth(value) <= SETTINGS_MAX_DEPTH ? value : {};
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

  const saved = stored("hearts.settings") === null ? {} : storedSettings();
  const known = (value, values) => (values.includes(value) ? value : "normal");
  const state = {
    lang: pickLanguage(),
    level: known(params.get("level") || saved.level || "normal", data.levels),
    speed: known(params.get("speed") || saved.speed || "normal", SPEEDS),
    four: saved.four_colour === true,
    twoTap: typeof saved.two_tap === "boolean" ? saved.two_tap : null, // null: not chosen
    touch: coarse() && params.get("speed") !== "instant",
  };
  const save = stored("hearts.save");
  const resume = typeof save === "string" && save.length > 0;
  self.heartsStart = { lang: state.lang };
  html.lang = state.lang;
  html.dataset.startScreen = "pending";

  const $ = (selector) => document.querySelector(selector);
  const texts = () => data.texts[state.lang];
  const pressed = (el, on) => el.setAttribute("aria-pressed", on ? "true" : "false");

  // The settings on the screen, as hearts/app/view.py draws them.
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

  // As hearts/page/binding.py stores them (json.dumps of the same dict).
  function storeSettings() {
    let text = `{"level": ${JSON.stringify(state.level)}, "speed": ${JSON.stringify(state.speed)}, `
      + `"four_colour": ${state.four}`;
    if (state.twoTap !== null) text += `, "two_tap": ${state.twoTap}`;
    store("hearts.settings", text + "}");
  }

  // The emblem's card pictures (hearts/dev/prerender.py, defer_art): once Python
  // is up (data-boot-stage 3: the boot's big files are all in), so that the
  // card art does not compete with them.
  function showArt() {
    if (!(Number(html.dataset.bootStage) >= 3) && !html.hasAttribute("data-ready")) return;
    for (const use of document.querySelectorAll("#screen use[data-href]")) {
      use.setAttribute("href", use.dataset.href);
      use.removeAttribute("data-href");
    }
  }

  // The screen in the page's language (index.html holds the English one).
  function showLanguage() {
    const screen = $("#screen");
    if (state.lang !== data.default || !screen.firstElementChild) screen.innerHTML = texts().screen;
    html.lang = state.lang;
    self.heartsStart.lang = state.lang;
    document.title = texts().title;
    const title = $("#boot-title");
    if (title) title.textContent = texts().title;
    const status = $("#boot-status");
    if (status && !html.dataset.bootTexts) status.textContent = texts().loading;
  }

  // -- until Python takes over ----------------------------------------------
  const live = () => html.dataset.startScreen === "prerendered";

  function wait(button) {
    for (const old of document.querySelectorAll("#screen .start-wait")) old.remove();
    const bar = document.createElement("progress");
    bar.className = "start-wait";
    bar.max = 100;
    bar.value = Number(html.dataset.bootProgress) || 0;
    bar.setAttribute("aria-label", texts().loading);
    button.append(bar);
    button.setAttribute("aria-busy", "true");
  }

  function openRules(opener) {
    if ($("#screen > .overlay")) return;
    const section = $("#screen > section.screen");
    section.setAttribute("inert", "");
    section.insertAdjacentHTML("afterend", texts().rules);
    $("#screen > .overlay .panel").focus();
    rulesOpener = opener;
  }

  let rulesOpener = null;
  function closeRules() {
    const overlay = $("#screen > .overlay");
    if (!overlay) return;
    overlay.remove();
    $("#screen > section.screen").removeAttribute("inert");
    const back = rulesOpener && rulesOpener.isConnected ? rulesOpener : $("#screen [data-action=rules]");
    if (back) back.focus({ preventScroll: true });
  }

  // "Open a game from a file": the file chooser opens now (it needs the
  // click); Python opens the file chosen once it is ready. The input is the
  // one hearts/page/controller.py would add (FILE_INPUT), which it then keeps.
  function pickFile() {
    let picker = document.getElementById("import-file");
    if (!picker) {
      picker = document.createElement("input");
      picker.type = "file";
      picker.id = "import-file";
      picker.className = "sr";
      picker.accept = ".json,application/json";
      picker.hidden = true;
      picker.addEventListener("change", () => {
        if (!live() || !picker.files.length) return;
        html.dataset.startPressed = "import-game";
        wait($("#screen [data-action=import-game]"));
      });
      $("#app").append(picker);
    }
    picker.value = "";
    picker.click();
  }

  function choose(action, value) {
    if (action === "level" && data.levels.includes(value)) state.level = value;
    else if (action === "speed" && SPEEDS.includes(value)) state.speed = value;
    else if (action === "four-colour") state.four = !state.four;
    else if (action === "two-tap") state.twoTap = !(state.twoTap ?? state.touch);
    else if (action === "lang" && data.languages.includes(value)) {
      if (value === state.lang) return;
      const waiting = html.dataset.startPressed;
      state.lang = value;
      store("hearts.lang", value);
      $("#screen").innerHTML = texts().screen;
      showLanguage();
      showArt();
      if (waiting) wait($(`#screen [data-action=${waiting}]`));
      $(`#screen [data-action=lang][data-value=${value}]`).focus({ preventScroll: true });
    } else return;
    storeSettings();
    showSettings();
  }

  document.addEventListener("click", (event) => {
    if (!live()) return;
    const target = event.target;
    if (target.classList?.contains("overlay")) return closeRules(); // the dimmed backdrop
    const button = target.closest?.("#screen [data-action]");
    if (!button) return;
    const action = button.dataset.action;
    if (action === "rules") openRules(button);
    else if (action === "close") closeRules();
    else if (action === "new-game" || action === "stats") {
      html.dataset.startPressed = action;
      wait(button);
    } else if (action === "import-game") pickFile();
    else choose(action, button.dataset.value);
  });
  document.addEventListener("keydown", (event) => {
    if (live() && event.key === "Escape") closeRules();
  });

  // The loading bar on the button pressed, and the card art when it may come.
  new MutationObserver(() => {
    showArt();
    const bar = $("#screen .start-wait");
    if (bar) bar.value = Math.max(bar.value, Number(html.dataset.bootProgress) || 0);
  }).observe(html, { attributes: true, attributeFilter: ["data-boot-stage", "data-boot-progress"] });

  // Once the page is parsed (the same task, so before any paint).
  function start() {
    try {
      showLanguage();
      if (!resume) {
        showSettings();
        showArt();
      }
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
