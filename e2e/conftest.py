"""Browser-test fixtures: a local HTTP server, Debian's Chromium, and a
watcher that fails a test on console errors or requests to other origins.

Fixtures and helpers (use them from any e2e/test_*.py):

- ``site`` (session): the HTTP server serving the repo root on a free
  127.0.0.1 port; ``site.url`` is "http://127.0.0.1:PORT/" and
  ``site.subpath_url`` is the same site under "/games/hearts/".
  ``site.game_url(**params)`` builds a game URL (defaults: seed=1,
  speed=instant, lang=en, level=normal; ``base=site.subpath_url`` to
  change the base; a param set to None is left out); ``site.log`` lists
  the (path, status) pairs the server answered.
- ``open_game`` (session): a function ``open_game(page, url)`` that goes
  to url and waits until html[data-ready] (the game is playable); returns
  the page.
- ``serve_directory(path)`` (session): starts a plain static server of
  path and returns its origin ("http://127.0.0.1:PORT").
- ``watch(context, origin=None)``: returns a Watcher recording console errors, page
  errors, failed requests and every request URL of the context (service
  worker included); ``watcher.assert_clean()`` asserts none went to
  another origin, nothing failed and no console error was printed.
- ``warm_copy`` (function scope): ``warm_copy(**options)`` returns a clean
  context of its own whose visit is a returning one (the service worker's
  caches and this browser's snapshot are there, from the session's
  ``warm_profile``; nothing the page stores is), closed when the test
  ends. For every test that is not about a first visit.
- ``warm_context`` (function scope): ``warm_context(**options)`` returns
  ``(context, watcher)``: warm_copy's context and a watcher of it, checked
  at teardown.
- ``launch_warm_copy`` (session): ``launch_warm_copy(path, **options)``
  launches a Chromium on a copy of the warm profile made at path (what
  warm_context does; for a fixture of a wider scope).
- ``game`` (function scope): a booted game in a warm context of the test's
  own: ``game.page``, ``game.context``, ``game.watcher``; the watcher is
  checked when the test ends. No test sees another's state.
- ``returning`` (function scope): like ``game``, checked to be restored
  from the snapshot (html[data-snapshot="restored"]).
- ``fresh`` (function scope): a new context + page (no service worker, no
  cache: a real first visit) with a watcher that is checked at teardown: ``fresh.page``,
  ``fresh.context``, ``fresh.watcher``.
- ``warm`` (function scope): the same for a returning visit (warm_context):
  ``warm.page`` (not yet on the game), ``warm.context``, ``warm.watcher``.
- ``boot(page, url)`` is open_game; a renderer that crashes while booting
  gets one more try in a new tab (a RendererCrashed warning), so use the
  page it returns.

No test depends on another or on their order (``pytest --random-order``
shuffles them): each starts from a clean context, warm or a first visit,
and sets what it needs itself. Under the page's CSP,
``page.wait_for_function`` cannot run: wait on locators
(``page.locator("html[data-ready]").wait_for(state="attached")``), or on
the page's counters (e2e/settle.py), never for a fixed time before
asserting that something did not happen.
"""
import shutil
import sys
import urllib.parse
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import CHROMIUM, CHROMIUM_ARGS, QuietHandler, serve  # noqa: E402  (tools/browser.py: one browser, one static server)

SUBPATH = "/games/hearts/"
# Generous: a first visit starts Python anew (the browser makes its snapshot
# afterwards), which took over 90 s here when the shared machine was loaded.
BOOT_TIMEOUT_MS = 240_000
DEFAULT_PARAMS = {"seed": "1", "speed": "instant", "lang": "en", "level": "normal"}


class _Handler(QuietHandler):
    """Serves ROOT at / and the same files under SUBPATH."""

    def translate_path(self, path):
        parsed = urllib.parse.urlsplit(path).path
        if parsed.startswith(SUBPATH):
            path = "/" + path[len(SUBPATH):]
        return super().translate_path(path)

    def do_GET(self):
        if self.path.split("?", 1)[0] == SUBPATH.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", SUBPATH)
            self.end_headers()
            return
        super().do_GET()

    def log_request(self, code="-", size="-"):
        self.server.log.append((self.path.split("?", 1)[0], int(getattr(code, "value", code))))


class Site:
    """The running test server; ``log`` lists (path, HTTP status) it answered."""

    def __init__(self, port, log):
        self.log = log
        self.origin = f"http://127.0.0.1:{port}"
        self.url = self.origin + "/"
        self.subpath_url = self.origin + SUBPATH

    def game_url(self, base=None, **params):
        query = {**DEFAULT_PARAMS, **params}
        query = {k: v for k, v in query.items() if v is not None}
        return (base or self.url) + ("?" + urllib.parse.urlencode(query) if query else "")


