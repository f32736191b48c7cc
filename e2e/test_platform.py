"""Platform tests: the page boots from our own origin, shows its loading
screen before Python, works offline and under a sub-path, has a CSP, and
the build output is complete."""
import base64
import gzip
import hashlib
import importlib.util
import io
import json
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from deploys import NEW_VERSION, deploy_site
from settle import acked, python_worker, run_python

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
_build_spec = importlib.util.spec_from_file_location("hearts_build_for_platform", ROOT / "tools" / "build.py")
_build_py = importlib.util.module_from_spec(_build_spec)
_build_spec.loader.exec_module(_build_py)
BOOT_KEYS = ["title", "loading", "booting", "unsupported", "failed"]


# A worker whose Python never comes: it takes the page's messages and does nothing.
IDLE_WORKER = {"status": 200, "content_type": "text/javascript", "body": "self.onmessage = () => {};\n"}


def stub_python(context):
    """Keep the game's Python from starting, so the loading screen and boot.js can be tested on their own."""
    context.route("**/assets/python-worker.js", lambda route: route.fulfill(**IDLE_WORKER))


# --- the booted game ---------------------------------------------------------

def test_boots_to_start_screen(game):
    page = game.page
    start = page.locator('#app section[data-phase="start"]')
    assert start.is_visible()
    assert page.locator('#app [data-action="new-game"]').is_visible()
    assert page.locator("#boot").is_hidden()
    assert page.locator("html").get_attribute("lang") == "en"


def test_boot_progress_reached_the_last_stage(game):
    # boot.js moved through the stages as the files came and the worker's Python rose.
    assert game.page.locator("html").get_attribute("data-boot-stage") == "3"
    assert game.page.locator("html").get_attribute("data-boot-error") is None


def test_everything_comes_from_our_origin(fresh, site, open_game):
    # A first visit: everything is downloaded (a warm one reads the caches).
    open_game(fresh.page, site.game_url())
    urls = fresh.watcher.requests
    assert any(u.endswith("/build/packed/pyodide.asm.wasm.gz") for u in urls)
    assert any(u.endswith("/build/app.zip") for u in urls)
    assert any(u.endswith("/assets/python-worker.js") for u in urls)
    fresh.watcher.assert_clean()


# The snapshot's own tests: e2e/test_browser_snapshot.py (the browser makes it).



# Every module whose source the worker imported after the game's Python was
# mounted (self.heartsModulesAtMount: how many modules sys.modules held then;
# it keeps the order in which imports finished): its file, and would the
# import system load it from a pyc (True) or compile its source (False)?
# zipimport compiles only when the archive has no valid pyc
# (_compile_source); a file loader calls source_to_code. Before the mount,
# Pyodide's own start-up imports the same modules as on a bare Pyodide page.
PYC_USE = """
import json, sys, zipimport
def loads_pyc(name):
    loader = sys.modules[name].__spec__.loader
    compiled = []
    if isinstance(loader, zipimport.zipimporter):
        original = zipimport._compile_source
        zipimport._compile_source = lambda path, source: compiled.append(path) or original(path, source)
        try:
            loader.get_code(name)
        finally:
            zipimport._compile_source = original
    else:
        loader.source_to_code = lambda data, path, *args, **kwargs: compiled.append(path)
        try:
            loader.get_code(name)
        finally:
            del loader.source_to_code
    return not compiled
names = list(sys.modules)
late = {}
for name in names[AT_MOUNT:]:
    origin = str(getattr(getattr(sys.modules[name], "__spec__", None), "origin", ""))
    if origin.endswith((".py", ".pyc")):  # zipimport: the file it loads
        late[name] = [origin, loads_pyc(name)]
json.dumps(late)
"""


