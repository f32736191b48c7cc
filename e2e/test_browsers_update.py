"""Issue 26's update and storage behaviour in Firefox ESR and in WebKitGTK
(e2e/test_new_version.py tests it in Chromium): one boot and one deploy each;
and before that deploy, issue 47's snapshot and deploy scenarios
(e2e/test_browser_snapshot.py and e2e/test_bad_deploy.py in Chromium): the
browser's own snapshot damaged, then a deploy whose app.zip the host
answers with an HTML page, a reload after each (Scenario.damaged).

A game is open in the middle of a hand when a new build is "deployed" (the
server starts answering build/precache.js and build/boot-i18n.json with
changed copies: another version, another boot title), and the page asks its
registration to look (registration.update(), what assets/updates.js does
when the tab is shown again; else the browser would wait up to an hour).
Then:
- the page is told: html[data-update="ready"] and [data-notice="update"];
- nothing switches mid-hand: the same page (a marker set on window stays),
  the same phase and cards, the old worker still serving the old build;
- Update now reloads into the new version (its worker serves the new boot
  title), the game kept (the same phase and hand).
And storage: after the first New game the page asked for persistent
storage; the menu shows [data-persist] with what the browser answered, and
where the browser never answers (Firefox's persist() waits for a prompt no
one sees under automation) the game plays on regardless. What each browser
answered goes to build/smoke/<browser>-update.json.

Firefox runs through puppeteer-core over WebDriver BiDi (e2e/firefox_driver.mjs,
one request a line); WebKit through Selenium and WebKitWebDriver on an Xvfb
display, as in e2e/test_browsers.py, whose fixtures these tests share. The
clicks are the elements' own click() (this is about updates, not input:
the smoke clicks as a person would).
"""
import contextlib
import json
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from deploys import NEW_VERSION, new_title, redeployed
from test_bad_deploy import INSTALL, MAINTENANCE
from test_browsers import (BOOT_S, FACTS, FIREFOX, MINIBROWSER, PAGE, QUERY, STEP_S, WEBKIT_DRIVER, WebKitSmoke, display,  # noqa: F401
                           end_group, groups, isolated_env, require, smoke_server, webkit_driver)

ROOT = Path(__file__).resolve().parent.parent
INSTALL_S = 300  # a new worker's install: the whole site again, from a server that lets nothing be cached
PERSIST_S = 15   # how long the menu is given to show what the browser answered to persist()
SERVED_TITLE = "fetch('build/boot-i18n.json').then((r) => r.json()).then((j) => j.en.title)"
# The service worker's copy of this browser's snapshot with its last 2% of
# bytes zeroed (issue 47's attack); true if there was one.
ZERO_SNAPSHOT_TAIL = """(async () => {
  const cache = await caches.open((await caches.keys()).find((key) => key.startsWith("hearts ")));
  const url = new URL("build/local/pyodide-snapshot.bin", document.baseURI).href;
  const hit = await cache.match(url);
  if (!hit) return false;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  bytes.fill(0, Math.floor(bytes.length * 0.98));
  await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  return true;
})()"""


def deploy(server, folder):
    """A new build under the open game: the server answers two files with
    changed copies (another precache version and its records, another boot
    title)."""
    strings = new_title((ROOT / "build" / "boot-i18n.json").read_text(encoding="utf-8"))
    precache = redeployed((ROOT / "build" / "precache.js").read_text(encoding="utf-8"),
                          {"build/boot-i18n.json": strings})
    (folder / "precache.js").write_text(precache, encoding="utf-8")
    (folder / "boot-i18n.json").write_bytes(strings)
    server.swap["/build/precache.js"] = folder / "precache.js"
    server.swap["/build/boot-i18n.json"] = folder / "boot-i18n.json"


