"""The game in Firefox and in WebKit (Safari's engine): the same smoke in each.

Boot to html[data-ready] with no console error, pass three cards, play a
whole hand with ?speed=instant, reload and resume the same game (same hand,
same score), then, once the service worker controls the page, take the
network away (the test stops the page's server) and boot again from the
worker's cache. The rest of e2e/ runs in Chromium through Playwright.

- Firefox: Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core
  from a Node script (e2e/firefox_smoke.mjs) that this test runs and talks
  to over stdin/stdout.
- WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver (Selenium), on an
  Xvfb display of its own. WebDriver gives no console log there and an
  automation session is private, where WebKit prints no console message, so
  a second test boots a plain MiniBrowser (not private) with its console on
  stdout, and the smoke keeps what the page reports as errors once booted.

A first visit starts Python anew and makes the browser's own memory
snapshot; the reload and the offline boot must restore it (each browser
its own: WebKit cannot restore one of Chromium's or Firefox's). The timeouts stay generous: WebKit starting
Python anew took 20-45 s here.

Every browser, driver and Xvfb runs in a process group of its own, ended at
teardown; a test fails if any of them outlives it. A browser that is not
installed skips its test with the reason, except under CI=true, where
`make setup` has installed it and its absence fails the test.
Figures (boot times, versions) go to build/smoke/<browser>.json.
"""
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import FIREFOX, MINIBROWSER, WEBKIT_DRIVER, XVFB, QuietHandler, serve  # noqa: E402
from webkit import Groups, end_group, isolated_env as _isolated_env, start_xvfb, webkit_driver as _webkit_driver  # noqa: E402

PAGE = (Path(__file__).parent / "smoke_page.js").read_text(encoding="utf-8")
QUERY = "?seed=1&speed=instant&lang=en&level=normal"
BOOT_S = 240          # one boot; WebKit needs 20-45 s on a quiet machine
STEP_S = 60           # one step of the game (?speed=instant: well under a second)
SMOKE_S = 600         # a whole smoke, whatever hangs (it takes 10-90 s)
FACTS = ROOT / "build" / "smoke"

# Console errors we know of, each with the issue it belongs to; any other
# fails. (None left: WebKit's "Unrecognized Content-Security-Policy
# directive 'manifest-src'" went with that directive, see index.html.)
KNOWN_CONSOLE_ERRORS = {}


def require(*paths):
    """Skip (fail under CI) when a browser binary this test needs is absent."""
    missing = [p for p in paths if not (os.path.isfile(p) and os.access(p, os.X_OK))]
    if missing:
        reason = (f"BROWSER NOT INSTALLED: {', '.join(missing)} missing; `make setup` installs "
                  "firefox-esr, webkit2gtk-driver and xvfb")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)


# --- processes ------------------------------------------------------------------

@pytest.fixture
def groups():
    g = Groups()
    yield g
    left = g.end()
    assert left == [], "processes outlived the test"


