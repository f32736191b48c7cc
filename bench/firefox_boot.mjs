// `make bench` in Debian's Firefox (puppeteer-core over WebDriver BiDi, as
// the Firefox smoke drives it): our page cold (a new profile) and warm (the
// next load, served by the service worker), REPS times, each in a Firefox
// of its own. Run by bench/boot_bench.py:
//
//   node bench/firefox_boot.mjs GAME_URL FIREFOX_PATH REPS
//
// stdout: one JSON object a line, {"cold": ms, "warm": ms, "snapshot_cold",
// "snapshot_warm", "browser"} per run: html[data-boot-ms] (navigation start
// to data-ready, read in the page) and html[data-snapshot].
import puppeteer from "puppeteer-core";

const [url, executablePath, reps] = process.argv.slice(2);
const TIMEOUT_MS = 120000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function attribute(page, name, timeout = TIMEOUT_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      const value = await page.evaluate(`document.documentElement.getAttribute(${JSON.stringify(name)})`);
      if (value !== null) return value;
    } catch (_) { /* a navigation under way */ }
    if (Date.now() > deadline) throw new Error(`no html[${name}] after ${timeout} ms`);
    await sleep(20);
  }
}

async function load(page) {
  await page.goto(url);
  await attribute(page, "data-ready");
  return [Number(await attribute(page, "data-boot-ms")), await page.evaluate("document.documentElement.dataset.snapshot")];
}

for (let rep = 0; rep < Number(reps || 1); rep += 1) {
  const browser = await puppeteer.launch({
    browser: "firefox", executablePath, headless: true, protocolTimeout: TIMEOUT_MS,
    defaultViewport: { width: 1366, height: 768 },
  });
  try {
    const page = await browser.newPage();
    const [cold, snapshotCold] = await load(page);
    await attribute(page, "data-sw");
    if (snapshotCold !== "restored") await attribute(page, "data-snapshot-made", TIMEOUT_MS * 2); // the next visits'
    const [warm, snapshotWarm] = await load(page);
    const run = { browser: await browser.version(), cold, warm, snapshot_cold: snapshotCold, snapshot_warm: snapshotWarm };
    process.stdout.write(JSON.stringify(run) + "\n");
  } finally {
    await browser.close();
  }
}
