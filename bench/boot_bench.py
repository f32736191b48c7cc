"""Browser boot benchmark (`make bench`).

In one run, with several repetitions (median), in Debian's Chromium:
  bare      bench/bare.html: loadPyodide() + 1+1 from build/vendor/pyodide
  ours      index.html to html[data-ready] (the game is playable); its
            Python is restored from a memory snapshot (assets/boot.js),
            the bare page starts Python anew
  click     bench/click.html: buttons a click toggles, the floor for how
            soon Chromium paints after a click (Event Timing)
each cold (new browser profile: empty HTTP cache, no service worker) and
warm (second load in the same profile: HTTP cache, and for our page the
service worker's cache), plus our page's first contentful paint (the
loading screen). Prints every figure and the ratios ours/bare (target <= 1.10).
Times are from navigation start, read in the page (performance.now()).

Then our page in all three browsers, each cold (a new profile) and warm
(the next load, served by the service worker), --browser-reps rounds of one
run in each, one browser after the other (the machine's load drifts: each
round's figures are compared with each other): Chromium as above, Debian's
Firefox ESR through puppeteer-core (bench/firefox_boot.mjs) and WebKit
(WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb,
tools/webkit.py). Medians, and each browser's ratio to Chromium in the same
round (median of the rounds; WebKit's target: at most 2x). In Chromium and
WebKit also a later visit (about:blank, LATER_S of rest, the page again),
and where each load went (PARTS, from the marks below).

Then the first visit on a slow link: our page in a new profile at 10 Mbit/s
and 40 ms (SLOW_LINK, Chromium's own network emulation over CDP:
Network.emulateNetworkConditions), to html[data-ready], with the bytes that
crossed the link until then (Network.loadingFinished's encodedDataLength),
and the next visit on the same link (served by the service worker).

Also, from the performance marks boot.js and the game's worker set, where our boot
goes (STAGES), and after the warm load what clicks cost (table_clicks):
the page's Python per click (html[data-update-ms]: update, re-render) and
how many clicks were painted 16 ms or more later (Event Timing). And the
main thread's long tasks (the Long Tasks API: over 50 ms) of each first and
later visit and of those clicks: the longest, and the blocking time (each
task's part over 50 ms), ours and the bare page's.

    .venv/bin/python bench/boot_bench.py [--reps N] [--browser-reps N] [--slow-reps N] [--slow-only]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import CHROMIUM, CHROMIUM_ARGS, FIREFOX, serve  # noqa: E402  (the browsers, one static server)
from webkit import missing as webkit_missing, webkit_session  # noqa: E402
sys.path.insert(0, str(ROOT / "bench"))

WEBKIT_TARGET = 2.0  # WebKit's time to ready, at most this times Chromium's

TARGET = 1.10
# The first visit on a slow link: 10 Mbit/s down and up, 40 ms of latency.
SLOW_LINK = {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 10e6 / 8}
SLOW_TARGET_MS = 10_000
TIMEOUT_MS = 120_000
RENDER_TARGET_MS = 16
# performance.mark names (boot.js, and assets/python-worker.js through it;
# bare.js sets the first two).
STAGES = [
    ("hearts:boot", "boot.js runs, starts Python's worker"),
    ("hearts:interpreter", "Pyodide interpreter ready"),
    ("hearts:mount", "the worker mounts app.zip"),
    ("hearts:app", "app.zip mounted"),
    ("hearts:imported", "hearts.page.worker imported"),
    ("hearts:ready", "first render done: data-ready"),
]


def load(page, url):
    """Navigate and return ms from navigation start to html[data-ready]."""
    page.goto(url)
    html = page.locator("html[data-ready]")
    html.wait_for(state="attached", timeout=TIMEOUT_MS)
    return float(html.get_attribute("data-boot-ms"))


def wait_snapshot_made(page):
    """Until the page has made and stored this browser's snapshot for the
    next visits (html[data-snapshot-made], assets/boot.js): the warm load
    restores it, as a person's next visit does."""
    if page.locator("html").get_attribute("data-snapshot") != "restored":
        page.locator("html[data-snapshot-made]").wait_for(state="attached", timeout=TIMEOUT_MS * 2)


def first_paint(page):
    return page.evaluate(
        "() => (performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime")


# The page's hearts:* marks, and when the document itself was in
# (Navigation Timing's responseEnd, as "document:in"): the part of "until
# boot.js" that passes before the page's own files are even asked for.
MARKS_JS = ("Object.fromEntries(performance.getEntriesByType('mark')"
            ".filter((m) => m.name.startsWith('hearts:')).map((m) => [m.name, m.startTime])"
            ".concat(performance.getEntriesByType('navigation').map((n) => ['document:in', n.responseEnd])))")


def marks(page):
    return page.evaluate("() => " + MARKS_JS)


def update_ms(page):
    return float(page.locator("html").get_attribute("data-update-ms"))