class SmokeServer:
    """The site on a port of its own (the smoke takes it away for offline),
    recording (path, status) of every answer. Nothing it sends may be kept
    in the browser's HTTP cache (Cache-Control: no-store), so that offline
    only the service worker's cache can start the game. swap[path] = file
    answers path with another file of the site."""

    def __init__(self):
        log = self.log = []
        swap = self.swap = {}

        class Handler(QuietHandler):
            def log_request(self, code="-", size="-"):
                log.append((self.path.split("?", 1)[0], int(getattr(code, "value", code))))

            def translate_path(self, path):
                other = swap.get(path.split("?", 1)[0])
                return str(other) if other else super().translate_path(path)

            def end_headers(self):
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

        self.server = serve(ROOT, handler=Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        self.running = True

    def stop(self):
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()

    def errors(self):
        return [f"{path}: HTTP {status}" for path, status in self.log if status >= 400]


@pytest.fixture
def smoke_server():
    if not (ROOT / "build" / "precache.js").exists():
        pytest.fail("build/ is missing: run `make build` (or `make test`) first")
    server = SmokeServer()
    yield server
    server.stop()


@pytest.fixture
def display(groups, tmp_path):
    """An Xvfb display of the test's own, ':N'. The number is chosen here
    among free ones (as xvfb-run -a does), far from the :0 a desktop or
    another tool takes first; a number taken in the meantime is skipped."""
    require(XVFB, MINIBROWSER)  # WebKit's display: no need for it without WebKit
    with open(tmp_path / "xvfb.log", "w") as log:
        first = 100 + os.getpid() % 400
        for number in range(first, first + 20):
            proc = start_xvfb(groups, log, number)
            if proc is not None:
                return SimpleNamespace(name=f":{number}", proc=proc, log=tmp_path / "xvfb.log")
    pytest.fail("Xvfb gave no usable display: " + (tmp_path / "xvfb.log").read_text()[-2000:])


def isolated_env(tmp_path, display=None):
    """tools/webkit.py's isolated_env, at home in the test's folder."""
    return _isolated_env(tmp_path / "home", display)


# --- what every browser must show -------------------------------------------------

def check_smoke(name, facts, server):
    """The assertions of the smoke, the same for every browser."""
    FACTS.mkdir(parents=True, exist_ok=True)
    (FACTS / f"{name}.json").write_text(json.dumps(facts, indent=1), encoding="utf-8")
    assert facts["start_phase"] == "start"
    check_fieldsets(facts["fieldsets"])
    assert len(facts["passed"]) == 3
    assert facts["after_pass_phase"] == "play"
    assert len(facts["played"]) == 13, "the human plays 13 cards in a hand"
    hand_end = facts["hand_end"]
    assert hand_end["phase"] == "hand-end" and hand_end["hand"] == []
    saved = json.loads(hand_end["save"])
    assert len(saved["hands"]) == 1 and sum(saved["scores"]) in (26, 78), "one hand scored"
    assert facts["resumed"] == hand_end, "the reload resumed another game"
    next_hand = facts["next_hand"]
    assert next_hand["phase"] == "pass" and len(next_hand["hand"]) == 13
    assert json.loads(next_hand["save"])["scores"] == saved["scores"]
    assert facts["sw"] == "controlled"
    assert facts["offline"] == next_hand, "offline, the page did not resume the same game"
    assert facts["offline_sw"] == "controlled", "offline, the service worker did not serve the page"
    assert [b["what"] for b in facts["boots"]] == ["first visit", "reload", "offline"]
    # every boot (a reload's too, whose old page may still hold it) gets the game's Web Lock
    assert [b["lock"] for b in facts["boots"]] == ["held"] * 3, "the page did not hold the game's Web Lock"
    # A first visit starts Python anew and makes this browser's snapshot; the
    # reload and the offline boot restore it (assets/boot.js).
    assert facts["snapshot_made"] == "stored", "the page did not make this browser's snapshot"
    assert [b["snapshot"] for b in facts["boots"]] == ["deferred", "restored", "restored"], \
        "Python did not start from the snapshot this browser made"
    assert [b["preload"] for b in facts["boots"]] == ["fresh", "preloaded", "preloaded"], \
        "the snapshot did not hold the game's modules"
    # The wasm is compiled as it streams in, before Pyodide asks for it: by
    # the page on a first visit (its gzipped copy), by the worker later.
    assert [b["compiledAhead"] for b in facts["boots"]] == [True, True, True], "the wasm was not compiled ahead"
    console = [e for e in facts["console_errors"] if not known_console_error(name, e)]
    assert console == [], "console errors"
    assert facts["page_errors"] == [], "uncaught errors in the page"
    assert facts.get("page_reported_errors", []) == [], "errors the page reported"
    assert facts["failed_requests"] == [], "failed requests"
    assert facts["foreign_requests"] == [], "requests to other origins"
    assert server.errors() == [], "the server answered with an error"


def check_fieldsets(boxes):
    """The settings look the same in every engine: legends centred on their
    box, and as much space below the content of a box with a legend as
    below the one without."""
    assert len(boxes) >= 2 and any(b["legendOffCentre"] is None for b in boxes), boxes
    assert [b["legendOffCentre"] for b in boxes if b["legendOffCentre"] is not None and abs(b["legendOffCentre"]) > 2] == [], (
        f"a legend is not centred: {boxes}")
    below = {b["spaceBelow"] for b in boxes}
    assert max(below) - min(below) <= 2, f"the boxes have different space below their content: {boxes}"


def test_chromium_lays_out_the_settings_like_the_others(browser, site, open_game):
    # The same check as the Firefox and WebKit smoke make, in Chromium.
    page = browser.new_page()
    try:
        page = open_game(page, site.game_url())
        check_fieldsets(page.evaluate(f"({PAGE}).fieldsets()"))
    finally:
        page.close()


def known_console_error(name, message):
    for known, why in KNOWN_CONSOLE_ERRORS.get(name, {}).items():
        if message.endswith(known):
            warnings.warn(f"{name}: known console error ({why}): {known}")
            return True
    return False


# --- Firefox ------------------------------------------------------------------------

def test_firefox_smoke(smoke_server, groups, tmp_path):
    require(FIREFOX)
    node = shutil.which("node")
    assert node, "node is needed for the build as well"
    env = {**isolated_env(tmp_path), "SMOKE_BOOT_MS": str(BOOT_S * 1000), "SMOKE_STEP_MS": str(STEP_S * 1000)}
    proc = subprocess.Popen([node, str(ROOT / "e2e" / "firefox_smoke.mjs"), smoke_server.url + QUERY, FIREFOX],
                            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    groups.add(proc)
    lines, stderr = queue.Queue(), []
    readers = [threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout] + [lines.put(None)],
                                daemon=True),
               threading.Thread(target=lambda: stderr.extend(proc.stderr), daemon=True)]
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + SMOKE_S
    steps, facts, error = [], None, None
    while facts is None and error is None:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            error = f"the smoke took more than {SMOKE_S} s"
            break
        if line is None:
            error = f"the smoke ended without a result (exit code {proc.poll()})"
            break
        message = json.loads(line)
        steps.append(message)
        if message.get("need") == "offline":
            smoke_server.stop()
            proc.stdin.write("offline\n")
            proc.stdin.flush()
        facts = message.get("facts") if "error" not in message else None
        error = message.get("error", error)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        pass
    left = end_group(proc.pid)  # Firefox, if Node left it behind
    for reader in readers:
        reader.join(timeout=10)
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        try:
            pipe.close()
        except OSError:
            pass
    assert left == [], "Firefox outlived its smoke"
    if error:
        tail = "".join(stderr)[-3000:]
        pytest.fail(f"Firefox smoke: {error}\nsteps: {json.dumps(steps)[-3000:]}\nstderr: {tail}")
    check_smoke("firefox", facts, smoke_server)


