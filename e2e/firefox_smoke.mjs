// The browser smoke in Debian's Firefox, driven over WebDriver BiDi by
// puppeteer-core (no geckodriver, no downloaded browser). Run by
// e2e/test_browsers.py, which owns the server and checks what this reports:
//
//   node e2e/firefox_smoke.mjs GAME_URL FIREFOX_PATH
//
// stdout: one JSON object a line. {"step": ...} as the smoke goes on;
// {"need": "offline"} asks the test to stop the server (the network is
// gone), and the test answers with a line on stdin; {"facts": {...}} at the
// end (what e2e/test_browsers.py asserts). A failure prints {"error": ...}
// and exits 1. The same scenario for WebKit is in test_browsers.py.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [url, executablePath] = process.argv.slice(2);
const BOOT_MS = Number(process.env.SMOKE_BOOT_MS || 180000);
const STEP_MS = Number(process.env.SMOKE_STEP_MS || 60000);
const PAGE = readFileSync(new URL("./smoke_page.js", import.meta.url), "utf8");
const origin = new URL(url).origin;

const say = (object) => process.stdout.write(JSON.stringify(object) + "\n");
const stdin = createInterface({ input: process.stdin });
const lines = stdin[Symbol.asyncIterator]();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const facts = {
  browser: null, boots: [], console_errors: [], page_errors: [], failed_requests: [], foreign_requests: [],
};
let phaseName = "online";

async function call(page, name, ...args) {
  return page.evaluate(`(${PAGE}).${name}(...${JSON.stringify(args)})`);
}

// Poll the page's state until test(state) holds; throws with the last state.
async function until(page, what, test, timeout = STEP_MS) {
  const deadline = Date.now() + timeout;
  let state = null;
  for (;;) {
    try {
      state = await call(page, "state");
      if (test(state)) return state;
    } catch (error) {
      // A navigation in progress destroys the context the call ran in: try again.
      state = { unreadable: String(error) };
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last state: ${JSON.stringify(state)}`);
    await sleep(100);
  }
}

// A point of selector's element once its box has stood still for 150 ms.
async function steadyPoint(page, selector) {
  const deadline = Date.now() + STEP_MS;
  let before = await call(page, "point", selector);
  for (;;) {
    await sleep(150);
    const now = await call(page, "point", selector);
    if (now && before && JSON.stringify(now) === JSON.stringify(before)) return now;
    if (Date.now() > deadline) throw new Error(`nothing of ${selector} can be clicked: ${JSON.stringify(now)}`);
    before = now;
  }
}

// Click selector's element once, as a person would, when the click counts:
// the page idle (html[data-running="0"]: no opponent's card on its way,
// whose re-render could move the element from under the point between the
// hit test and the click) and the element's box standing still; then wait
// until done(state). A click that changes nothing fails the smoke: it is
// never made again.
async function act(page, selector, what, done) {
  await until(page, `the page idle before ${what}`, (s) => s.running === "0" && s.synced);
  const point = await steadyPoint(page, selector);
  await page.mouse.click(point.x, point.y);
  try {
    return await until(page, what, (s) => s.synced && done(s));
  } catch (error) {
    throw new Error(`the click at ${point.x},${point.y} changed nothing: ${error.message}`);
  }
}

async function boot(page, what) {
  const started = Date.now();
  await page.goto(url, { waitUntil: "load", timeout: BOOT_MS });
  const state = await until(page, "html[data-ready]", (s) => s.ready || s.bootError, BOOT_MS);
  if (state.bootError) throw new Error(`boot failed: data-boot-error=${state.bootError}`);
  facts.boots.push({ what, ms: Date.now() - started, snapshot: state.snapshot, preload: state.preload,
    compiledAhead: state.compiledAhead, lock: state.lock });
  say({ step: "booted", what, ms: Date.now() - started, snapshot: state.snapshot });
  return state;
}

const same = (s) => ({ phase: s.phase, hand: s.hand, save: s.save });

async function smoke(page) {
  let state = await boot(page, "first visit");
  facts.start_phase = state.phase;
  facts.fieldsets = await call(page, "fieldsets");
  state = await act(page, '[data-action="new-game"]', "the pass", (s) => s.phase === "pass" && s.hand.length === 13);

  facts.passed = state.hand.slice(0, 3);
  for (const card of facts.passed) {
    await act(page, `button[data-card="${card}"]`, `${card} picked`, (s) => s.picked.includes(card));
  }
  state = await act(page, '[data-action="confirm-pass"]', "play after the pass", (s) => s.phase !== "pass");
  facts.after_pass_phase = state.phase;
  say({ step: "passed", cards: facts.passed });

  facts.played = [];
  for (let turn = 0; turn < 200; turn += 1) {
    state = await until(page, "a legal card or the hand's end",
      (s) => s.phase === "hand-end" || s.phase === "game-end" || (s.phase === "play" && s.legal.length > 0));
    if (state.phase !== "play") break;
    const card = state.legal[0];
    await act(page, `button[data-card="${card}"]`, `${card} played`, (s) => !s.hand.includes(card));
    facts.played.push(card);
  }
  facts.hand_end = same(state);
  say({ step: "hand played", cards: facts.played.length, phase: state.phase });

  facts.snapshot_made = (await until(page, "html[data-snapshot-made]", (s) => s.snapshotMade, BOOT_MS)).snapshotMade;
  state = await boot(page, "reload");
  state = await until(page, "the saved game", (s) => s.phase === facts.hand_end.phase);
  facts.resumed = same(state);
  state = await act(page, '[data-action="continue"]', "the next hand's pass",
    (s) => s.phase === "pass" && s.hand.length === 13);
  facts.next_hand = same(state);
  say({ step: "resumed" });

  state = await until(page, 'html[data-sw="controlled"]', (s) => s.sw === "controlled", BOOT_MS);
  facts.sw = state.sw;
  say({ need: "offline" });
  const answer = await lines.next();
  if (answer.done) throw new Error("the test did not say the network is off");
  phaseName = "offline";
  state = await boot(page, "offline");
  state = await until(page, "the saved game, offline", (s) => s.phase === facts.next_hand.phase);
  facts.offline = same(state);
  facts.offline_sw = (await until(page, "the worker, offline", (s) => s.sw === "controlled")).sw;
  facts.page_reported_errors = state.errors;
}

let browser = null;
let code = 0;
try {
  browser = await puppeteer.launch({
    browser: "firefox",
    executablePath,
    headless: true,
    protocolTimeout: BOOT_MS,
    defaultViewport: { width: 1280, height: 900 },
  });
  facts.browser = await browser.version();
  const page = await browser.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("console", (message) => {
    if (message.type() === "error") facts.console_errors.push(`${phaseName}: ${message.text()}`);
  });
  page.on("pageerror", (error) => facts.page_errors.push(`${phaseName}: ${error && error.message || error}`));
  page.on("requestfailed", (request) => {
    facts.failed_requests.push(`${phaseName}: ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) facts.failed_requests.push(`${phaseName}: ${response.url()}: HTTP ${response.status()}`);
  });
  page.on("request", (request) => {
    const target = request.url();
    if (!(target.startsWith(origin + "/") || target.startsWith("data:") || target.startsWith("blob:"))) {
      facts.foreign_requests.push(target);
    }
  });
  await smoke(page);
  say({ facts });
} catch (error) {
  say({ error: String(error && error.stack || error), facts });
  code = 1;
} finally {
  stdin.close();
  if (browser) await Promise.race([browser.close().catch(() => {}), sleep(20000)]);
}
process.exit(code);