@pytest.fixture(scope="session")
def site():
    if not (ROOT / "build" / "precache.js").exists():
        pytest.fail("build/ is missing: run `make build` (or `make test`) first")
    server = serve(ROOT, handler=_Handler)
    server.log = []  # before any page asks: nothing is loaded yet
    try:
        yield Site(server.server_port, server.log)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright launches Debian's Chromium (no browser download)."""
    args = list(browser_type_launch_args.get("args") or []) + CHROMIUM_ARGS
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


class Watcher:
    """Records what a browser context does; see assert_clean()."""

    def __init__(self, context, origin):
        self.origin = origin
        self.requests = []
        self.console_errors = []
        self.page_errors = []
        self.failed = []
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("requestfailed", self._request_failed)
        context.on("response", self._response)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.page_errors.append(str(error.error)))

    def _request_failed(self, request):
        # A reload or a navigation cancels the downloads still in flight
        # (the card art loads after the boot, so a test that reloads early
        # cuts it short): the browser calls that ERR_ABORTED. Not a failure.
        if request.failure != "net::ERR_ABORTED":
            self.failed.append(f"{request.url}: {request.failure}")

    def _response(self, response):
        if response.status >= 400:
            self.failed.append(f"{response.url}: HTTP {response.status}")

    def _console(self, message):
        if message.type == "error":
            self.console_errors.append(message.text)

    def foreign_requests(self):
        return [u for u in self.requests
                if not (u.startswith(self.origin + "/") or u.startswith(("data:", "blob:")))]

    def assert_clean(self):
        assert self.foreign_requests() == [], "requests to other origins"
        assert self.console_errors == [], "console errors"
        assert self.page_errors == [], "uncaught page errors"
        assert self.failed == [], "failed requests"


@pytest.fixture(scope="session")
def watch(site):
    """watch(context, origin=site.origin) -> Watcher."""
    return lambda context, origin=None: Watcher(context, origin or site.origin)


@pytest.fixture(scope="session")
def serve_directory():
    """serve_directory(path) -> origin of a plain static server of path
    (no sub-path mapping, like a static host); stopped at session end."""
    servers = []

    def start(path):
        server = serve(path)
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


class RendererCrashed(UserWarning):
    """Chromium's renderer crashed while a page booted (see boot())."""


def boot(page, url, timeout=BOOT_TIMEOUT_MS):
    """Navigate to url and wait until the game is playable (html[data-ready]);
    returns the page that booted.

    A renderer that crashes during the boot gets one more try, in a new tab
    of the same context (Playwright gives a crashed page up), with a
    RendererCrashed warning in the run's summary; a second crash fails. About
    one boot in a few hundred of a whole run crashed so ("Target crashed"
    while waiting for data-ready, at 320x640 and at 2560x1440 alike, here
    and in CI's run of 02d60f0), with nothing in Chromium's log, and none in
    120 boots in a row, on a quiet machine or a loaded one. A page that
    crashes on every boot still fails."""
    try:
        return _boot_once(page, url, timeout)
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        warnings.warn(f"the renderer crashed while booting {url}: booted again in a new tab "
                      f"({str(error).splitlines()[0]})", RendererCrashed)
    return _boot_once(page.context.new_page(), url, timeout)


def _boot_once(page, url, timeout):
    page.goto(url)
    page.locator("html[data-ready]").wait_for(state="attached", timeout=timeout)
    return page


def second_visit(page, url, timeout=BOOT_TIMEOUT_MS):
    """A first visit to url, then, once the page has made and stored this
    browser's snapshot (assets/boot.js makeSnapshotForNextVisits), the next
    visit, restored from it: the page."""
    page = boot(page, url, timeout)
    page.locator('html[data-snapshot-made="stored"]').wait_for(state="attached", timeout=timeout)
    page = boot(page, url, timeout)
    assert page.locator("html").get_attribute("data-snapshot") == "restored"
    return page


@pytest.fixture
def returning(warm_context, site):
    """Like game, but checked to be a returning visit: Python restored from
    the snapshot this browser made on its first (warm_profile's)."""
    context, watcher = warm_context()
    page = boot(context.pages[0] if context.pages else context.new_page(), site.game_url())
    assert page.locator("html").get_attribute("data-snapshot") == "restored"
    return SimpleNamespace(page=page, context=context, watcher=watcher)


@pytest.fixture(scope="session")
def open_game():
    """The boot() helper as a fixture: open_game(page, url) -> page."""
    return boot