class Scenario:
    """The steps, over any driver: js(expression) evaluates in the page (a
    promise is awaited), goto(url) loads a page."""

    def __init__(self, name, js, goto, url):
        self.name, self.js, self.goto, self.url = name, js, goto, url
        self.facts = {"browser": name}

    def say(self, what):
        print(f"{time.strftime('%H:%M:%S')} {self.name}: {what}", flush=True)

    def state(self):
        return self.call("state")

    def call(self, name):
        return self.js(f"({PAGE}).{name}()")

    until = WebKitSmoke.until  # polls self.call("state") until test(state), or fails with the last state

    def attr(self, selector, name):
        return self.js(f"document.querySelector({json.dumps(selector)})?.getAttribute({json.dumps(name)}) ?? null")

    def click(self, selector, what, done):
        """selector's element clicked once the page is idle; then done(state)."""
        self.until(f"the page idle before {what}", lambda s: s["running"] == "0" and s["synced"])
        assert self.js(f"(() => {{ const b = document.querySelector({json.dumps(selector)});"
                       " if (!b) return false; b.click(); return true; })()"), f"{self.name}: no {selector}"
        return self.until(what, lambda s: s["synced"] and done(s))

    def run(self):
        f = self.facts
        self.goto(self.url)
        state = self.until("html[data-ready]", lambda s: s["ready"] or s["bootError"], BOOT_S)
        assert not state["bootError"], f"boot failed: {state['bootError']}"
        self.call("listen")  # the errors the page reports (WebDriver gives WebKit's console no way out)
        state = self.click('#app [data-action="new-game"]', "the pass",
                           lambda s: s["phase"] == "pass" and len(s["hand"]) == 13)
        # Storage: the first New game asked; the menu says what the browser answered.
        self.click('#app [data-action="menu"]', "the menu", lambda s: "close" in s["actions"])
        deadline = time.monotonic() + PERSIST_S
        while (persist := self.attr("#app [data-persist]", "data-persist")) is None and time.monotonic() < deadline:
            time.sleep(0.5)
        f["persist"] = persist
        f["storage_api"] = self.js("navigator.storage ? [typeof navigator.storage.persist, typeof navigator.storage.persisted]"
                                   " : 'no navigator.storage'")
        f["persisted_now"] = self.js("navigator.storage?.persisted ? navigator.storage.persisted() : 'none'")
        self.say(f"persist: menu {persist!r}, persisted() {f['persisted_now']!r}")
        self.click('#app [data-action="close"]', "the table", lambda s: s["phase"] == "pass")
        # A hand under way: three cards passed, one played.
        for card in state["hand"][:3]:
            self.click(f'#app button[data-card="{card}"]', f"{card} picked", lambda s, c=card: c in s["picked"])
        self.click('#app [data-action="confirm-pass"]', "the play", lambda s: s["phase"] == "play")
        state = self.until("a card to play", lambda s: s["phase"] == "play" and s["legal"] and s["running"] == "0")
        card = state["legal"][0]
        self.click(f'#app button[data-card="{card}"]', f"{card} played", lambda s: card not in s["hand"])
        f["before"] = self.until("the opponents' turn done", lambda s: s["running"] == "0" and s["legal"])
        f["sw"] = self.until('html[data-sw="controlled"]', lambda s: s["sw"] == "controlled", INSTALL_S)["sw"]
        f["offline"] = self.wait_attr("html", "data-offline", INSTALL_S)
        f["title_before"] = self.js(SERVED_TITLE)
        self.js("window.heartsSamePage = 1")
        return f

    def damaged(self, server, folder):
        """Issue 47 in this browser: its own snapshot damaged (the last 2% of
        its bytes zeroed), then a deploy whose app.zip the host answers with
        an HTML page; a reload after each plays on with the game kept, the
        snapshot dropped, the old version serving. Then the host is fixed."""
        f = self.facts
        f["snapshot_made"] = self.until("the browser's snapshot stored",
                                        lambda s: s["snapshotMade"] in ("stored", "failed"), INSTALL_S)["snapshotMade"]
        f["snapshot_damaged"] = self.js(ZERO_SNAPSHOT_TAIL)
        self.goto(self.url)
        f["after_snapshot"] = self.until("the boot without the snapshot", lambda s: s["ready"] or s["bootError"], BOOT_S)
        self.say(f"damaged snapshot: data-snapshot={f['after_snapshot']['snapshot']!r}")
        deploy(server, folder)
        page = folder / "maintenance.html"
        page.write_bytes(MAINTENANCE)
        server.swap["/build/app.zip"] = page
        f["bad_install"] = self.js(f"({INSTALL})()")
        self.say(f"a deploy with an HTML page for app.zip: its worker {f['bad_install']!r}")
        self.goto(self.url)
        f["after_bad_deploy"] = self.until("the boot after the bad deploy",
                                           lambda s: (s["ready"] and s["running"] == "0") or s["bootError"], BOOT_S)
        f["title_after_bad_deploy"] = self.js(SERVED_TITLE)
        del server.swap["/build/app.zip"]  # the host fixed
        self.js("window.heartsSamePage = 1")
        f["before_damage"], f["before"] = f["before"], self.state()  # (the deploy's checks start here)
        return f

    def wait_attr(self, selector, name, timeout):
        deadline = time.monotonic() + timeout
        while (value := self.attr(selector, name)) is None and time.monotonic() < deadline:
            time.sleep(0.5)
        return value

    def after_deploy(self):
        f = self.facts
        f["update_call"] = self.js("navigator.serviceWorker.getRegistration().then((r) => r.update())"
                                   ".then(() => 'looked', (e) => String(e))")
        f["data_update"] = self.wait_attr("html", "data-update", INSTALL_S)
        f["notice"] = self.wait_attr('#app [data-notice="update"]', "data-notice", STEP_S)
        f["update_now_button"] = self.js(
            "document.querySelectorAll('#app [data-notice=\"update\"] [data-action=\"update-now\"]').length")
        f["waiting"] = self.js("navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))")
        f["same_page"] = self.js("window.heartsSamePage ?? null")
        f["told"] = self.state()
        f["title_told"] = self.js(SERVED_TITLE)
        self.say(f"told: data-update={f['data_update']!r} notice={f['notice']!r} waiting={f['waiting']}")
        f["page_errors"] = self.state()["errors"]
        if f["update_now_button"]:
            self.js("document.querySelector('#app [data-action=\"update-now\"]').click()")
            f["after"] = self.until("the new version, booted",
                                    lambda s: s["ready"] and s["phase"] == "play" and s["running"] == "0"
                                    and self.js("window.heartsSamePage ?? null") is None, BOOT_S)
            self.call("listen")
            f["title_after"] = self.js(SERVED_TITLE)
            f["caches"] = self.js("caches.keys()")
            f["notices_after"] = self.js("document.querySelectorAll('#app [data-notice]').length")
            f["data_update_after"] = self.attr("html", "data-update")
        return f