# --- WebKit -------------------------------------------------------------------------

class WebKitSmoke:
    """The scenario of firefox_smoke.mjs, through Selenium."""

    def __init__(self, driver, url):
        self.driver, self.url = driver, url
        self.facts = {"browser": f"webkitgtk/{driver.capabilities.get('browserVersion')}", "boots": [],
                      "console_errors": [], "page_errors": [], "page_reported_errors": [], "failed_requests": [], "foreign_requests": []}

    def say(self, what):
        """Progress, for the log pytest shows when the test fails."""
        print(f"{time.strftime('%H:%M:%S')} webkit: {what}", flush=True)

    def call(self, name, *args):
        return self.driver.execute_script(f"return ({PAGE}).{name}(...arguments)", *args)

    def until(self, what, test, timeout=STEP_S):
        deadline = time.monotonic() + timeout
        state = None
        while True:
            try:
                state = self.call("state")
                if test(state):
                    return state
            except Exception as error:  # a navigation under way: ask again
                state = {"unreadable": str(error)[:300]}
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; last state: {state}")
            time.sleep(0.1)

    def steady_point(self, selector):
        """A point of selector's element once its box has stood still for 150 ms."""
        deadline = time.monotonic() + STEP_S
        before = self.call("point", selector)
        while True:
            time.sleep(0.15)
            now = self.call("point", selector)
            if now and now == before:
                return now
            if time.monotonic() > deadline:  # a wait that gives up, as until() does
                raise AssertionError(f"nothing of {selector} can be clicked: {now}")
            before = now

    def act(self, selector, what, done):
        """Click selector's element once, as a person would, when the click
        counts: the page idle (html[data-running="0"]: no opponent's card on
        its way, whose re-render could move the element from under the point
        between the hit test and the click) and its box standing still; then
        wait until done(state). A click that changes nothing fails the smoke:
        it is never made again."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        self.until(f"the page idle before {what}", lambda s: s["running"] == "0" and s["synced"])
        point = self.steady_point(selector)
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(point["x"], point["y"])
        actions.pointer_action.click()
        actions.perform()
        try:
            return self.until(what, lambda s: s["synced"] and done(s))
        except AssertionError as error:
            raise AssertionError(f"the click at {point['x']},{point['y']} changed nothing: {error}") from None

    def boot(self, what):
        started = time.monotonic()
        self.driver.get(self.url)
        state = self.until("html[data-ready]", lambda s: s["ready"] or s["bootError"], BOOT_S)
        assert not state["bootError"], f"boot failed: data-boot-error={state['bootError']}"
        self.call("listen")
        self.facts["boots"].append({"what": what, "ms": round((time.monotonic() - started) * 1000),
                                    "snapshot": state["snapshot"], "preload": state["preload"],
                                    "compiledAhead": state["compiledAhead"], "lock": state["lock"]})
        self.say(f"booted ({what}): {self.facts['boots'][-1]}")
        return state

    def collect_page_errors(self, when):
        self.facts["page_reported_errors"] += [f"{when}: {e}" for e in self.call("state")["errors"]]

    def run(self, go_offline):
        f = self.facts
        same = lambda s: {"phase": s["phase"], "hand": s["hand"], "save": s["save"]}  # noqa: E731
        state = self.boot("first visit")
        f["start_phase"] = state["phase"]
        f["fieldsets"] = self.call("fieldsets")
        state = self.act('[data-action="new-game"]', "the pass",
                         lambda s: s["phase"] == "pass" and len(s["hand"]) == 13)
        f["passed"] = state["hand"][:3]
        self.say(f"passing {f['passed']}")
        for card in f["passed"]:
            self.act(f'button[data-card="{card}"]', f"{card} picked", lambda s: card in s["picked"])
        state = self.act('[data-action="confirm-pass"]', "play after the pass", lambda s: s["phase"] != "pass")
        f["after_pass_phase"] = state["phase"]
        f["played"] = []
        for _ in range(200):
            state = self.until("a legal card or the hand's end", lambda s: s["phase"] in ("hand-end", "game-end")
                               or (s["phase"] == "play" and s["legal"]))
            if state["phase"] != "play":
                break
            card = state["legal"][0]
            self.act(f'button[data-card="{card}"]', f"{card} played", lambda s: card not in s["hand"])
            f["played"].append(card)
        f["hand_end"] = same(state)
        self.say(f"played {len(f['played'])} cards: {state['phase']}")
        self.collect_page_errors("first visit")
        f["snapshot_made"] = self.until("html[data-snapshot-made]", lambda s: s["snapshotMade"], BOOT_S)["snapshotMade"]

        self.boot("reload")
        state = self.until("the saved game", lambda s: s["phase"] == f["hand_end"]["phase"])
        f["resumed"] = same(state)
        state = self.act('[data-action="continue"]', "the next hand's pass",
                         lambda s: s["phase"] == "pass" and len(s["hand"]) == 13)
        f["next_hand"] = same(state)
        self.say("resumed; the next hand is dealt")
        self.collect_page_errors("reload")

        state = self.until('html[data-sw="controlled"]', lambda s: s["sw"] == "controlled", BOOT_S)
        f["sw"] = state["sw"]
        self.say("offline")
        go_offline()
        self.boot("offline")
        state = self.until("the saved game, offline", lambda s: s["phase"] == f["next_hand"]["phase"])
        f["offline"] = same(state)
        f["offline_sw"] = self.until("the worker, offline", lambda s: s["sw"] == "controlled")["sw"]
        self.collect_page_errors("offline")
        return f


def webkit_driver(display, tmp_path, groups, log):
    return _webkit_driver(isolated_env(tmp_path, display), log, groups, BOOT_S, STEP_S)


@pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")  # Selenium's own call
def test_webkit_smoke(smoke_server, display, groups, tmp_path):
    require(WEBKIT_DRIVER, MINIBROWSER)
    log = open(tmp_path / "webkitwebdriver.log", "w")
    driver = None
    # Whatever hangs (a call to the driver has no timeout of its own), the
    # smoke ends: ending the driver's processes makes the pending call fail.
    fired = []
    watchdog = threading.Timer(SMOKE_S, lambda: fired.append(groups.end()))
    watchdog.daemon = True
    watchdog.start()
    try:
        driver = webkit_driver(display.name, tmp_path, groups, log)
        facts = WebKitSmoke(driver, smoke_server.url + QUERY).run(go_offline=smoke_server.stop)
    except Exception:
        if fired:
            pytest.fail(f"the WebKit smoke took more than {SMOKE_S} s: its processes were ended")
        raise
    finally:
        watchdog.cancel()
        if driver is not None:
            try:
                driver.quit()
            except Exception:
                pass
        log.close()
    check_smoke("webkit", facts, smoke_server)


# "[url:line:col: ]CONSOLE [SOURCE ]LEVEL message": SOURCE is JS, SECURITY,
# OTHER, ... and missing for the page's own console.error().
CONSOLE_LINE = re.compile(r"CONSOLE (?:(\w+) )??(LOG|INFO|WARN|ERROR|DEBUG) (.*)")


def test_webkit_boots_without_console_errors(smoke_server, display, groups, tmp_path):
    # A plain MiniBrowser, not private (automation's sessions are), writes
    # the page's console to stdout. It cannot be asked whether the page is
    # ready: boot.js registers the service worker once html[data-ready] is
    # set, so the server's answer for sw.js says it is.
    require(MINIBROWSER)
    # Its stdout is a terminal, so that it writes each line at once (into a
    # file it would buffer them, and lose them when it is ended).
    master, slave = os.openpty()
    chunks = []

    def read():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        proc = subprocess.Popen([MINIBROWSER, "--enable-write-console-messages-to-stdout=true",
                                 smoke_server.url + QUERY], env=isolated_env(tmp_path, display.name),
                                stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, start_new_session=True)
        groups.add(proc)
        os.close(slave)
        slave = None
        deadline = time.monotonic() + BOOT_S
        while time.monotonic() < deadline and ("/sw.js", 200) not in smoke_server.log and proc.poll() is None:
            time.sleep(0.2)
        ready = ("/sw.js", 200) in smoke_server.log
        xvfb = "running" if display.proc.poll() is None else f"ended ({display.proc.returncode})"
        time.sleep(4)  # what the page prints as it settles (WebKit checks preloads 3 s after load)
        left = end_group(proc.pid)
        proc.wait(timeout=5)
    finally:
        if slave is not None:
            os.close(slave)
        reader.join(timeout=5)
        os.close(master)
    assert left == []
    text = b"".join(chunks).decode(errors="replace")
    (tmp_path / "minibrowser.out").write_text(text)
    assert ready, (f"WebKit did not become ready in {BOOT_S} s (MiniBrowser exit code {proc.returncode}, "
                   f"Xvfb {xvfb}: {display.log.read_text()[-500:]}):\n{text[-3000:]}")
    messages = [m.groups() for m in map(CONSOLE_LINE.search, text.splitlines()) if m]
    assert messages, f"no console output: is the console still written to stdout?\n{text[-3000:]}"
    errors = [f"{source or 'page'} {level}: {message}" for source, level, message in messages
              if level == "ERROR" and not known_console_error("webkit", message)]
    assert errors == [], "console errors"
    # Nor a warning: WebKit's own (a CSP directive it does not know, a
    # preload not used in time) or the page's (boot.js: Python starting
    # without its snapshot).
    warnings_ = [f"{source or 'page'} {level}: {message}" for source, level, message in messages if level == "WARN"]
    assert warnings_ == [], "console warnings"
    assert smoke_server.errors() == []