def test_python_modules_load_from_their_pycs(returning):
    # tools/build.py precompiles ours and the few of the standard
    # library imported after the hand-over (STDLIB_PRECOMPILED) with Pyodide,
    # into app.zip; without a valid pyc the page would compile each of them
    # at every start (Pyodide's standard library zip holds sources only).
    # On a visit restored from the browser's snapshot: the game modules the
    # snapshot holds have no pyc (a first visit compiles them, once).
    at_mount = python_worker(returning.page).evaluate("() => self.heartsModulesAtMount")
    late = json.loads(run_python(returning.page, f"AT_MOUNT = {at_mount}\n" + PYC_USE))
    # The list of the modules the cut standard library leaves out, which its
    # on-demand finder reads, and the module that mounts app.zip
    # (hearts/page/app_zip.py): bytecode files of that zip.
    assert late.pop("_hearts_stdlib_rest", ["", True])[1]
    assert late.pop("_hearts_app_zip", ["", True])[1]
    assert "hashlib" in late
    assert {name: origin for name, (origin, _) in late.items() if "/app.zip/" not in origin} == {}
    assert [name for name, (_, from_pyc) in late.items() if not from_pyc] == []


def test_the_warm_up_runs_once_the_start_screen_is_up(game):
    # 50 ms after the start screen: the opponents imported and a throwaway
    # game's first moves rendered, the real game untouched.
    game.page.locator("html[data-warm]").wait_for(state="attached", timeout=30000)
    imported = json.loads(run_python(game.page, """
import json, sys
json.dumps(["hearts.ai.hard" in sys.modules, "hashlib" in sys.modules])
"""))
    assert imported == [True, True]
    assert game.page.locator('#screen [data-phase="start"]').is_visible()


def test_tracebacks_show_source_lines(game):
    # The sources travel with the pycs, so a traceback still quotes the code.
    frames = json.loads(run_python(game.page, """
import json, traceback
from hearts.engine.game import Game
try:
    Game.new(seed=1).play(1, "QS")
except Exception as error:
    frames = traceback.extract_tb(error.__traceback__)
json.dumps([(frame.filename, frame.line) for frame in frames])
"""))
    in_game = [line for filename, line in frames if filename.endswith("hearts/engine/game.py")]
    assert in_game and all(line.strip() for line in in_game)


# CSP level 3's fetch directives and what each falls back to when the policy
# does not name it (default-src last).
CSP_FALLBACK = {
    "script-src-elem": ["script-src"], "script-src-attr": ["script-src"], "script-src": [],
    "style-src-elem": ["style-src"], "style-src-attr": ["style-src"], "style-src": [],
    "worker-src": ["child-src", "script-src"], "frame-src": ["child-src"], "child-src": [],
    "fenced-frame-src": ["frame-src", "child-src"], "connect-src": [], "font-src": [], "img-src": [],
    "manifest-src": [], "media-src": [], "object-src": [],
}


def effective_csp(policy):
    """Each fetch directive's sources, after the fallbacks."""
    def resolve(name):
        for candidate in [name, *CSP_FALLBACK[name], "default-src"]:
            if candidate in policy:
                return policy[candidate]
        return None
    return {name: resolve(name) for name in CSP_FALLBACK}


def test_csp_meta_is_present_and_strict(game):
    csp = game.page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    policy = dict(part.strip().split(" ", 1) for part in csp.split(";") if part.strip())
    # No manifest-src (WebKit warns of it): the manifest is 'self' by
    # default-src, and nothing else may be let in by that.
    assert "manifest-src" not in policy
    allowed = {"script": policy["script-src"], "style": policy["style-src"],  # (their hashes: checked below)
               "worker-src": "'self'", "connect-src": "'self'", "font-src": "'self'", "img-src": "'self' data:",
               "manifest-src": "'self'"}
    expected = {name: allowed.get(name, allowed.get(name.split("-")[0], "'none'")) for name in CSP_FALLBACK}
    assert effective_csp(policy) == expected
    assert policy["base-uri"] == policy["form-action"] == "'none'"
    assert "'unsafe-inline'" not in csp
    # Beyond 'self', exactly what PyScript and the runtimes need: PyScript's
    # core builds functions from text (`Function(...)`: its MicroPython
    # bootstrap, its hooks), which 'unsafe-eval' allows (the README's
    # Publish section says so); the wasm the page compiles needs
    # 'wasm-unsafe-eval'. The worker that runs Python has a policy of its own
    # (its response's, none here). The one inline script (the watchdog of
    # the page's scripts) by its hash: test_the_inline_style_and_script_...
    assert policy["script-src"].split()[:1] + policy["script-src"].split()[2:] == \
        ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]
    assert policy["connect-src"] == "'self'"