# What each click costs. The page posts a click to the game's worker, which
# marks html[data-update-ms] (what the message cost its Python: update,
# view) and then data-received; the page sets data-synced once the worker
# has handled all it was sent. So the first data-update-ms after a click
# is that click's, and data-synced says its result is on the page: the
# frame after that (requestAnimationFrame) is when the player sees it
# (window.__shown, ms from the click). The Event Timing API gives each
# click's time until the next frame was painted (only those of 16 ms or
# more are reported): now the page's own handling of the click, not the
# result, which comes with a later frame.
WATCH_CLICKS = """() => {
  const html = document.documentElement;
  window.__clicks = [];
  window.__shown = [];
  window.__slowPaints = [];
  let pending = null;
  addEventListener("click", (event) => { pending = { at: event.timeStamp, update: null, sent: Infinity }; }, true);
  document.addEventListener("click", () => { if (pending) pending.sent = Number(html.dataset.sent || 0); });
  new MutationObserver((records) => {
    if (!pending) return;
    for (const record of records) {
      if (record.attributeName === "data-update-ms" && pending.update === null) {
        pending.update = Number(html.getAttribute("data-update-ms"));
      }
    }
    if (html.hasAttribute("data-synced") && Number(html.dataset.received || 0) >= pending.sent) {
      const done = pending;
      pending = null;
      window.__clicks.push(done.update ?? 0);
      requestAnimationFrame((time) => window.__shown.push(time - done.at));
    }
  }).observe(html, { attributes: true, attributeFilter: ["data-update-ms", "data-synced", "data-received"] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "click") window.__slowPaints.push(entry.duration);
  }).observe({ type: "event", durationThreshold: 16 });
}"""
PLAYABLE = '#screen [data-phase="play"] [data-card]:not([aria-disabled="true"])'
# The main thread's long tasks (over 50 ms: the Long Tasks API), from the
# navigation on: an init script, so the observer is there before the page's
# own scripts (and, run by DevTools, outside the page's CSP). take_long_tasks()
# hands over those seen so far and starts a new list.
LONG_TASKS_INIT = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""


def take_long_tasks(page):
    """The durations (ms) of the long tasks since the last call."""
    return page.evaluate("() => window.__longTasks.splice(0)")


def blocking_ms(durations):
    """Blocking time, as Lighthouse counts it: each task's part over 50 ms."""
    return sum(max(0.0, d - 50) for d in durations)


def click_card(card):
    card.click(position={"x": 6, "y": 16}, force=True)  # cards overlap: their visible strip


def clicks_seen(page, n):
    """Wait until the bench's listener has logged n clicks (the page's CSP
    forbids wait_for_function)."""
    while page.evaluate("() => window.__clicks.length") < n:
        page.wait_for_timeout(5)


def table_clicks(page, tricks=4):
    """What clicks cost: New game (the table's first render), then clicks on
    the table: pick three cards, unpick one and pick it again, confirm the
    pass, and in each of the first tricks an illegal card (if any: it says
    why) and a legal one. Returns (New game ms, [table click ms], [paint
    ms of clicks whose next frame came 16 ms or more later], [ms from each
    table click to the frame after its result was on the page])."""
    page.evaluate(WATCH_CLICKS)
    # A player's first click comes after the page's warm-up (~0.1-0.3 s
    # after data-ready here): the bench, which clicks at a machine's pace,
    # waits for it too, so that it measures the clicks players make.
    page.locator("html[data-warm]").wait_for(state="attached", timeout=TIMEOUT_MS)
    page.locator('#screen [data-action="new-game"]').click()
    page.locator('#screen [data-phase="pass"]').wait_for(timeout=TIMEOUT_MS)
    cards = page.locator("#screen [data-card]")
    picked = page.locator('#screen [aria-pressed="true"]')
    for n in range(3):
        click_card(cards.nth(n))
        picked.nth(n).wait_for(timeout=TIMEOUT_MS)
    click_card(cards.nth(0))
    page.locator('#screen [data-card]:first-child[aria-pressed="false"]').wait_for(timeout=TIMEOUT_MS)
    click_card(cards.nth(0))
    picked.nth(2).wait_for(timeout=TIMEOUT_MS)
    page.locator('#screen [data-action="confirm-pass"]').click()
    for _ in range(tricks):
        page.locator(PLAYABLE).first.wait_for(timeout=TIMEOUT_MS)
        held = cards.count()
        illegal = page.locator('#screen [data-card][aria-disabled="true"]')
        if illegal.count():
            seen = page.evaluate("() => window.__clicks.length")
            click_card(illegal.first)
            clicks_seen(page, seen + 1)
        click_card(page.locator(PLAYABLE).first)
        cards.nth(held - 1).wait_for(state="detached", timeout=TIMEOUT_MS)
    page.wait_for_timeout(200)  # the last click's paint entry
    clicks, slow, shown = page.evaluate("() => [window.__clicks, window.__slowPaints, window.__shown]")
    return clicks[0], clicks[1:], slow, shown[1:]


