// Debian's Firefox, driven over WebDriver BiDi by puppeteer-core, as a
// remote page for e2e/test_browsers_update.py: one JSON request a line on
// stdin, one JSON answer a line on stdout.
//
//   node e2e/firefox_driver.mjs FIREFOX_PATH
//
// {"goto": url} -> {"ok": true}; {"eval": expression} -> {"value": ...}
// (a promise is awaited); {"console": true} -> {"value": [console errors
// and uncaught errors so far]}; a failure -> {"error": "..."}. End of
// stdin closes Firefox. (e2e/firefox_smoke.mjs runs a whole scenario in
// Node instead; this one lets the Python test decide each step.)
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath] = process.argv.slice(2);
const TIMEOUT_MS = Number(process.env.DRIVER_TIMEOUT_MS || 240000);
const say = (object) => process.stdout.write(JSON.stringify(object) + "\n");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const errors = [];

let browser = null;
try {
  browser = await puppeteer.launch({
    browser: "firefox", executablePath, headless: true, protocolTimeout: TIMEOUT_MS,
    defaultViewport: { width: 1280, height: 900 },
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.on("console", (message) => { if (message.type() === "error") errors.push(`console: ${message.text()}`); });
  page.on("pageerror", (error) => errors.push(`page: ${error && error.message || error}`));
  say({ ready: await browser.version() });
  for await (const line of createInterface({ input: process.stdin })) {
    const request = JSON.parse(line);
    try {
      if (request.goto) {
        await page.goto(request.goto, { waitUntil: "load", timeout: TIMEOUT_MS });
        say({ ok: true });
      } else if (request.console) {
        say({ value: errors });
      } else {
        say({ value: await page.evaluate(request.eval) ?? null });
      }
    } catch (error) {
      say({ error: String(error && error.stack || error) });
    }
  }
} catch (error) {
  say({ error: String(error && error.stack || error) });
} finally {
  if (browser) await Promise.race([browser.close().catch(() => {}), sleep(20000)]);
}
process.exit(0);