def test_the_boot_logs_no_issue_in_devtools(warm, site, open_game):
    """Nothing in Chromium's Issues panel (Lighthouse's best practices fails
    on any): above all no shared memory made without cross-origin isolation
    (Pyodide's own made one as it loaded: PATCHES in tools/build.py), which
    Chromium reports as the deprecation "SharedArrayBuffer will require
    cross-origin isolation"."""
    page = warm.page
    cdp = warm.context.new_cdp_session(page)
    issues = []
    cdp.on("Audits.issueAdded", lambda event: issues.append(event["issue"]))
    cdp.send("Audits.enable")
    page = open_game(page, site.game_url())
    page.locator('#screen [data-action="new-game"]').click()
    acked(page)
    page.locator("#screen button[data-card]").first.wait_for()
    # (Against npm's own pyodide.asm.mjs this lists a SharedArrayBufferIssue
    # and a DeprecationIssue, both at its syncSleep.)
    assert [(i["code"], i.get("details")) for i in issues] == []


@pytest.mark.parametrize("tag, directive", [("style", "style-src"), ("script", "script-src")])
def test_the_inline_style_and_script_are_the_ones_the_csp_allows(tag, directive):
    # index.html's <style> (the loading screen) and <script> (the watchdog of
    # the page's scripts) are allowed by their hashes alone.
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    inline = re.findall(rf"^\s*<{tag}>(.*?)</{tag}>", html, re.S | re.M)  # (not in a comment)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode("utf-8")).digest()).decode()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
    policy = dict(part.strip().split(" ", 1) for part in csp.split(";") if part.strip())
    assert policy[directive].split()[:2] == ["'self'", f"'sha256-{digest}'"], (
        f"index.html's <{tag}> changed: put 'sha256-{digest}' in its CSP's {directive}")


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []
        self.inline_scripts = 0
        self._in_script = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "script" and dict(attrs).get("type") != "application/json":  # (data: never run)
            self._in_script = dict(attrs)

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None

    def handle_data(self, data):
        if self._in_script is not None and data.strip():
            self.inline_scripts += 1


def test_index_html_has_one_inline_script_and_only_relative_urls():
    parser = _Tags()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.inline_scripts == 1  # the watchdog of the scripts, allowed by its hash (above)
    urls = [attrs[key] for _, attrs in parser.tags for key in ("src", "href") if key in attrs]
    assert urls, "expected some URLs"
    for url in urls:
        assert url.startswith("./"), url
    assert not [a for t, a in parser.tags if t != "script" and any(k.startswith("on") for k in a)]
    assert [t for t, a in parser.tags if a.get("id") == "app"] == ["main"]  # the one root the UI renders into


# --- the loading screen -------------------------------------------------------

# (Without scripts the page shows its start screen, not the loading screen:
# e2e/test_start_screen.py. The loading screen is for a game to resume.)
# a stored game: the loading screen shows (not in a frame without storage)
RESUMING = "try { localStorage.setItem('hearts.save@/', '{}') } catch (_) {}"