def baseline_clicks(playwright, url, clicks=13):
    """Event Timing of clicks on bench/click.html: (clicks, paint ms of those
    painted 16 ms or more later)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page()
        page.goto(url)
        page.locator("html[data-ready]").wait_for(state="attached", timeout=TIMEOUT_MS)
        page.evaluate(WATCH_CLICKS)
        buttons = page.locator("#row button")
        for n in range(clicks):
            buttons.nth(n % buttons.count()).click()
        page.wait_for_timeout(200)
        return clicks, page.evaluate("() => window.__slowPaints")
    finally:
        browser.close()


def run_once(playwright, url, ours):
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context.add_init_script(LONG_TASKS_INIT)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            result = {"cold": load(page, url)}
            result["marks_cold"] = marks(page)
            if ours:
                result["snapshot_cold"] = page.locator("html").get_attribute("data-snapshot")
                result["fcp_cold"] = first_paint(page)
                page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=TIMEOUT_MS)
                wait_snapshot_made(page)
            else:
                page.wait_for_timeout(500)  # let the cache settle like ours does
            # A first visit's long tasks: the boot, the warm-up, and (ours) the
            # snapshot made for the next visits.
            result["long_tasks_cold"] = take_long_tasks(page)
            result["warm"] = load(page, url)
            result["marks_warm"] = marks(page)
            if ours:
                result["snapshot_warm"] = page.locator("html").get_attribute("data-snapshot")
                result["fcp_warm"] = first_paint(page)
                result["first_render_ms"] = update_ms(page)
                page.locator("html[data-warm]").wait_for(state="attached", timeout=TIMEOUT_MS)
            result["long_tasks_warm"] = take_long_tasks(page)  # the boot and (ours) its warm-up
            if ours:
                (result["new_game_ms"], result["table_click_ms"],
                 result["slow_paint_ms"], result["shown_ms"]) = table_clicks(page)
                result["long_tasks_clicks"] = take_long_tasks(page)
        finally:
            context.close()
        result["long_tasks_later"] = later_visit_long_tasks(playwright, profile, url, ours)
        return result


# The card art's files the page preloads once it is ready (hearts.app.card_art.art_preload).
ART_FILES_IN = ("() => new Set(performance.getEntriesByType('resource')"
                ".filter((e) => e.name.includes('/build/cards/') && e.responseEnd > 0)"
                ".map((e) => e.name.split('#')[0])).size")


def later_visit_long_tasks(playwright, profile, url, ours):
    """The long tasks of a later visit in a new browser session on the same
    profile: unlike the reload above, nothing of the last visit is in the
    browser's memory (a reload finds the card art there, parsed). Ours
    until the warm-up is done and the 52 card files are in."""
    context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context.add_init_script(LONG_TASKS_INIT)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        load(page, url)
        if ours:
            page.locator("html[data-warm]").wait_for(state="attached", timeout=TIMEOUT_MS)
            deadline = time.monotonic() + 10
            while page.evaluate(ART_FILES_IN) < 52 and time.monotonic() < deadline:
                page.wait_for_timeout(50)
        page.wait_for_timeout(500)  # the last file's parse, as the first visit's settle
        return take_long_tasks(page)
    finally:
        context.close()


def first_visit_on_a_slow_link(playwright, url):
    """A first visit (new profile) at SLOW_LINK: ms to html[data-ready], the
    bytes the page's requests took over the link until then (from a server
    that sends files as they are), how Python started; then, once the
    service worker has the site and the page has made the browser's
    snapshot, the next visit on the same link."""
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 480, "height": 400})
        try:
            page = context.pages[0] if context.pages else context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
            transferred = []
            cdp.on("Network.loadingFinished", lambda event: transferred.append(event["encodedDataLength"]))
            result = {"first": load(page, url)}
            result["first_bytes"] = sum(transferred)
            result["first_snapshot"] = page.locator("html").get_attribute("data-snapshot")
            page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=TIMEOUT_MS)
            # The page makes the browser's snapshot once it is controlled: wait for it too.
            wait_snapshot_made(page)
            del transferred[:]
            result["next"] = load(page, url)
            result["next_bytes"] = sum(transferred)
            result["next_snapshot"] = page.locator("html").get_attribute("data-snapshot")
            return result
        finally:
            context.close()


# A first visit's bytes, as a static host serves the site (bench/static_host.py:
# gzip on the fly, revalidation answered 304), in a browser profile with a
# disk cache (a persistent context: an incognito one keeps no large
# response, and the service worker's revalidating precache would download
# every big file again, which no person's browser does). Counted by the
# host: every response's bytes, until html[data-ready] and in all (until
# the network has been quiet for QUIET_S once the service worker controls
# the page: its precache and the snapshot the page makes for the next
# visits are in by then). Links: None (no emulation), SLOW_LINK, and
# Lighthouse's slow 4G as its DevTools throttling applies it.
SLOW_4G = {"offline": False, "latency": 150 * 3.75, "downloadThroughput": 1638.4 * 1024 * 0.9 / 8,
           "uploadThroughput": 675 * 1024 * 0.9 / 8}
LINKS = {"fast": None, "10 Mbit/s, 40 ms": SLOW_LINK, "slow 4G": SLOW_4G}
QUIET_S = 4
BYTES_BUDGET = {"ready": 5.5e6, "all": 7.0e6}
# When the start screen is on screen: helper 24a's mark hearts:start-screen
# when the page sets it, else the first contentful paint (the loading screen).
START_SCREEN_JS = """() => {
  const mark = performance.getEntriesByName('hearts:start-screen')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return mark ? [mark.startTime, 'hearts:start-screen'] : [fcp ? fcp.startTime : NaN, 'first-contentful-paint'];
}"""


def first_visit_bytes(playwright, host, url, link=None):
    """One first visit at link: ms to the start screen and to ready, bytes
    until ready and in all, the biggest files, how Python started."""
    count = host.count
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 412, "height": 823})
        try:
            page = context.pages[0] if context.pages else context.new_page()
            if link:
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", link)
            start = time.monotonic()
            result = {"ready_ms": load(page, url)}
            # The moment the page said ready (its hearts:ready mark), on this
            # process's clock, which the host's counter reads: not the moment
            # this process saw it, by when the service worker, registered at
            # ready, may have fetched more on a fast link.
            ready_epoch_s = page.evaluate(
                "performance.timeOrigin + performance.getEntriesByName('hearts:ready')[0].startTime") / 1000
            ready_at = min(time.monotonic(), ready_epoch_s - (time.time() - time.monotonic()))
            result["start_screen_ms"], result["start_screen_by"] = page.evaluate(START_SCREEN_JS)
            result["ready_bytes"] = count.total(since=start, until=ready_at)
            result["snapshot"] = page.locator("html").get_attribute("data-snapshot")
            page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=TIMEOUT_MS * 3)
            deadline = time.monotonic() + 300
            while time.monotonic() - max(count.last(), start) < QUIET_S and time.monotonic() < deadline:
                page.wait_for_timeout(250)
            result["all_bytes"] = count.total(since=start)
            files = count.by_path(since=start)
            result["files"] = dict(sorted(files.items(), key=lambda item: -item[1])[:8])
            result["made_snapshot"] = page.locator("html").get_attribute("data-snapshot-made")
            return result
        finally:
            context.close()


def first_visits(playwright, site, reps, links):
    """reps first visits on each of links, served by a counting static host of site."""
    from static_host import serve_counting  # bench/, beside this file
    host = serve_counting(site)
    url = f"http://127.0.0.1:{host.server_port}/?seed=1&speed=instant&lang=en&level=normal"
    runs = {name: [] for name in links}
    try:
        for rep in range(reps):
            for name in links:
                run = first_visit_bytes(playwright, host, url, LINKS[name])
                runs[name].append(run)
                print(f"first visit {rep + 1}/{reps} ({name}): start screen {run['start_screen_ms']:.0f} ms,"
                      f" ready {run['ready_ms']:.0f} ms, {run['ready_bytes'] / 1e6:.2f} MB before ready,"
                      f" {run['all_bytes'] / 1e6:.2f} MB in all; Python {run['snapshot']}", flush=True)
    finally:
        host.shutdown()
        host.server_close()
    return runs


def report_first_visits(runs):
    """Print the first visits' figures (medians) against the byte budget."""
    figures = {}
    if not any(runs.values()):
        return figures
    print("\na first visit, served as a static host serves it (gzip on the fly, revalidation: 304),"
          " Chromium with a disk cache; bytes counted by the host (medians)")
    for name, got in runs.items():
        if not got:
            continue
        med = {key: statistics.median(r[key] for r in got) for key in ("start_screen_ms", "ready_ms", "ready_bytes",
                                                                       "all_bytes")}
        key = name.split(",")[0].replace(" ", "_").replace("/", "")
        figures.update({f"first_visit_{key}_{k}": v for k, v in med.items()})
        met = med["ready_bytes"] <= BYTES_BUDGET["ready"] and med["all_bytes"] <= BYTES_BUDGET["all"]
        print(f"  {name:17} start screen {med['start_screen_ms']:6.0f} ms ({got[0]['start_screen_by']}),"
              f" ready {med['ready_ms']:6.0f} ms; {med['ready_bytes'] / 1e6:.2f} MB before ready,"
              f" {med['all_bytes'] / 1e6:.2f} MB in all ({len(got)} runs; budget <= 5.5 / 7.0 MB:"
              f" {'met' if met else 'NOT met'}); Python {', '.join(r['snapshot'] for r in got)}")
    first = next(got for got in runs.values() if got)[0]
    print("    the biggest files of a visit (bytes sent): "
          + ", ".join(f"{path.rsplit('/', 1)[-1]} {size / 1e6:.2f} MB" for path, size in first["files"].items()))
    return figures


