"""Issue 47: a deploy can never brick the game (sw.js, tools/build.py's
records in build/precache.js).

A game in progress; a new version is deployed while the host answers one
file (build/app.zip, or the runtime's wasm and its gzipped copy) with a 200
HTML maintenance page, as a host with a single-page fallback does for a
missing file during a non-atomic upload. The new version's worker refuses
that answer (not the file's type, size and SHA-256), its install fails and
leaves no partial cache, so the old version keeps serving the open game and
a reload. Once the host is fixed, the next update check installs the new
version, and Update now starts it with the game kept. Before issue 47 the
worker cached the HTML page as the file, and the game never started again.

And a cached entry that is damaged later (its bytes no longer the
record's) is never served: the worker checks each file once after it
starts, and fetches a damaged one again.
"""

import hashlib
import shutil
import urllib.parse

import pytest

from browser import QuietHandler, serve  # tools/browser.py (conftest.py puts tools/ on sys.path)
from deploys import NEW_VERSION, deploy_site, precache_data
from settle import acked
from test_game import LEGAL, hand, new_game, pass_three, phase
from test_new_version import WAIT, dist, first_visit, served_title  # noqa: F401  (dist: the fixture)

MAINTENANCE = (b"<!doctype html><html><head><title>Back soon</title></head>"
               b"<body><h1>We are updating the site</h1></body></html>")

# What a host answers with its maintenance page, by the file the test breaks.
BROKEN = {
    "app.zip": {"/build/app.zip"},
    "wasm": {"/build/vendor/pyodide/pyodide.asm.wasm", "/build/packed/pyodide.asm.wasm.gz"},
}

