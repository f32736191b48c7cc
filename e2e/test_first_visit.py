"""The first visit on a link that does not compress: the runtime's wasm and
lock file cross it gzipped (build/packed/) and boot.js unpacks them; on a
slow link Python starts without the snapshot, which the service worker
caches for the next visit; a snapshot that does not restore costs no second
download of the runtime; the page's standard library carries Pyodide's
start-up as bytecode."""
import gzip
import json
import zipfile
from pathlib import Path

from settle import acked, run_python

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
PACKED = {"pyodide.asm.wasm": "application/wasm", "pyodide-lock.json": "application/json"}
# 10 Mbit/s and 40 ms, as `make bench` measures the first visit.
SLOW_LINK = {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 10e6 / 8}
# What the worker's cache holds for a URL: [content type, bytes], or null.
CACHED = """async (url) => {
  const hit = await caches.match(url);
  return hit ? [hit.headers.get("Content-Type"), (await hit.arrayBuffer()).byteLength] : null;
}"""
# Every value of html[data-boot-progress] with the stage then, in order.
RECORD_PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const html = document.documentElement;
  const row = [Number(html.dataset.bootProgress), html.dataset.bootStage || ''];
  const last = window.__progress[window.__progress.length - 1];
  if (html.dataset.bootProgress && (!last || String(last) !== String(row))) window.__progress.push(row);
}).observe(document, { attributes: true, subtree: true });
"""


def wait_cached(page, url, tries=300):
    for _ in range(tries):
        if page.evaluate(CACHED, url):
            return page.evaluate(CACHED, url)
        page.wait_for_timeout(100)
    return None


def test_the_gzipped_runtime_is_what_crosses_the_link_and_the_game_boots_from_it(fresh, site, open_game):
    page = fresh.page
    bodies = {}
    page.on("response", lambda response: bodies.setdefault(response.url.rsplit("/", 1)[-1], len(response.body()))
            if response.url.endswith((".wasm", ".gz", "-lock.json")) else None)
    page = open_game(page, site.game_url())
    for name in PACKED:
        # The page asked for the gzipped copy only, and got the file as built.
        packed = (BUILD / "packed" / f"{name}.gz").read_bytes()
        assert gzip.decompress(packed) == (BUILD / "vendor" / "pyodide" / name).read_bytes()
        assert bodies.get(f"{name}.gz") == len(packed)
        assert name not in bodies
    page.locator('#screen [data-action="new-game"]').click()
    acked(page)
    page.locator('#screen [data-phase="pass"]').wait_for()
    # The worker keeps them unpacked, under their own names, for the next visits.
    page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=60000)
    for name, kind in PACKED.items():
        size = (BUILD / "vendor" / "pyodide" / name).stat().st_size
        assert wait_cached(page, f"./build/vendor/pyodide/{name}") == [kind, size]
    requests = [u for u in fresh.watcher.requests if u.endswith(("/pyodide.asm.wasm", "/pyodide-lock.json"))]
    assert requests == [], "the plain files never crossed the link"


def test_copies_the_host_sends_with_content_encoding_are_taken_as_they_come(browser, site, watch, open_game):
    # A host may send a .gz file with Content-Encoding: gzip; the browser
    # then hands boot.js and the worker the file already unpacked.
    context = browser.new_context()
    watcher = watch(context)
    def unpacked(name):  # (Playwright passes a two-argument handler the request too)
        body = (BUILD / "vendor" / "pyodide" / name).read_bytes()
        return lambda route: route.fulfill(status=200, body=body, content_type="application/octet-stream")

    for name in PACKED:
        context.route(f"**/build/packed/{name}.gz", unpacked(name))
    try:
        page = open_game(context.new_page(), site.game_url())
        assert page.locator("html").get_attribute("data-snapshot") == "deferred"
        page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=60000)
        for name, kind in PACKED.items():
            size = (BUILD / "vendor" / "pyodide" / name).stat().st_size
            assert wait_cached(page, f"./build/vendor/pyodide/{name}") == [kind, size]
        watcher.assert_clean()
    finally:
        context.close()


def test_a_broken_copy_fails_the_boot_at_once(browser, site):
    # Cut short: unpacking it fails, and the page says so instead of
    # waiting for its time-out (Pyodide only logs a failed instantiation).
    packed = (BUILD / "packed" / "pyodide.asm.wasm.gz").read_bytes()
    context = browser.new_context()
    context.route("**/build/packed/pyodide.asm.wasm.gz", lambda route: route.fulfill(
        status=200, body=packed[: len(packed) // 2], content_type="application/gzip"))
    try:
        page = context.new_page()
        page.goto(site.game_url())
        page.locator('html[data-boot-error="failed"]').wait_for(state="attached", timeout=30000)
        assert page.locator("#boot [role=alert]").is_visible()
    finally:
        context.close()


def test_a_slow_first_visit_downloads_only_what_the_game_runs(fresh, site, open_game):
    page, context = fresh.page, fresh.context
    context.add_init_script(RECORD_PROGRESS)
    asked = []  # by the page (the worker's own requests are the context's)
    page.on("request", lambda request: asked.append(request.url))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
    page = open_game(page, site.game_url())
    html = page.locator("html")
    assert html.get_attribute("data-snapshot") == "deferred"
    assert html.get_attribute("data-preload") == "fresh"  # the game imported from app.zip, as without a snapshot
    names = [u.split("?")[0].rsplit("/", 1)[-1] for u in asked]
    assert [n for n in names if "snapshot" in n] == [], "no snapshot crosses the link"
    assert "python_stdlib.zip" in names and asked.count(site.game_url().split("?")[0] + "build/vendor/pyodide/python_stdlib.zip") == 0
    # The bar moved with the bytes that came and never back.
    rows = page.evaluate("window.__progress")
    values = [value for value, _ in rows]
    assert values == sorted(values)
    assert len({value for value, stage in rows if stage == "1"}) >= 10, rows
    assert [value for value, stage in rows if stage == "2"], "all the bytes this visit reads came"
    # The page makes the snapshot; the next visit restores it.
    page.locator('html[data-snapshot-made="stored"]').wait_for(state="attached", timeout=180000)
    page = open_game(page, site.game_url(seed="2"))
    assert html.get_attribute("data-snapshot") == "restored"
    assert html.get_attribute("data-preload") == "preloaded"
    page.locator('#screen [data-action="new-game"]').click()
    acked(page)
    page.locator('#screen [data-phase="pass"]').wait_for()


def _module_name(path):
    return path.removesuffix(".pyc").removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def test_the_pages_standard_library_is_cut_to_what_it_imports():
    # build/python_stdlib.zip: the sources of the runtime's zip that the page
    # can import (tools/stdlib_compile.py), as they are; the rest listed in
    # _hearts_stdlib_rest for the on-demand loader.
    runtime = zipfile.ZipFile(BUILD / "vendor" / "pyodide" / "python_stdlib.zip")
    ours = zipfile.ZipFile(BUILD / "python_stdlib.zip")
    made = json.loads((BUILD / "python_stdlib.zip.json").read_text(encoding="utf-8"))
    kept = {name for name in ours.namelist() if name.endswith(".py")}
    assert {"asyncio/__init__.py", "encodings/__init__.py", "typing.py", "pyodide/__init__.py", "gettext.py",
            "dataclasses.py", "json/__init__.py"} <= kept
    assert not {"unittest/__init__.py", "email/__init__.py", "http/client.py", "xml/dom/minidom.py"} & kept
    for name in kept:
        assert ours.read(name) == runtime.read(name), name
    assert (BUILD / "python_stdlib.zip").stat().st_size < 1.0e6
    assert "_hearts_stdlib_rest.pyc" in ours.namelist()  # (bytecode of Pyodide's Python: not loaded here)
    rest = set(made["rest"])
    every = {_module_name(n) for n in runtime.namelist() if n.endswith(".py")}
    frozen = every - rest - {_module_name(n) for n in kept}
    assert {"unittest", "email.mime.text", "sqlite3"} <= rest
    assert frozen <= {"os", "codecs", "io", "abc", "site", "stat", "posixpath", "ntpath", "genericpath",
                      "_collections_abc", "_sitebuiltins", "importlib._bootstrap", "importlib._bootstrap_external",
                      "importlib.util", "importlib.machinery", "zipimport", "runpy", "__hello__", "__phello__",
                      "__phello__.spam", "__phello__.ham", "__phello__.ham.eggs", "_py_abc", "asyncio.windows_events",
                      "asyncio.windows_utils", "asyncio.proactor_events", "encodings._win_cp_codecs",
                      "__phello__.ham.__init__"} | {n for n in frozen if n.startswith("__phello")}, frozen
    assert len(made["started"]) >= 100


def test_a_module_left_out_of_the_cut_is_loaded_on_demand_and_fails_offline_with_the_error_dialog(
        browser, site, watch, open_game):
    context = browser.new_context()
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url())
        page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=60000)
        # Offline (the worker does not keep the whole library): an ImportError,
        # which the game shows in its error dialog, not a blank page.
        context.set_offline(True)
        answer = run_python(page, """
try:
    import difflib
    answer = "imported"
except ImportError as error:
    answer = str(error)
answer""")
        assert "not in the page's standard library" in answer
        run_python(page, """
from hearts.page import worker
async def fails():
    import calendar
worker.RUNTIME.spawn(fails())
""")
        page.locator(".overlay.error[role=alertdialog]").wait_for(timeout=30000)
        context.set_offline(False)
        # Online: downloaded at once, with a console error (a gap in the cut).
        answer = run_python(page, "import difflib; difflib.SequenceMatcher(None, 'ab', 'abc').ratio()")
        assert abs(answer - 0.8) < 1e-9
        errors = [e for e in watcher.console_errors if "is not in the page's cut" in e]
        assert errors and "difflib" in errors[0]
        watcher.console_errors = [e for e in watcher.console_errors if e not in errors
                                  and "ERR_INTERNET_DISCONNECTED" not in e and "Failed to load" not in e]
        watcher.failed = []  # the offline download
        watcher.assert_clean()
    finally:
        context.close()