# Lighthouse (npm `lighthouse`, pinned in package-lock.json), its mobile
# preset (simulated slow 4G, 4x CPU), driving Debian's Chromium, on the page
# as the counting static host serves it: the four scores, LCP, CLS, TBT.
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
LIGHTHOUSE_CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
LIGHTHOUSE_AUDITS = {"largest-contentful-paint": "LCP", "cumulative-layout-shift": "CLS",
                     "total-blocking-time": "TBT", "first-contentful-paint": "FCP"}


def lighthouse_runs(site, reps=1):
    node = shutil.which("node")
    if not node or not LIGHTHOUSE.is_file():
        print(f"Lighthouse: not installed ({LIGHTHOUSE.relative_to(ROOT)}), skipped (`make setup` runs npm ci)")
        return []
    from static_host import serve_counting  # bench/, beside this file
    host = serve_counting(site)
    url = f"http://127.0.0.1:{host.server_port}/"
    runs = []
    try:
        for rep in range(reps):
            with tempfile.TemporaryDirectory(prefix="hearts-lighthouse-") as out:
                report = Path(out) / "report.json"
                run = subprocess.run(
                    [node, str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}", "--quiet",
                     "--only-categories=" + ",".join(LIGHTHOUSE_CATEGORIES),
                     "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"],
                    cwd=ROOT, capture_output=True, text=True, timeout=600,
                    env={**os.environ, "CHROME_PATH": CHROMIUM})
                if run.returncode != 0 or not report.is_file():
                    print(f"Lighthouse failed (exit {run.returncode}): {run.stderr[-1500:]}")
                    continue
                data = json.loads(report.read_text(encoding="utf-8"))
            result = {"version": data.get("lighthouseVersion"),
                      **{name: data["categories"][name]["score"] for name in LIGHTHOUSE_CATEGORIES},
                      **{short: data["audits"][audit].get("numericValue") for audit, short in LIGHTHOUSE_AUDITS.items()}}
            runs.append(result)
            print(f"Lighthouse {rep + 1}/{reps}: " + ", ".join(f"{k} {v}" for k, v in result.items()), flush=True)
    finally:
        host.shutdown()
        host.server_close()
    return runs


def report_lighthouse(runs):
    if not runs:
        return {}
    figures = {f"lighthouse_{key}": statistics.median(r[key] for r in runs if r[key] is not None)
               for key in (*LIGHTHOUSE_CATEGORIES, *LIGHTHOUSE_AUDITS.values())}
    print(f"\nLighthouse {runs[0]['version']}, mobile (simulated slow 4G, 4x CPU), {len(runs)} run(s), medians:"
          + "".join(f" {key} {figures[f'lighthouse_{key}']:.2f}" for key in LIGHTHOUSE_CATEGORIES)
          + f"; LCP {figures['lighthouse_LCP'] / 1000:.1f} s, CLS {figures['lighthouse_CLS']:.3f},"
          f" TBT {figures['lighthouse_TBT']:.0f} ms, FCP {figures['lighthouse_FCP'] / 1000:.1f} s")
    return figures