# The outcome of one update check: the new worker's state once it stops
# installing ("installed": it waits; "redundant": its install failed).
INSTALL = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting;
  if (!worker) return "no new worker";
  return new Promise((done) => {
    const look = () => { if (worker.state !== "installing") done(worker.state); };
    worker.addEventListener("statechange", look);
    look();
  });
}"""


class Host(QuietHandler):
    """A static host that answers the paths in server.maintenance with a 200
    HTML page (text/html), whatever was asked."""

    def do_GET(self):
        self.server.asked.append(urllib.parse.urlsplit(self.path).path)
        if urllib.parse.urlsplit(self.path).path in self.server.maintenance:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(MAINTENANCE)))
            self.end_headers()
            self.wfile.write(MAINTENANCE)
            return
        super().do_GET()


@pytest.fixture
def host(dist, tmp_path):
    """A copy of the site on a Host of its own: host.site, host.origin,
    host.maintenance, host.asked."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server = serve(site, handler=Host)
    server.maintenance = set()
    server.asked = []  # every path asked for, in order
    server.site = site
    server.origin = f"http://127.0.0.1:{server.server_port}"
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def visited(browser, watch, host):
    """A first visit of host's site, until its worker serves it: (page, watcher)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    watcher = watch(context, host.origin)
    try:
        page = context.new_page()
        first_visit(page, f"{host.origin}/?seed=1&speed=instant&lang=en")
        yield page, watcher
    finally:
        context.close()


def play_a_card(page):
    page.locator(LEGAL).first.wait_for()
    page.locator(LEGAL).first.dispatch_event("click")
    acked(page)


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_deploy_answered_with_an_html_page_never_replaces_the_version_that_works(visited, host, broken):
    page, watcher = visited
    old_caches = page.evaluate("caches.keys()")
    assert len(old_caches) == 1 and NEW_VERSION not in old_caches[0]
    # A hand in progress...
    new_game(page)
    pass_three(page)
    play_a_card(page)
    page.evaluate("window.heartsSamePage = 1")
    # ...when a new version is deployed while the host answers a file with its maintenance page.
    host.maintenance = BROKEN[broken]
    deploy_site(host.site)
    assert page.evaluate(INSTALL) == "redundant", "the new version installed with an HTML page as a file"
    assert page.evaluate("caches.keys()") == old_caches  # nothing left of the failed install
    assert page.locator("html").get_attribute("data-update") is None
    assert served_title(page) == "Hearts"  # the old version serves on
    assert page.evaluate("window.heartsSamePage") == 1
    play_a_card(page)
    before = hand(page)
    # A reload: the old version still starts the game (and its update check fails again).
    page.reload()
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    assert phase(page) == "play" and hand(page) == before
    assert served_title(page) == "Hearts"
    # The host is fixed: a later update check installs the new version
    # (one more check if the reload's own, still under way, failed).
    host.maintenance = set()
    outcome = page.evaluate(INSTALL)
    if outcome != "installed":
        outcome = page.evaluate(INSTALL)
    assert outcome == "installed"
    page.locator('html[data-update="ready"]').wait_for(state="attached", timeout=WAIT)
    with page.expect_navigation(timeout=WAIT):
        page.locator('#screen [data-action="update-now"]').click()
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    assert served_title(page) == "Hearts 2"
    assert page.evaluate("caches.keys()") == [f"hearts / {NEW_VERSION}"]
    assert phase(page) == "play" and sorted(hand(page)) == sorted(before)
    play_a_card(page)  # the game goes on, on the new version
    watcher.assert_clean()


def test_a_damaged_cache_entry_is_fetched_again_not_served(visited, host):
    page, watcher = visited
    record = precache_data((host.site / "build" / "precache.js").read_text(encoding="utf-8"))["records"]
    record = record["./build/app.zip"]
    # app.zip's cached bytes are damaged (as many of them, other ones)...
    page.evaluate("""async (size) => {
      const cache = await caches.open((await caches.keys())[0]);
      const garbage = new Uint8Array(size).fill(0x5a);
      await cache.put("build/app.zip", new Response(garbage, { headers: { "Content-Type": "application/zip" } }));
    }""", record["size"])
    # ...while the browser was closed: the worker starts anew.
    cdp = page.context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    page.reload()
    page.locator("html[data-ready], html[data-boot-error]").first.wait_for(state="attached", timeout=WAIT)
    assert page.locator("html").get_attribute("data-boot-error") is None
    new_game(page)
    pass_three(page)
    play_a_card(page)
    # The cache holds the file again.
    kept = page.evaluate("""async () => {
      const cache = await caches.open((await caches.keys())[0]);
      const bytes = await (await cache.match("build/app.zip")).arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    }""")
    assert kept == record["sha256"] == hashlib.sha256((host.site / "build" / "app.zip").read_bytes()).hexdigest()
    watcher.assert_clean()


def test_an_update_that_does_not_fit_cleans_up_says_so_and_waits(visited, host):
    page, watcher = visited
    page.locator('#screen [data-action="dismiss-notice"]').click()
    acked(page)
    old_caches = page.evaluate("caches.keys()")
    # The site may store little more than it has: room for one version, not two.
    usage = page.evaluate("navigator.storage.estimate().then((e) => e.usage)")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": host.origin, "quotaSize": usage + 2_000_000})
    deploy_site(host.site)
    assert page.evaluate(INSTALL) == "redundant"
    page.locator('html[data-update-failed="quota"]').wait_for(state="attached", timeout=WAIT)
    notice = page.locator('#screen [data-notice="update-quota"]')
    notice.wait_for(timeout=WAIT)
    assert "did not fit" in notice.inner_text()
    # Nothing left of it but the note of when it did not fit (sw.js FAILED).
    assert page.evaluate("caches.keys()") == old_caches + ["hearts / failed"]
    assert served_title(page) == "Hearts"
    # The next update check does not download it all again at once.
    asked = len(host.asked)
    assert page.evaluate(INSTALL) == "redundant"
    assert "/build/app.zip" not in host.asked[asked:]
    assert page.evaluate("caches.keys()") == old_caches + ["hearts / failed"]
    # The game plays on, on this version.
    new_game(page)
    pass_three(page)
    play_a_card(page)
    watcher.assert_clean()


def test_a_script_missing_from_the_cache_offline_says_so_and_offers_reload(visited, host):
    # Issue 47: a module of the boot gone from the worker's cache, offline:
    # boot.js never ran (its imports could not be loaded), so neither did
    # its timeouts, and the page said "Downloading the game…" for ever.
    # index.html's inline watchdog of the scripts has the worker check its
    # files and loads once more; then it says so, with Reload.
    page, _ = visited
    page.evaluate("""async () => {
      const cache = await caches.open((await caches.keys())[0]);
      if (!(await cache.delete("assets/boot-watch.js"))) throw new Error("not cached");
    }""")
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")  # (nor in the HTTP cache)
    page.context.set_offline(True)
    try:
        page.reload()
        # (first the worker checks its files again and the page loads once more)
        page.locator("#boot-files").wait_for(timeout=WAIT)
        assert page.evaluate("sessionStorage.getItem('hearts.rechecked@/')") == "1"
        assert page.locator("html").get_attribute("data-boot-error") == "files"
        assert "files didn't load" in page.locator("#boot [role=alert]").inner_text()
        assert page.locator("#boot").is_visible()
        reload = page.locator('#boot-files[data-action="reload"]')
        assert reload.inner_text() == "Reload"
    finally:
        page.context.set_offline(False)
    with page.expect_navigation(timeout=WAIT):
        reload.click()  # online again: the worker fetches what it lacks
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    assert page.locator("html").get_attribute("data-boot-error") is None
    new_game(page)
    assert phase(page) == "pass"


ERROR_PAGE = "<!doctype html><title>Back soon</title><h1>Updating</h1>"


def put_cached(page, path, text, content_type):
    """The worker's cache answers path (relative to the page) with text."""
    page.evaluate("""async ([path, text, type]) => {
      const cache = await caches.open((await caches.keys())[0]);
      await cache.put(new URL(path, document.baseURI).href, new Response(text, { headers: { "Content-Type": type } }));
    }""", [path, text, content_type])