@pytest.fixture(scope="session")
def warm_profile(browser_type, browser_type_launch_args, site, tmp_path_factory):
    """A Chromium profile that has visited the game twice (site.url): its
    service worker holds the site's files and this browser's snapshot, so a
    visit starts warm, restored from the snapshot; every storage the page
    keeps (localStorage, sessionStorage, IndexedDB, cookies) is emptied
    afterwards, and checked empty in a second launch. warm_context() opens
    a copy of it for each test."""
    path = tmp_path_factory.mktemp("warm-profile") / "profile"
    context = browser_type.launch_persistent_context(path, **browser_type_launch_args)
    try:
        page = second_visit(context.pages[0] if context.pages else context.new_page(), site.game_url())
        page.goto(site.url + "build/precache.js")  # a page of the origin without the game
        session = context.new_cdp_session(page)
        session.send("Storage.clearDataForOrigin", {"origin": site.origin, "storageTypes": KEPT_OUT})
    finally:
        context.close()
    context = browser_type.launch_persistent_context(path, **browser_type_launch_args)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site.url + "build/precache.js")
        left = page.evaluate(STORAGE_LEFT)
    finally:
        context.close()
    assert left == {"local": 0, "session": 0, "indexedDB": 0, "cookie": ""}, left
    for lock in path.glob("Singleton*"):  # (none after a clean close; never copied)
        lock.unlink()
    return path


# What a warm profile keeps out: every storage of the page but the service
# worker and its caches (Storage.clearDataForOrigin's storage types).
KEPT_OUT = "cookies,local_storage,indexeddb,websql,file_systems,shader_cache"
STORAGE_LEFT = """async () => ({
    local: localStorage.length, session: sessionStorage.length,
    indexedDB: (await indexedDB.databases()).length, cookie: document.cookie,
})"""


@pytest.fixture(scope="session")
def launch_warm_copy(browser_type, browser_type_launch_args, warm_profile):
    """launch_warm_copy(path, **context_options) -> context: a new Chromium
    on a copy of warm_profile made at path (delete path once it is closed)."""
    def launch(path, **options):
        shutil.copytree(warm_profile, path, symlinks=True)
        return browser_type.launch_persistent_context(path, **{**browser_type_launch_args, **options})
    return launch


@pytest.fixture
def warm_copy(launch_warm_copy, tmp_path):
    """warm_copy(**context_options) -> context: a browser context of its own
    (a new Chromium on a copy of warm_profile) whose visit to site.url is a
    returning one: the service worker and the snapshot are there, nothing
    the page stores is. Closed, and its copy deleted, when the test ends;
    nothing checks it (warm_context does). Context options are
    BrowserType.launch_persistent_context's (viewport, reduced_motion, ...)."""
    opened = []

    def open_copy(**options):
        copy = tmp_path / f"profile-{len(opened)}"
        context = launch_warm_copy(copy, **options)
        opened.append((context, copy))
        return context

    yield open_copy
    for context, copy in opened:
        context.close()
        # A copy is ~33 MB: kept, a whole run's ~270 would fill a small
        # /tmp (a tmpfs is memory) long before the run ends.
        shutil.rmtree(copy, ignore_errors=True)


@pytest.fixture
def warm_context(warm_copy, watch):
    """warm_context(**context_options) -> (context, watcher): warm_copy's
    context and a watcher of it, checked when the test ends (before the
    context closes)."""
    watchers = []

    def open_context(**options):
        context = warm_copy(**options)
        watchers.append(watch(context))
        return context, watchers[-1]

    yield open_context
    for watcher in watchers:
        watcher.assert_clean()


@pytest.fixture
def game(warm_context, site):
    """A booted game in a clean warm context of its own (warm_context):
    game.page, game.context, game.watcher (checked when the test ends)."""
    context, watcher = warm_context()
    page = boot(context.pages[0] if context.pages else context.new_page(), site.game_url())
    return SimpleNamespace(page=page, context=context, watcher=watcher)


@pytest.fixture
def fresh(browser, watch):
    context = browser.new_context()
    watcher = watch(context)
    page = context.new_page()
    yield SimpleNamespace(page=page, context=context, watcher=watcher)
    try:
        watcher.assert_clean()
    finally:
        context.close()


@pytest.fixture
def warm(warm_context):
    """Like fresh, but a returning visit (warm_context): warm.page (not yet
    on the game), warm.context, warm.watcher (checked at teardown)."""
    context, watcher = warm_context()
    page = context.pages[0] if context.pages else context.new_page()
    return SimpleNamespace(page=page, context=context, watcher=watcher)