def quick(args):
    """--quick: one first visit on a fast link (bytes), one cold and warm
    boot of our page, no Lighthouse, no other browser: that the bench runs."""
    with sync_playwright() as playwright:
        visits = first_visits(playwright, args.site, 1, ["fast"])
        server = serve(args.site)
        try:
            sample = run_once(playwright, f"http://127.0.0.1:{server.server_port}/?seed=1&speed=instant&lang=en",
                              ours=True)
        finally:
            server.shutdown()
            server.server_close()
    figures = report_first_visits(visits)
    print(f"  our page: cold {sample['cold']:.0f} ms, warm {sample['warm']:.0f} ms,"
          f" Python {sample['snapshot_cold']} / {sample['snapshot_warm']}")
    print("  long tasks (longest / blocking ms): " + ", ".join(
        f"{when} {max(sample[f'long_tasks_{when}'], default=0.0):.0f} / {blocking_ms(sample[f'long_tasks_{when}']):.0f}"
        for when in ("cold", "warm", "clicks", "later")))
    figures.update({"quick_cold_ms": sample["cold"], "quick_warm_ms": sample["warm"],
                    "quick_snapshot_warm": sample["snapshot_warm"]})
    return figures


# The third load of a round in Chromium and WebKit, "later": the page left
# for about:blank, LATER_S seconds of rest, then loaded again, as on a visit
# some time after the last one. The warm load comes at once after the cold
# one, in the same tab: in WebKit it waits there for the page before, which
# no later visit pays. WebKitGTK paints with Skia on the GPU, here Mesa's
# llvmpipe (no GPU), which compiles each new shader with LLVM on the CPU;
# this profile's Mesa shader cache starts empty, so painting the game's
# first screen takes ~1.4 s of compiling on the paint thread in the 4 s
# after data-ready. The next page in the same web process waits for it:
# its main thread is parked from the commit on and index.html's
# responseEnd comes 0.06-1.3 s late ("document in"; Chromium ~10 ms), while
# the only busy thread is the paint thread in LLVM. With Skia's CPU
# renderer (WEBKIT_SKIA_ENABLE_CPU_RENDERING=1) or a Mesa shader cache
# kept from an earlier session (MESA_SHADER_CACHE_DIR), it is in after
# ~10 ms; tools/webkit.py now runs WebKit with the CPU renderer, as Chromium
# runs with --disable-gpu, so what is left between warm and later is the
# browser's own.
LATER_S = 3
WHEN = ("cold", "warm", "later")
# What each part of the boot took in one load, from its marks (ms): until
# boot.js runs, the interpreter's start (restoring the snapshot), mounting
# app.zip, the game's imports, its first render. "document in" is not
# a part of its own but the first piece of "until boot.js": from navigation
# start until index.html was in (its responseEnd).
PARTS = [("document in", None, "document:in"),
         ("until boot.js", None, "hearts:boot"), ("interpreter", "hearts:boot", "hearts:interpreter"),
         ("app.zip", "hearts:mount", "hearts:app"), ("imports", "hearts:app", "hearts:imported"),
         ("first render", "hearts:imported", "hearts:ready")]


def parts(marks):
    """{part: ms} of one load's marks (a part whose marks are missing is left out)."""
    return {name: marks[end] - (marks[start] if start else 0) for name, start, end in PARTS
            if end in marks and (start is None or start in marks)}


def chromium_run(playwright, url):
    """Our page cold, warm and later in Chromium, as firefox_boot.mjs does
    cold and warm in Firefox."""
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 1366, "height": 768})
        try:
            page = context.pages[0] if context.pages else context.new_page()
            result = {"browser": "chromium"}
            result["cold"] = load(page, url)
            result["snapshot_cold"] = page.locator("html").get_attribute("data-snapshot")
            result["parts_cold"] = parts(marks(page))
            page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=TIMEOUT_MS)
            wait_snapshot_made(page)
            result["warm"] = load(page, url)
            result["snapshot_warm"] = page.locator("html").get_attribute("data-snapshot")
            result["parts_warm"] = parts(marks(page))
            page.goto("about:blank")
            page.wait_for_timeout(LATER_S * 1000)
            result["later"] = load(page, url)
            result["snapshot_later"] = page.locator("html").get_attribute("data-snapshot")
            result["parts_later"] = parts(marks(page))
            return result
        finally:
            context.close()