def check(facts):
    """What every browser must show (written down first, whatever fails)."""
    FACTS.mkdir(parents=True, exist_ok=True)
    (FACTS / f"{facts['browser']}-update.json").write_text(json.dumps(facts, indent=1), encoding="utf-8")
    before, told = facts["before"], facts["told"]
    assert facts["sw"] == "controlled" and facts["offline"] == "ready"
    assert facts["title_before"] == "Hearts"
    # issue 47: a damaged snapshot is dropped, the game plays on...
    assert facts["snapshot_made"] == "stored" and facts["snapshot_damaged"] is True
    snap = facts["after_snapshot"]
    assert not snap["bootError"] and snap["snapshot"] == "unused"
    first = facts["before_damage"]
    assert (snap["phase"], sorted(snap["hand"])) == (first["phase"], sorted(first["hand"]))
    # ...and a deploy answered with an HTML page never installs: the old version plays on
    assert facts["bad_install"] == "redundant"
    bad = facts["after_bad_deploy"]
    assert not bad["bootError"] and facts["title_after_bad_deploy"] == "Hearts"
    assert (bad["phase"], sorted(bad["hand"])) == (first["phase"], sorted(first["hand"]))
    # told...
    assert facts["update_call"] == "looked"
    assert facts["data_update"] == "ready" and facts["notice"] == "update" and facts["update_now_button"] == 1
    assert facts["waiting"] is True, "the new worker does not wait for the player"
    # ...never forced: the same page, the same hand, the old build served
    assert facts["same_page"] == 1, "the page reloaded by itself"
    assert (told["phase"], told["hand"], told["save"]) == (before["phase"], before["hand"], before["save"])
    assert facts["title_told"] == "Hearts", "the new build serves the open page before the player chose"
    # Update now: the new version, the game kept
    after = facts["after"]
    assert facts["title_after"] == "Hearts 2"
    assert facts["caches"] == [f"hearts / {NEW_VERSION}"]
    assert (after["phase"], sorted(after["hand"])) == (before["phase"], sorted(before["hand"]))
    saved_before, saved_after = json.loads(before["save"]), json.loads(after["save"])
    assert saved_after["hands"] == saved_before["hands"] and saved_after["rev"] >= saved_before["rev"]
    assert facts["notices_after"] == 0 and facts["data_update_after"] is None
    # storage: the menu says what the browser answered to the first New game's
    # persist(); a browser without the API is asked nothing and the menu says
    # nothing (hearts/app/versions.py); either way the game went on (a hand was
    # played, a version switched).
    if facts["storage_api"] == ["function", "function"]:
        assert facts["persist"] in ("granted", "denied"), "the menu does not say what the browser answered"
        assert facts["persisted_now"] is (facts["persist"] == "granted")
    else:
        assert facts["persist"] is None and facts["persisted_now"] == "none"