def reload_plays(page):
    """A reload ends in a playable game, no boot error on the way out."""
    page.reload()
    page.locator("html[data-ready], html[data-boot-error]").first.wait_for(state="attached", timeout=WAIT)
    assert page.locator("html").get_attribute("data-boot-error") is None
    new_game(page)
    assert phase(page) == "pass"


# app.zip is read by boot.js (whose failure asks for the recheck);
# boot-watch.js is one of boot.js's imports (index.html's watchdog asks):
# an HTML error page in its place, as the chaos test found.
@pytest.mark.parametrize("path", ["build/app.zip", "assets/boot-watch.js", "pyscript.toml"])
def test_a_boot_that_fails_on_a_file_damaged_after_its_check_has_it_fetched_again(visited, host, path):
    # Issue 47: a cached file damaged while the worker runs (it checked it
    # when it started): served as it is, the boot failed on every reload.
    # A boot that fails has the worker check every file again (the damaged
    # one fetched anew) and loads once more: playable, nothing asked of the
    # player.
    page, _ = visited
    page.reload()  # served by the worker, which checks each file as it does
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    assert page.evaluate("(path) => performance.getEntriesByName(new URL(path, document.baseURI).href)"
                         ".some((e) => e.workerStart > 0)", path), f"{path} came from the worker"
    put_cached(page, path, ERROR_PAGE, "text/html")
    page.evaluate("sessionStorage.setItem('before', '1')")
    reload_plays(page)
    assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
    assert page.evaluate("sessionStorage.getItem('hearts.rechecked@/')") is None  # (cleared once ready)


def test_the_page_damaged_in_the_cache_while_the_worker_runs_is_fetched_again(visited, host):
    # The chaos test's fault 113: the page itself (index.html) replaced in
    # the cache by an error page after the worker had checked it: no script
    # of ours on that page could notice, and the worker served it until it
    # stopped. The worker now checks the page at every load.
    page, _ = visited
    page.reload()
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    put_cached(page, "./", ERROR_PAGE, "text/html")
    reload_plays(page)
    assert page.title() != "Back soon"


def test_a_worker_script_cut_short_in_its_first_comment_is_fetched_again(visited, host):
    # The chaos test's fault 168: python-worker.js cut short in the cache
    # inside its opening comment is a valid, empty script: the worker
    # started, never answered, and the boot waited out its 240 s. Past 30 s
    # without an answer the boot fails; the files are checked again and the
    # page loads once more, playable.
    page, _ = visited
    page.reload()
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    text = (host.site / "assets" / "python-worker.js").read_text(encoding="utf-8")
    assert text.startswith("// ")
    put_cached(page, "assets/python-worker.js", text[: text.index("\n", 40)], "text/javascript")
    reload_plays(page)
    assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"


def test_a_boot_script_cut_short_at_a_comment_is_fetched_again(visited, host):
    # The chaos test's fault 43: boot.js cut short in the cache where a
    # comment begins is valid JavaScript: its first lines ran (the inline
    # watchdog stood down when it started) and the boot never began, for
    # ever. The watchdog now waits for boot.js's own time-out to be armed.
    page, _ = visited
    page.reload()  # served by the worker, which checks boot.js as it does
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    text = (host.site / "assets" / "boot.js").read_text(encoding="utf-8")
    cut = text[: text.index("\n// ", len(text) // 4) + 4]  # stops in a comment, between two statements
    put_cached(page, "assets/boot.js", cut, "text/javascript")
    reload_plays(page)
