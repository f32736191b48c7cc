"""The first visit on a link that does not compress: the runtime's wasm and
lock file cross it gzipped (build/packed/) and boot.js unpacks them; on a
slow link Python starts without the snapshot, which the service worker
caches for the next visit; a snapshot that does not restore costs no second
download of the runtime; the page's standard library carries Pyodide's
start-up as bytecode."""
import gzip
import importlib.util
import json
import re
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
_spec = importlib.util.spec_from_file_location("hearts_build", ROOT / "tools" / "build.py")
BUILD_PY = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(BUILD_PY)
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
    open_game(page, site.game_url())
    for name in PACKED:
        # The page asked for the gzipped copy only, and got the file as built.
        packed = (BUILD / "packed" / f"{name}.gz").read_bytes()
        assert gzip.decompress(packed) == (BUILD / "vendor" / "pyodide" / name).read_bytes()
        assert bodies.get(f"{name}.gz") == len(packed)
        assert name not in bodies
    page.locator('#screen [data-action="new-game"]').click()
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
        assert page.locator("html").get_attribute("data-snapshot") == "restored"
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


def test_a_slow_first_visit_starts_without_the_snapshot_and_the_next_visit_restores_it(fresh, site, open_game):
    page, context = fresh.page, fresh.context
    context.add_init_script(RECORD_PROGRESS)
    asked = []  # by the page (the worker's own requests are the context's)
    page.on("request", lambda request: asked.append(request.url))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
    open_game(page, site.game_url())
    html = page.locator("html")
    assert html.get_attribute("data-snapshot") == "deferred"
    assert html.get_attribute("data-preload") == "fresh"  # the game imported from app.zip, as without a snapshot
    assert [u for u in asked if "pyodide-snapshot" in u] == [], "the page did not download the snapshot"
    # The bar moved with the bytes that came (the snapshot's are not awaited)
    # and never back.
    rows = page.evaluate("window.__progress")
    values = [value for value, _ in rows]
    assert values == sorted(values)
    assert len({value for value, stage in rows if stage == "1"}) >= 10, rows
    assert [value for value, stage in rows if stage == "2"], "all the bytes this visit reads came"
    # The worker fetches the snapshot; the next visit restores it from there.
    page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=60000)
    assert wait_cached(page, "./build/pyodide-snapshot.bin.gz")
    # Only this browser's: the worker is installed (it controls the page), so
    # WebKit's would be in by now.
    assert page.evaluate(CACHED, "./build/pyodide-snapshot-webkit.bin.gz") is None, "WebKit's snapshot cached too"
    open_game(page, site.game_url(seed="2"))
    assert html.get_attribute("data-snapshot") == "restored"
    assert html.get_attribute("data-preload") == "preloaded"
    page.locator('#screen [data-action="new-game"]').click()
    page.locator('#screen [data-phase="pass"]').wait_for()


def test_a_snapshot_that_does_not_restore_does_not_download_the_runtime_twice(browser, site, watch, open_game):
    context = browser.new_context()
    watcher = watch(context)
    context.route("**/build/pyodide-snapshot.bin.gz", lambda route: route.fulfill(
        status=200, body=gzip.compress(b"\0snp" + bytes(4092)), content_type="application/gzip"))
    try:
        page = context.new_page()
        asked = []  # by the page (the worker's precache asks for them too, later)
        page.on("request", lambda request: asked.append(request.url))
        open_game(page, site.game_url())
        assert page.locator("html").get_attribute("data-snapshot") == "unused"
        runtime = [u.rsplit("/", 1)[-1] for u in asked
                   if u.endswith(("/pyodide.asm.wasm.gz", "/pyodide-lock.json.gz", "/python_stdlib.zip"))]
        assert sorted(runtime) == ["pyodide-lock.json.gz", "pyodide.asm.wasm.gz", "python_stdlib.zip"]
        page.locator('#screen [data-action="new-game"]').click()
        page.locator('#screen [data-phase="pass"]').wait_for()
        watcher.assert_clean()
    finally:
        context.close()


def test_the_pages_standard_library_has_pyodides_start_up_as_bytecode():
    # build/python_stdlib.zip: the runtime's zip, with each module Pyodide's
    # start-up imports as a .pyc instead of its source, without the modules
    # of STDLIB_DROPPED; nothing else differs.
    runtime = zipfile.ZipFile(BUILD / "vendor" / "pyodide" / "python_stdlib.zip")
    ours = zipfile.ZipFile(BUILD / "python_stdlib.zip")
    made = json.loads((BUILD / "python_stdlib.zip.json").read_text(encoding="utf-8"))
    compiled = set(made["compiled"])
    assert {"asyncio/__init__.py", "encodings/__init__.py", "typing.py", "pyodide/__init__.py"} <= compiled
    dropped = set(BUILD_PY.STDLIB_DROPPED)
    kept = [name for name in runtime.namelist() if name.split("/")[0].removesuffix(".py") not in dropped]
    assert len(kept) < len(runtime.namelist())
    expected = sorted(name + "c" if name in compiled else name for name in kept)
    assert sorted(ours.namelist()) == expected
    for name in kept:
        if name not in compiled:
            assert ours.read(name) == runtime.read(name), name
    # Their magic number is the one of the pycs in app.zip (Pyodide's Python).
    app = zipfile.ZipFile(BUILD / "app.zip")
    magic = app.read("hearts/game.pyc")[:4]
    assert {ours.read(name + "c")[:4] for name in compiled} == {magic}
    # The page loads this one, and the worker does not cache the runtime's own.
    sizes = json.loads((BUILD / "boot-sizes.json").read_text(encoding="utf-8"))["files"]
    assert "build/python_stdlib.zip" in sizes and "build/vendor/pyodide/python_stdlib.zip" not in sizes


def _imports(source):
    """Top-level names of the modules a Python source imports, in any
    import statement (read line by line: the host's Python cannot parse
    every 3.14 source)."""
    names = set()
    for line in source.decode("utf-8", "replace").splitlines():
        if re.match(r"if __name__ == ['\"]__main__['\"]", line):
            break  # what runs only as a script (heapq's doctest) never runs in the page
        if match := re.match(r"\s*import\s+([\w., ]+)", line):
            names |= {part.strip().split()[0].split(".")[0] for part in match.group(1).split(",") if part.strip()}
        elif match := re.match(r"\s*from\s+(\w[\w.]*)\s+import\b", line):
            names.add(match.group(1).split(".")[0])
    return names


def test_nothing_the_page_runs_imports_a_module_left_out_of_its_standard_library():
    # The game and PyScript's package (app.zip) and the sources that stay in
    # the page's standard library: none of them imports what the build left
    # out, so leaving it out cannot break an import (the start-up modules,
    # now bytecode, are checked in the runtime's own zip).
    dropped = set(BUILD_PY.STDLIB_DROPPED)
    made = json.loads((BUILD / "python_stdlib.zip.json").read_text(encoding="utf-8"))
    runtime = zipfile.ZipFile(BUILD / "vendor" / "pyodide" / "python_stdlib.zip")
    app = zipfile.ZipFile(BUILD / "app.zip")
    sources = {name: app.read(name) for name in app.namelist() if name.endswith(".py")}
    sources.update({name: runtime.read(name) for name in made["compiled"]})
    # A page module that imports a left-out one in a function would still
    # break: the check is on every import statement, not only the top ones.
    bad = {name: sorted(_imports(text) & dropped) for name, text in sources.items() if _imports(text) & dropped}
    assert bad == {}