# --- Firefox ------------------------------------------------------------------------

class Firefox:
    """e2e/firefox_driver.mjs: one JSON request a line, one answer a line."""

    def __init__(self, groups, tmp_path):
        node = shutil.which("node")
        assert node, "node is needed for the build as well"
        self.proc = subprocess.Popen([node, str(ROOT / "e2e" / "firefox_driver.mjs"), FIREFOX], cwd=ROOT,
                                     env={**isolated_env(tmp_path), "DRIVER_TIMEOUT_MS": str(BOOT_S * 1000)},
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, start_new_session=True)
        groups.add(self.proc)
        self.lines, self.stderr = queue.Queue(), []
        threading.Thread(target=lambda: [self.lines.put(x) for x in self.proc.stdout] + [self.lines.put(None)],
                         daemon=True).start()
        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True).start()
        self.version = self.answer()["ready"]

    def answer(self):
        try:
            line = self.lines.get(timeout=BOOT_S + 30)
        except queue.Empty:
            raise AssertionError("Firefox's driver did not answer") from None
        assert line is not None, f"Firefox's driver ended: {''.join(self.stderr)[-2000:]}"
        message = json.loads(line)
        if "error" in message:
            raise RuntimeError(message["error"][:1000])
        return message

    def ask(self, **request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return self.answer()

    def js(self, expression):
        return self.ask(eval=expression)["value"]

    def goto(self, url):
        self.ask(goto=url)

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            pass
        return end_group(self.proc.pid)


def test_firefox_tells_a_new_version_and_asks_to_keep_storage(smoke_server, groups, tmp_path):
    require(FIREFOX)
    firefox = Firefox(groups, tmp_path)
    try:
        scenario = Scenario("firefox", firefox.js, firefox.goto, smoke_server.url + QUERY)
        scenario.facts["version"] = firefox.version
        scenario.run()
        scenario.damaged(smoke_server, tmp_path)  # (deploys, as below)
        scenario.after_deploy()
        scenario.facts["errors"] = scenario.facts["page_errors"] + firefox.ask(console=True)["value"]
    finally:
        left = firefox.close()
    assert left == [], "Firefox outlived its test"
    check(scenario.facts)
    assert scenario.facts["errors"] == []
    assert smoke_server.errors() == []


# --- WebKit -------------------------------------------------------------------------

@pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")  # Selenium's own call
def test_webkit_tells_a_new_version_and_asks_to_keep_storage(smoke_server, display, groups, tmp_path):
    require(WEBKIT_DRIVER, MINIBROWSER)
    with open(tmp_path / "webkitwebdriver.log", "w") as log:
        driver = webkit_driver(display.name, tmp_path, groups, log)
        try:
            js = lambda expression: driver.execute_script(f"return {expression}")  # noqa: E731 (a promise is awaited)
            scenario = Scenario("webkit", js, driver.get, smoke_server.url + QUERY)
            scenario.facts["version"] = driver.capabilities.get("browserVersion")
            scenario.run()
            scenario.damaged(smoke_server, tmp_path)  # (deploys, as below)
            scenario.after_deploy()
            scenario.facts["errors"] = scenario.facts["page_errors"] + scenario.state()["errors"]
        finally:
            with contextlib.suppress(Exception):  # the groups fixture ends what quit() leaves
                driver.quit()
    check(scenario.facts)
    assert scenario.facts["errors"] == []
    assert smoke_server.errors() == []