def test_loading_screen_shows_its_styles_without_any_other_file(browser, site):
    context = browser.new_context()
    stub_python(context)
    context.add_init_script(RESUMING)
    context.route("**/*.css", lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(site.game_url())
        page.locator('html[data-start-screen="resume"]').wait_for(state="attached")
        assert page.locator("#boot").is_visible()
        assert page.locator("#boot-title").inner_text() == "Hearts"
        assert page.locator(".boot-spinner").is_visible()
        assert page.locator("#boot-status").inner_text().strip()
        assert page.locator("#screen").is_hidden()
        assert page.locator("html[data-ready]").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fi", "nb", "lt", "nl"])
def test_loading_screen_is_translated_before_python(browser, site, watch, lang):
    all_strings = json.loads((BUILD / "boot-i18n.json").read_text(encoding="utf-8"))
    strings = {**all_strings["en"], **all_strings.get(lang, {})}
    context = browser.new_context()
    watcher = watch(context)
    stub_python(context)
    context.add_init_script(RESUMING)
    try:
        page = context.new_page()
        page.goto(site.game_url(lang=lang))
        # English texts are in the static page already: wait for boot.js's own.
        page.locator(f'html[data-boot-texts="{lang}"]').wait_for(state="attached", timeout=10_000)
        assert page.title() == strings["title"]
        # "Downloading", or once the files are in (Pyodide is stubbed here) "Starting".
        stage, status = page.evaluate(
            "[document.documentElement.dataset.bootStage, document.getElementById('boot-status').textContent]")
        assert status == strings[{"1": "loading", "2": "booting"}[stage]]
        assert page.locator("#boot").is_visible()
        assert page.locator("html").get_attribute("lang") == lang
        # The page's description and the installable app's name speak the language too.
        assert page.locator('meta[name="description"]').get_attribute("content") == strings["description"]
        href = page.locator('link[rel="manifest"]').get_attribute("href")
        assert href == f"./build/manifest-{lang}.webmanifest"
        manifest = json.loads((BUILD / f"manifest-{lang}.webmanifest").read_text(encoding="utf-8"))
        assert (manifest["name"], manifest["lang"]) == (strings["title"], lang)
        assert manifest["description"] == strings["description"]
        assert manifest["start_url"] == "../" and manifest["icons"][0]["src"].startswith("../assets/")
        if lang != "en":
            assert strings["description"] != all_strings["en"]["description"]
        watcher.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("query, locale, stored, expected", [
    ({"lang": "fi"}, "en-US", None, "fi"),
    ({"lang": "no"}, "en-US", None, "nb"),
    ({"lang": "nn"}, "en-US", None, "nb"),
    ({"lang": None}, "nb-NO", None, "nb"),
    ({"lang": None}, "lt-LT", None, "lt"),
    ({"lang": None}, "de-DE", "nl", "nl"),
    ({"lang": "xx"}, "de-DE", None, "en"),
])
def test_language_choice(browser, site, query, locale, stored, expected):
    context = browser.new_context(locale=locale)
    stub_python(context)
    if stored:
        context.add_init_script(f"localStorage.setItem('hearts.lang', {json.dumps(stored)})")
    try:
        page = context.new_page()
        page.goto(site.game_url(**query))
        page.locator(f'html[lang="{expected}"]').wait_for(state="attached", timeout=5000)
    finally:
        context.close()


# What the loading screen's heart and ring do: the transforms of the heart
# and of everything it is inside (an ancestor's rotation turns it too), and
# each running animation of the page, whether it moves the heart.
SPINNER_STATE = """() => {
  const heart = document.querySelector('.boot-spinner span');
  const ring = getComputedStyle(document.querySelector('.boot-spinner'), '::before');
  const chain = [];
  for (let node = heart; node; node = node.parentElement) chain.push(getComputedStyle(node).transform);
  const animations = document.getAnimations().filter((a) => a.playState === 'running').map((a) => ({
    name: a.animationName,
    movesHeart: !a.effect.pseudoElement && a.effect.target.contains(heart),
    duration: a.effect.getComputedTiming().duration,
  }));
  return { chain, ring: ring.transform, animations };
}"""
IDENTITY = {"none", "matrix(1, 0, 0, 1, 0, 0)"}


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_heart_stands_still_while_the_ring_turns(browser, site, motion):
    context = browser.new_context(reduced_motion=motion)
    stub_python(context)  # the loading screen stays
    context.add_init_script(RESUMING)
    try:
        page = context.new_page()
        page.goto(site.game_url())
        rings = set()
        for _ in range(4):
            state = page.evaluate(SPINNER_STATE)
            assert set(state["chain"]) <= IDENTITY, state["chain"]
            spins = [a for a in state["animations"] if a["name"] == "boot-spin"]
            assert spins and not [a for a in spins if a["movesHeart"]]
            rings.add(state["ring"])
            page.wait_for_timeout(450)  # > one of the ring's steps, also when it is slow
        assert len(rings) > 1, "the ring does not turn"
        # Reduced motion: the ring turns, at a quarter of its speed.
        assert {a["duration"] for a in spins} == {4800 if motion == "reduce" else 1200}
    finally:
        context.close()


# Every value of html[data-boot-progress] in the order the page set them,
# with the stage, whether data-ready was set and the bytes line then.
RECORD_PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const html = document.documentElement;
  const row = [Number(html.dataset.bootProgress), html.dataset.bootStage || '', html.hasAttribute('data-ready'),
               (document.getElementById('boot-bytes') || {}).textContent || ''];
  const last = window.__progress[window.__progress.length - 1];
  if (!last || String(last) !== String(row)) window.__progress.push(row);
}).observe(document, { attributes: true, subtree: true, childList: true, characterData: true });
"""


def test_the_loading_bar_moves_with_the_bytes_then_the_stages(browser, site, watch, open_game):
    context = browser.new_context()
    watcher = watch(context)
    context.add_init_script(RECORD_PROGRESS)
    try:
        page = context.new_page()
        # 20 Mbit/s: the first visit's ~5.5 MB take ~2 s to arrive, time for the bar
        # to move (at 100 Mbit/s they came in four steps on a loaded CI machine).
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8})
        page = open_game(page, site.game_url())
        rows = [row for row in page.evaluate("window.__progress") if row[0] == row[0]]  # NaN: not set yet
        values = [value for value, _, _, _ in rows]
        assert values == sorted(values), "the bar moved back"
        while_downloading = {value for value, stage, _, _ in rows if stage in ("", "1")}
        assert len(while_downloading) >= 5 and max(while_downloading) <= 80, sorted(while_downloading)
        assert [text for *_, text in rows if re.fullmatch(r"\d+\.\d MB / \d+\.\d MB", text)]
        # Full at data-ready, not before; the bytes line is gone by then.
        full = [ready for value, _, ready, _ in rows if value == 100]
        assert full and all(full), rows[-5:]
        assert rows[-1][2:] == [True, ""] and page.locator("#boot-progress").get_attribute("value") == "100"
        watcher.assert_clean()
    finally:
        context.close()


def english_boot_strings():
    return json.loads((BUILD / "boot-i18n.json").read_text(encoding="utf-8"))["en"]


def expect_boot_error(page, url, key, timeout):
    """The loading screen turns into the (English) message boot-i18n.json has for key."""
    page.goto(url)
    page.locator(f'html[data-boot-error="{key}"]').wait_for(state="attached", timeout=timeout)
    alert = page.locator("#boot [role=alert]")
    # The message may first be boot.js's built-in English, then the build's.
    expect(alert).to_have_text(english_boot_strings()[key])
    expect(alert).to_be_visible()
    assert page.locator(".boot-spinner").is_hidden()


def test_missing_webassembly_shows_a_message(browser, site, watch):
    context = browser.new_context()
    watcher = watch(context)
    context.add_init_script("delete globalThis.WebAssembly")
    try:
        expect_boot_error(context.new_page(), site.game_url(), "unsupported", 10000)
        assert not [u for u in watcher.requests if "/vendor/pyodide/" in u], "Pyodide must not load"
        watcher.assert_clean()
    finally:
        context.close()


def test_failed_boot_shows_a_message(browser, site):
    context = browser.new_context()
    context.route("**/pyodide.asm.wasm*", lambda route: route.abort())  # and its gzipped copy
    try:
        expect_boot_error(context.new_page(), site.game_url(), "failed", 60000)
    finally:
        context.close()


# --- offline and static hosting -------------------------------------------------

def test_works_offline_after_one_visit(fresh, site, open_game):
    page, context = fresh.page, fresh.context
    page = open_game(page, site.game_url())
    page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=60000)
    context.set_offline(True)
    try:
        page = open_game(page, site.game_url(seed="2"))
        assert page.locator('#app [data-action="new-game"]').is_visible()
    finally:
        context.set_offline(False)


def test_first_visit_downloads_each_file_once(browser_type, browser_type_launch_args, site, tmp_path):
    # A real profile (disk cache): the worker's precache revalidates what the
    # page has just loaded (HTTP 304) instead of downloading it again.
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    try:
        page = context.new_page()
        start = len(site.log)
        page.goto(site.game_url(base=site.subpath_url))
        page.locator("html[data-ready]").wait_for(state="attached", timeout=90000)
        page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=60000)
        # The snapshot for the next visits is made from the worker's cache: nothing again.
        page.locator('html[data-snapshot-made="stored"]').wait_for(state="attached", timeout=180000)
        answered = site.log[start:]
        full = [path for path, status in answered if status == 200]
        twice = sorted({p for p in full if full.count(p) > 1})
        assert twice == []
        # The page read the wasm's gzipped copy, the worker revalidated it
        # and stored it unpacked: the 9.6 MB file itself never crossed.
        assert ("/games/hearts/build/packed/pyodide.asm.wasm.gz", 304) in answered
        assert [status for path, status in answered if path.endswith("/pyodide.asm.wasm")] == []
    finally:
        context.close()


def test_boots_under_a_sub_path(fresh, site, open_game):
    open_game(fresh.page, site.game_url(base=site.subpath_url))
    assert fresh.page.locator('#app [data-action="new-game"]').is_visible()
    paths = [urlsplit(u).path for u in fresh.watcher.requests if u.startswith(site.origin)]
    outside = [p for p in paths if not p.startswith("/games/hearts/")]
    assert outside == [], "every URL must be relative to the page"


def test_dist_boots_from_a_plain_static_server_under_a_sub_path(browser, watch, tmp_path, open_game,
                                                                  serve_directory):
    # `make dist` output, copied to /games/hearts/ of a plain file server.
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist",
                    str(tmp_path / "games" / "hearts")], check=True, capture_output=True)
    published = {p.relative_to(tmp_path / "games" / "hearts").parts[0]
                 for p in (tmp_path / "games" / "hearts").iterdir()}
    assert published == {"index.html", "sw.js", "manifest.webmanifest", "pyscript.toml", "assets", "build"}
    origin = serve_directory(tmp_path)
    context = browser.new_context()
    watcher = watch(context, origin)
    try:
        page = context.new_page()
        page = open_game(page, origin + "/games/hearts/?lang=nl")
        page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=60000)
        assert page.locator("html").get_attribute("lang") == "nl"
        context.set_offline(True)
        page = open_game(page, origin + "/games/hearts/?lang=nl")
        watcher.assert_clean()
    finally:
        context.close()


def test_new_build_replaces_the_offline_cache(browser, tmp_path, serve_directory, open_game):
    site_dir = tmp_path / "site"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(site_dir)],
                   check=True, capture_output=True)
    origin = serve_directory(site_dir)
    old_version = _precache(site_dir)["version"]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(origin + "/?lang=en")
        page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=90000)
        assert page.evaluate("caches.keys()") == ["hearts / " + old_version]
        # "Deploy" a new build: another boot title and so another version.
        deploy_site(site_dir)
        # The next visit (still the old build) finds the new worker, which
        # installs the new build and waits (issue 26: never forced): the page
        # says so, and Update now lets it take over, which deletes the old
        # cache; the visit after that shows the new build.
        page = open_game(page, origin + "/?lang=en")
        expect(page.locator("#boot-title")).to_have_text("Hearts")
        page.locator('html[data-update="ready"]').wait_for(state="attached", timeout=90000)
        assert sorted(page.evaluate("caches.keys()")) == sorted(["hearts / " + old_version, "hearts / " + NEW_VERSION])
        with page.expect_navigation(timeout=90000):
            page.locator('#screen [data-action="update-now"]').click()
        page.locator("html[data-ready]").wait_for(state="attached", timeout=90000)
        assert page.evaluate("caches.keys()") == ["hearts / " + NEW_VERSION]
        page.goto(origin + "/?lang=en")
        expect(page.locator("#boot-title")).to_have_text("Hearts 2")
    finally:
        context.close()


# --- build output -------------------------------------------------------------

def _precache(folder=ROOT):
    text = (folder / "build" / "precache.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"self\.PRECACHE = (\{.*\});", text, re.S).group(1))


def test_precache_lists_every_site_file():
    data = _precache()
    files = set(data["files"])
    assert re.fullmatch(r"[0-9a-f]{16}", data["version"])
    expected = {"./", "./index.html", "./manifest.webmanifest", "./pyscript.toml",
                "./build/app.zip", "./build/boot-i18n.json", "./build/boot-sizes.json",
                "./build/snapshot.json", "./assets/snapshot-worker.js",
                "./build/controller/controller.py", "./build/controller/protocol.py"}
    for folder in ("assets", "build/vendor", "build/cards"):
        expected |= {"./" + p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*") if p.is_file()}
    # The page's standard library is build/python_stdlib.zip, not the runtime's own.
    expected = expected - {"./build/vendor/pyodide/python_stdlib.zip"} | {"./build/python_stdlib.zip"}
    assert expected <= files
    # The packages the build vendors, and no other (svg-cards is cut into
    # build/cards/); of PyScript, none of its editor's and terminal's
    # libraries, which the page never loads.
    assert sorted(p.name for p in (BUILD / "vendor").iterdir()) == ["micropython", "morphdom", "pyodide", "pyscript"]
    assert not [f for f in files if "/pyscript/" in f and ("codemirror" in f or "xterm" in f)]
    assert "./build/vendor/pyodide/python_stdlib.zip" not in files
    assert not [f for f in files if f.endswith(".map")]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        assert f"./build/vendor/pyodide/{name}" in files
    for f in files:
        assert (ROOT / f).exists(), f
    assert not [f for f in files if "pyodide-snapshot" in f], "the browser makes its own snapshot"


def test_app_zip_holds_the_package_only():
    # tests/test_app_zip.py checks the .pyc files against these sources, and
    # the standard library's sources against the runtime's.
    archive = zipfile.ZipFile(BUILD / "app.zip")
    names = archive.namelist()
    assert "hearts/page/worker.py" in names
    ours = [n for n in names if n.startswith("hearts/")]
    assert all(n.endswith((".py", ".pyc")) for n in ours)
    assert all(n.startswith("locale/") or n.endswith((".py", ".pyc")) for n in names if n not in ours)
    assert not [n for n in names if "/tests/" in n or n.split("/")[-1].startswith("test_")]
    stale = [n for n in ours if n.endswith(".py") and archive.read(n) != (ROOT / n).read_bytes()]
    assert stale == [], "build/ is older than the sources: run `make build`"
    for po in sorted((ROOT / "i18n").glob("*.po")) if (ROOT / "i18n").is_dir() else []:
        assert f"locale/{po.stem}/LC_MESSAGES/hearts.mo" in names


# The tools that live in the package beside the game; the page never runs them.
TOOLS = ("hearts/dev/bench.py", "hearts/dev/soak.py", "hearts/dev/conformance.py", "hearts/dev/catalogs.py",
         "hearts/dev/plain_engine.py", "hearts/dev/tournament.py")


def test_app_zip_ships_only_what_the_page_imports(fresh, site, open_game):
    # Every module of ours in app.zip is imported by the page once it has
    # warmed up and shown the rules (the one module loaded on demand), and
    # the command-line tools are not in it at all.
    names = zipfile.ZipFile(BUILD / "app.zip").namelist()
    shipped = {n[:-3].replace("/", ".").removesuffix(".__init__") for n in names
               if n.startswith("hearts/") and n.endswith(".py")}
    assert [t for t in TOOLS if t in names] == []
    page = open_game(fresh.page, site.game_url())
    page.locator("html[data-warm]").wait_for(state="attached", timeout=30000)
    page.locator('#screen [data-action="rules"]').click()
    acked(page)
    page.locator("#screen h3").first.wait_for()
    imported = set(json.loads(run_python(page, """
import json, sys
json.dumps([name for name in sys.modules if name == "hearts" or name.startswith("hearts.")])
""")))
    assert shipped - imported == set(), "app.zip holds modules the page never imports"
    assert imported - shipped == set()


def test_boot_strings_have_english():
    strings = english_boot_strings()
    assert all(strings[key].strip() for key in BOOT_KEYS)


def test_manifest_and_icons():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Hearts" and manifest["start_url"] == "./"
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        data = (ROOT / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
        else:
            assert data.lstrip().startswith(b"<svg")
    assert {192, 512} <= sizes