def firefox_runs(url, reps):
    """[{cold, warm, snapshot_cold, snapshot_warm, browser}] of our page in
    Firefox (bench/firefox_boot.mjs), or [] when it is not installed."""
    node = shutil.which("node")
    if not node or not Path(FIREFOX).is_file():
        print(f"Firefox: not installed ({FIREFOX}), skipped (`make setup` installs firefox-esr)")
        return []
    run = subprocess.run([node, str(ROOT / "bench" / "firefox_boot.mjs"), url, FIREFOX, str(reps)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300 * reps,
                         env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"})
    runs = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    if run.returncode != 0 or len(runs) != reps:
        sys.exit(f"bench: Firefox failed (exit {run.returncode}):\n{run.stderr[-3000:]}")
    return runs


WEBKIT_STATE = """return [document.documentElement.getAttribute('data-boot-ms'),
  document.documentElement.dataset.snapshot || null, document.documentElement.dataset.sw || null,
  document.documentElement.dataset.snapshotMade || null]"""
WEBKIT_MARKS = "return " + MARKS_JS


def webkit_runs(url, reps):
    """The same in WebKit, each run in a MiniBrowser of its own (a new
    profile), or [] when it is not installed."""
    if webkit_missing():
        print(f"WebKit: not installed ({', '.join(webkit_missing())}), skipped"
              " (`make setup` installs webkit2gtk-driver and xvfb)")
        return []

    def until(driver, test, timeout=TIMEOUT_MS / 1000):
        deadline = time.monotonic() + timeout
        while True:
            try:
                state = driver.execute_script(WEBKIT_STATE)
                if test(state):
                    return state
            except Exception:  # a navigation under way
                pass
            if time.monotonic() > deadline:
                sys.exit(f"bench: WebKit did not get ready in {timeout:.0f} s")
            time.sleep(0.02)

    runs = []
    for _ in range(reps):
        with webkit_session() as driver:
            result = {"browser": f"webkitgtk/{driver.capabilities.get('browserVersion')}"}
            for when in ("cold", "warm", "later"):
                if when == "later":
                    driver.get("about:blank")
                    time.sleep(LATER_S)
                driver.get(url)
                ms, snapshot = until(driver, lambda s: s[0] is not None)[:2]  # (the state: WEBKIT_STATE)
                result[when], result[f"snapshot_{when}"] = float(ms), snapshot
                result[f"parts_{when}"] = parts(driver.execute_script(WEBKIT_MARKS))
                if when == "cold":
                    until(driver, lambda s: s[2] == "controlled")
                    until(driver, lambda s: s[1] == "restored" or s[3] is not None, TIMEOUT_MS / 500)
            runs.append(result)
    return runs


def three_browsers(playwright, url, reps):
    """reps rounds of one cold + warm run in each browser, one after the other."""
    rounds = {"Chromium": [], "Firefox": [], "WebKit": []}
    for n in range(reps):
        runs = {"Chromium": [chromium_run(playwright, url)], "Firefox": firefox_runs(url, 1),
                "WebKit": webkit_runs(url, 1)}
        for name, got in runs.items():
            rounds[name] += got
            for run in got:
                later = f", later {run['later']:.0f} ms" if "later" in run else ""
                print(f"round {n + 1}/{reps} {name}: cold {run['cold']:.0f} ms, warm {run['warm']:.0f} ms{later},"
                      f" snapshot {'/'.join(str(run.get(f'snapshot_{w}')) for w in WHEN if f'snapshot_{w}' in run)}",
                      flush=True)
        if not rounds["Firefox"] and not rounds["WebKit"]:
            break  # neither is installed
    return rounds


def report_browsers(rounds):
    """Print our page's cold, warm (and later) medians in every browser, with
    each one's ratio to Chromium's in the same round, and where WebKit's and
    Chromium's loads went (PARTS); returns them for build/bench.json."""
    figures = {}
    print(f"\nour page, time to ready in each browser ({len(rounds['Chromium'])} rounds; median ms from"
          " navigation start, the spread in brackets; warm: the service worker's cache, loaded at once in the"
          f" same tab; later: the same after about:blank and {LATER_S} s of rest, not measured in Firefox)")
    rows = [(name, runs) for name, runs in rounds.items() if runs]
    for name, runs in rows:
        key = name.lower()
        line = f"  {name:9}"
        whens = [w for w in WHEN if all(w in r for r in runs)]
        for when in whens:
            values = [r[when] for r in runs]
            figures[f"{key}_{when}_ms"] = statistics.median(values)
            line += f" {when} {statistics.median(values):6.0f} ({min(values):.0f}-{max(values):.0f})  "
        line += f" {len(runs)} runs"
        if name != "Chromium":
            ratios = []
            for when in whens:
                if all(when in c for c in rounds["Chromium"]):
                    ratio = statistics.median(r[when] / c[when] for r, c in zip(runs, rounds["Chromium"]))
                    figures[f"{key}_ratio_{when}"] = ratio
                    ratios.append(f"{ratio:.2f}x {when}")
            restored = [r[f"snapshot_{w}"] for r in runs for w in whens]
            line += (f"; Chromium's: {', '.join(ratios)}; snapshot restored in"
                     f" {restored.count('restored')} of {len(restored)} loads; {runs[0]['browser']}")
        print(line)
    for name in ("Chromium", "WebKit"):
        runs = rounds.get(name) or []
        for when in WHEN:
            got = [r[f"parts_{when}"] for r in runs if f"parts_{when}" in r]
            if not got:
                continue
            medians = {part: statistics.median(p[part] for p in got if part in p)
                       for part, _, _ in PARTS if any(part in p for p in got)}
            figures[f"{name.lower()}_parts_{when}"] = medians
            print(f"    {name} {when:5} parts (medians, ms): "
                  + ", ".join(f"{part} {ms:.0f}" for part, ms in medians.items()))
    if "webkit_ratio_cold" in figures:
        met = max(figures["webkit_ratio_cold"], figures["webkit_ratio_warm"]) <= WEBKIT_TARGET
        later = figures.get("webkit_ratio_later")
        print(f"  target WebKit <= {WEBKIT_TARGET:.0f}x Chromium, cold and warm: {'met' if met else 'NOT met'}"
              + (f" (later: {'met' if later <= WEBKIT_TARGET else 'NOT met'})" if later is not None else ""))
    return figures


def report_slow(slow):
    """Print the slow link's figures; returns them for build/bench.json."""
    if not slow:
        return {}
    figures = {key: statistics.median(s[key] for s in slow) for key in ("first", "first_bytes", "next", "next_bytes")}
    spread = [s["first"] for s in slow]
    print(f"\nfirst visit at {SLOW_LINK['downloadThroughput'] * 8 / 1e6:.0f} Mbit/s, {SLOW_LINK['latency']} ms"
          f" (new profile, {len(slow)} runs): playable after {figures['first']:.0f} ms (median;"
          f" {min(spread):.0f}-{max(spread):.0f}), {figures['first_bytes'] / 1e6:.1f} MB over the link until then;"
          f" Python: {', '.join(s['first_snapshot'] for s in slow)}"
          f"; target <= {SLOW_TARGET_MS} ms: {'met' if figures['first'] <= SLOW_TARGET_MS else 'NOT met'}")
    print(f"  the next visit on the same link (the service worker's cache): {figures['next']:.0f} ms,"
          f" {figures['next_bytes'] / 1e6:.2f} MB over the link; Python: {', '.join(s['next_snapshot'] for s in slow)}")
    return {f"slow_{key}": value for key, value in figures.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--slow-reps", type=int, default=3, help="first visits on the slow link")
    parser.add_argument("--browser-reps", type=int, default=5, help="rounds of Chromium, Firefox and WebKit")
    parser.add_argument("--browsers-only", action="store_true", help="only the rounds in the three browsers")
    parser.add_argument("--slow-only", action="store_true", help="only the first visits on the slow link")
    parser.add_argument("--visit-reps", type=int, default=1,
                        help="first visits' bytes, on each link (a static host that compresses)")
    parser.add_argument("--visits-only", action="store_true", help="only the first visits' bytes and Lighthouse")
    parser.add_argument("--site", type=Path, default=ROOT,
                        help="the site the first visits and Lighthouse load (default: this tree; e.g. a `make dist`)")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--quick", action="store_true",
                        help="a short run that shows the bench works: one fast first visit, one boot, no other browsers")
    args = parser.parse_args()
    if not (args.site / "build" / "precache.js").exists():
        sys.exit(f"bench: {args.site}/build/ is missing, run `make build`")
    if args.quick:
        return quick(args)
    if args.visits_only:
        with sync_playwright() as playwright:
            visits = first_visits(playwright, args.site, args.visit_reps, list(LINKS))
        figures = report_first_visits(visits)
        if not args.no_lighthouse:
            figures.update(report_lighthouse(lighthouse_runs(args.site)))
        return figures
    server = serve(ROOT)
    base = f"http://127.0.0.1:{server.server_port}/"
    pages = {"bare": base + "bench/bare.html",
             "ours": base + "?seed=1&speed=instant&lang=en&level=normal"}
    samples = {name: [] for name in pages}
    with sync_playwright() as playwright:
        if args.browsers_only:
            figures = report_browsers(three_browsers(playwright, pages["ours"], args.browser_reps))
            server.shutdown()
            return figures
        slow_link = []
        for rep in range(args.slow_reps):
            slow_link.append(first_visit_on_a_slow_link(playwright, pages["ours"]))
            print(f"slow link {rep + 1}/{args.slow_reps}: " + ", ".join(
                f"{k} {v:.0f}" if isinstance(v, float | int) else f"{k} {v}" for k, v in slow_link[-1].items()),
                flush=True)
        if args.slow_only:
            report_slow(slow_link)
            server.shutdown()
            return
        for rep in range(args.reps):
            order = list(pages) if rep % 2 == 0 else list(pages)[::-1]
            for name in order:
                sample = run_once(playwright, pages[name], ours=(name == "ours"))
                samples[name].append(sample)
                print(f"rep {rep + 1}/{args.reps} {name}: " +
                      ", ".join(f"{k} {v:.0f} ms" for k, v in sample.items() if isinstance(v, float | int)),
                      flush=True)
        baseline = [baseline_clicks(playwright, base + "bench/click.html") for _ in range(args.reps)]
        rounds = three_browsers(playwright, pages["ours"], args.browser_reps)
        visits = first_visits(playwright, args.site, args.visit_reps, list(LINKS))
    server.shutdown()
    lighthouse = [] if args.no_lighthouse else lighthouse_runs(args.site)


    def median(name, key):
        return statistics.median(s[key] for s in samples[name])

    figures = {f"{name}_{when}_ms": median(name, when) for name in pages for when in ("cold", "warm")}
    figures["ours_first_paint_cold_ms"] = median("ours", "fcp_cold")
    figures["ours_first_paint_warm_ms"] = median("ours", "fcp_warm")
    for when in ("cold", "warm"):
        figures[f"ratio_{when}"] = figures[f"ours_{when}_ms"] / figures[f"bare_{when}_ms"]
    print(f"\nmedians of {args.reps} runs (ms from navigation start)")
    for when in ("cold", "warm"):
        print(f"  {when}  bare Pyodide 1+1 {figures[f'bare_{when}_ms']:7.0f}"
              f"   our page ready {figures[f'ours_{when}_ms']:7.0f}   ratio {figures[f'ratio_{when}']:.2f}x")
    print(f"  our loading screen painted: cold {figures['ours_first_paint_cold_ms']:.0f} ms,"
          f" warm {figures['ours_first_paint_warm_ms']:.0f} ms")
    restored = [s[f"snapshot_{when}"] for s in samples["ours"] for when in ("cold", "warm")]
    figures["ours_snapshot_restored"] = restored.count("restored")
    print(f"  our page's Python restored from its memory snapshot (html[data-snapshot]):"
          f" {restored.count('restored')} of {len(restored)} loads")
    for name in pages:
        for key in ("cold", "warm"):
            values = [s[key] for s in samples[name]]
            print(f"  spread {name} {key}: {min(values):.0f}-{max(values):.0f} ms")
    # Each run of ours over the bare run next to it in time: steadier than the
    # ratio of medians when the machine's speed drifts during the bench.
    for when in ("cold", "warm"):
        paired = [o[when] / b[when] for o, b in zip(samples["ours"], samples["bare"])]
        figures[f"paired_ratio_{when}"] = statistics.median(paired)
        print(f"  paired ours/bare {when}: median {statistics.median(paired):.2f}x"
              f" ({', '.join(f'{r:.2f}' for r in paired)})")
    # The part of our boot that is ours alone: from the interpreter being
    # ready (the same work as on the bare page from the snapshot) to the game
    # being playable.
    for when in ("cold", "warm"):
        after = statistics.median(o[when] - o[f"marks_{when}"]["hearts:interpreter"] for o in samples["ours"])
        interpreter = statistics.median(o[f"marks_{when}"]["hearts:interpreter"] / b[f"marks_{when}"]["hearts:interpreter"]
                                        for o, b in zip(samples["ours"], samples["bare"]))
        figures[f"after_interpreter_{when}_ms"] = after
        figures[f"paired_interpreter_ratio_{when}"] = interpreter
        print(f"  {when}: interpreter ready, ours/bare paired median {interpreter:.2f}x; then our page"
              f" {after:.0f} ms to playable ({after / figures[f'bare_{when}_ms'] * 100:.1f}% of bare)")
    verdict = all(figures[k] <= TARGET for k in ("ratio_cold", "ratio_warm"))
    print(f"  target ours/bare <= {TARGET:.2f}x: {'met' if verdict else 'NOT met'}")

    def stage(name, key, mark):
        values = [s[key].get(mark) for s in samples[name]]
        return statistics.median(values) if None not in values else None

    def cell(value):
        return f"{value:7.0f}" if value is not None else " " * 7

    print("\nwhere the boot goes (median ms from navigation start)")
    print(f"  {'':42} {'cold':>7} {'(bare':>7} {'snap.)':>7}  {'warm':>7} {'(bare':>7} {'snap.)':>7}")
    figures["stages"] = {}
    for mark, label in STAGES:
        row = {f"{name}_{when}": stage(name, f"marks_{when}", mark)
               for name in ("ours", "bare") for when in ("cold", "warm")}
        figures["stages"][mark] = row
        print(f"  {label:42} " + "  ".join(
            " ".join(cell(row[f"{name}_{when}"]) for name in ("ours", "bare"))
            for when in ("cold", "warm")))
    clicks = [ms for s in samples["ours"] for ms in s["table_click_ms"]]
    slow = [ms for s in samples["ours"] for ms in s["slow_paint_ms"]]
    figures["first_render_ms"] = statistics.median(s["first_render_ms"] for s in samples["ours"])
    figures["new_game_ms"] = statistics.median(s["new_game_ms"] for s in samples["ours"])
    figures["table_click_ms_median"] = statistics.median(clicks)
    figures["table_click_ms_max"] = max(clicks)
    figures["table_clicks"] = len(clicks)
    figures["clicks_painted_16ms_or_later"] = len(slow)
    print(f"\nclicks on the table ({len(clicks)}: picking, unpicking, passing, illegal and legal cards):"
          f" the page's Python took (html[data-update-ms]) median {figures['table_click_ms_median']:.1f} ms,"
          f" max {figures['table_click_ms_max']:.1f} ms (target < {RENDER_TARGET_MS} ms)")
    def paints(count, slow):
        return (f"{len(slow)} of {count} clicks"
                + (f" (median {statistics.median(slow):.0f} ms, max {max(slow):.0f})" if slow else ""))

    base_slow = [ms for _, got in baseline for ms in got]
    figures["baseline_clicks"] = sum(n for n, _ in baseline)
    figures["baseline_clicks_painted_16ms_or_later"] = len(base_slow)
    print("  next frame painted 16 ms or more after the click (Event Timing, 8 ms steps): ours "
          + paints(len(clicks) + len(samples["ours"]), slow)
          + "; a bare page toggling a button (bench/click.html) " + paints(figures["baseline_clicks"], base_slow))
    shown = [ms for s in samples["ours"] for ms in s["shown_ms"]]
    figures["click_shown_ms_median"] = statistics.median(shown)
    figures["click_shown_ms_max"] = max(shown)
    print(f"  click -> the frame after its result is on the page: median {figures['click_shown_ms_median']:.0f} ms,"
          f" max {figures['click_shown_ms_max']:.0f} ms ({len(shown)} clicks)")
    print(f"  New game (the table's first render) {figures['new_game_ms']:.1f} ms,"
          f" the start screen's first render {figures['first_render_ms']:.1f} ms (medians)")
    print("\nthe main thread's long tasks (over 50 ms; blocking time: their parts over 50 ms), medians of the runs")
    for name, key, label in (("ours", "long_tasks_cold", "our first visit (boot, warm-up, snapshot made)"),
                             ("bare", "long_tasks_cold", "bare Pyodide, first visit"),
                             ("ours", "long_tasks_warm", "our reload (boot, warm-up)"),
                             ("bare", "long_tasks_warm", "bare Pyodide, reload"),
                             ("ours", "long_tasks_later", "our later visit, a new browser (+ card art)"),
                             ("bare", "long_tasks_later", "bare Pyodide, later visit, a new browser"),
                             ("ours", "long_tasks_clicks", "our table's clicks (above)")):
        runs = [s[key] for s in samples[name]]
        longest = statistics.median(max(r, default=0.0) for r in runs)
        blocking = statistics.median(blocking_ms(r) for r in runs)
        count = statistics.median(len(r) for r in runs)
        figures[f"{name}_{key}_longest_ms"] = longest
        figures[f"{name}_{key}_blocking_ms"] = blocking
        print(f"  {label:48} longest {longest:4.0f} ms, blocking {blocking:4.0f} ms, {count:.0f} task(s)"
              f" (longest of all runs {max((max(r, default=0.0) for r in runs), default=0.0):.0f} ms)")
    figures.update(report_browsers(rounds))
    figures.update(report_slow(slow_link))
    figures.update(report_first_visits(visits))
    figures.update(report_lighthouse(lighthouse))
    out = ROOT / "build" / "bench.json"
    out.write_text(json.dumps({"reps": args.reps, "figures": figures, "samples": samples, "slow_link": slow_link,
                               "browsers": rounds, "first_visits": visits, "lighthouse": lighthouse,
                               "baseline_clicks": baseline}, indent=1) + "\n")
    print(f"  raw samples: {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
